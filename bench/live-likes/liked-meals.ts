import { randomUUID } from 'node:crypto';
import { UPCOMING_PUBLISH_THRESHOLD } from '@hostel/contracts';
import type { productApi } from '../product-api';

/** Each upcoming meal takes fewer likes than the publication threshold, so the load is likes, not publications. */
export const LIKES_PER_MEAL = UPCOMING_PUBLISH_THRESHOLD - 1;

/**
 * What `likes` likes need: enough upcoming meals added by `admin` (`title` numbered from 0), and
 * LIKES_PER_MEAL members (`memberEmail(index)`) who bought Silver, the badge liking takes. The like
 * of index `n` is member `n % LIKES_PER_MEAL`'s on meal `floor(n / LIKES_PER_MEAL)`.
 */
export async function mealsToLike(
  api: ReturnType<typeof productApi>,
  admin: string,
  options: { likes: number; meal: { title: string; category: string; description: string }; memberEmail: (index: number) => string },
) {
  const image = await api.uploadImage(admin);
  const meals: string[] = [];
  for (let index = 0; index < Math.ceil(options.likes / LIKES_PER_MEAL); index++) {
    const { title, category, description } = options.meal;
    const meal = { title: `${title} ${index}`, category, image, ingredients: 'rice', description, price: 5 };
    meals.push((await api.call('POST', '/api/upcomingMeals', admin, meal))._id as string);
  }
  const members = await Promise.all(
    Array.from({ length: LIKES_PER_MEAL }, async (_, index) => {
      const email = options.memberEmail(index);
      const token = await api.register(email);
      await api.call('POST', '/payment', token, { package: 'Silver', stripeToken: 'tok_visa' }, { 'idempotency-key': randomUUID() });
      return { token, email };
    }),
  );
  return { meals, members };
}
