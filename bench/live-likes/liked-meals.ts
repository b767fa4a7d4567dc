import { randomUUID } from 'node:crypto';
import { UPCOMING_PUBLISH_THRESHOLD } from '@hostel/contracts';
import type { productApi } from '../product-api';

/** Each upcoming meal takes fewer likes than the publication threshold, so the load is likes, not publications. */
export const LIKES_PER_MEAL = UPCOMING_PUBLISH_THRESHOLD - 1;

/**
 * What `likes` likes need: enough upcoming meals added by `admin` (`title` numbered from 0), and
 * LIKES_PER_MEAL members (`memberEmail(index)`) who bought Silver, the badge liking takes. Which
 * member likes which meal: likeOf.
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

/**
 * The like of index `n` among `meals` (mealsToLike's): meal `n % meals`, by member `floor(n / meals)`,
 * so each member likes each meal once and likes in a row go to different meals; one meal's next like
 * comes `meals` likes later (seconds, at the benchmarks' rates). Before, the like of index `n` was
 * member `n % LIKES_PER_MEAL`'s on meal `floor(n / LIKES_PER_MEAL)`: a meal's nine likes left 5 ms
 * apart at 200 a second, eight of them racing for its stream, and on a busy machine most of those
 * ran out of retries (409 'Someone else changed this at the same time'): 2,206 of 4,000 likes in
 * bench:campus' embedded run, which then measured contention on one stream, not the evening's pushes.
 */
export function likeOf(index: number, meals: number): { meal: number; member: number } {
  const member = Math.floor(index / meals);
  if (member >= LIKES_PER_MEAL) throw new Error(`like ${index}: ${meals} meals take ${meals * LIKES_PER_MEAL} likes`);
  return { meal: index % meals, member };
}
