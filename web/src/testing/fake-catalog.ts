import type { MealDto, ReviewDto } from '@hostel/contracts';
import { json, type RecordedRequest, type startFakeServer } from './fake-server';

type FakeServer = ReturnType<typeof startFakeServer>;

export function makeMeal(overrides: Partial<MealDto> & Pick<MealDto, 'title'>): MealDto {
  const _id = overrides._id ?? crypto.randomUUID();
  return {
    _id,
    category: 'Breakfast',
    image: `/api/media/${_id}`,
    ingredients: ['eggs', 'toast'],
    description: 'A warm plate',
    price: 5,
    postTime: '2026-11-20T08:00:00.000Z',
    distributorName: 'Chef Ana',
    distributorEmail: 'ana@hostel.test',
    rating: 4.5,
    likes: 0,
    reviews_count: 0,
    reviewCount: 0,
    likedByMe: false,
    ...overrides,
  };
}

/**
 * The catalogue endpoints over in-memory meals and reviews, answered like the read and command
 * APIs do (filters, paging with X-Total-Count, one like per caller, reviews raising the count).
 */
export function serveCatalog(server: FakeServer, { meals, reviews = [] }: { meals: MealDto[]; reviews?: ReviewDto[] }) {
  const state = { meals: meals.map((meal) => ({ ...meal })), reviews: reviews.map((review) => ({ ...review })) };
  const signedIn = (request: RecordedRequest) => request.headers.has('authorization');

  server.override((request) => {
    const { method, path, query } = request;
    if (method === 'GET' && path === '/api/meals') {
      const category = query.get('category');
      const search = query.get('search')?.toLowerCase();
      const distributor = query.get('distributorEmail');
      const [min, max] = [query.get('priceMin'), query.get('priceMax')].map((value) => (value === null ? undefined : Number(value)));
      const matching = state.meals.filter(
        (meal) =>
          (!category || category === 'All' || meal.category === category) &&
          (!distributor || meal.distributorEmail === distributor) &&
          (!search || `${meal.title} ${meal.description} ${meal.ingredients.join(' ')}`.toLowerCase().includes(search)) &&
          (min === undefined || meal.price >= min) &&
          (max === undefined || meal.price <= max),
      );
      const skip = Number(query.get('skip') ?? 0);
      const limit = Number(query.get('limit') ?? 9);
      return json(200, matching.slice(skip, skip + limit), { 'x-total-count': String(matching.length) });
    }
    const like = /^\/api\/meals\/([^/]+)\/like$/.exec(path);
    if (method === 'PATCH' && like) {
      if (!signedIn(request)) return json(401, { message: 'Sign in first' });
      const meal = state.meals.find((candidate) => candidate._id === like[1]);
      if (!meal) return json(404, { message: 'Meal not found' });
      const liked = !meal.likedByMe;
      if (liked) Object.assign(meal, { likes: meal.likes + 1, likedByMe: true });
      return json(200, { liked, message: liked ? 'Your like was recorded.' : 'You have already liked this meal.', position: '0/9' });
    }
    const one = /^\/api\/meals\/([^/]+)$/.exec(path);
    if (method === 'GET' && one) {
      const meal = state.meals.find((candidate) => candidate._id === one[1]);
      return meal ? json(200, meal) : json(404, { message: 'Meal not found' });
    }
    const ofMeal = /^\/api\/reviews\/([^/]+)$/.exec(path);
    if (method === 'GET' && ofMeal) return json(200, state.reviews.filter((review) => review.mealId === ofMeal[1]));
    if (method === 'POST' && path === '/api/reviews') {
      if (!signedIn(request)) return json(401, { message: 'Sign in first' });
      const body = request.body as { mealId: string; review: string };
      const meal = state.meals.find((candidate) => candidate._id === body.mealId);
      if (!meal) return json(404, { message: 'Meal not found' });
      meal.reviews_count += 1;
      meal.reviewCount += 1;
      const review: ReviewDto = {
        _id: crypto.randomUUID(),
        mealId: meal._id,
        mealTitle: meal.title,
        distributorName: meal.distributorName,
        userEmail: 'me@example.com',
        userName: 'Me',
        review: body.review,
        createdAt: new Date().toISOString(),
        mealLikes: meal.likes,
        mealReviewCount: meal.reviews_count,
      };
      state.reviews.unshift(review);
      return json(201, { _id: review._id, message: 'Review added!', position: '0/10' });
    }
    return undefined;
  });
  return state;
}
