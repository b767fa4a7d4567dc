import { AddMealBody, type MealDto, type MealRequestDto, ReplaceMealBody, type ReviewDto, type UserDto } from '@hostel/contracts';
import { vi } from 'vitest';
import type { z } from 'zod';

/**
 * A stand-in for our API at the network boundary: `fetch` is replaced by a function that answers like
 * the server does (status codes, JSON bodies, X-Total-Count, the refresh cookie), over in-memory users.
 * Tests drive the real app (real QueryClient, session and API client) against it. It also keeps meals,
 * reviews and meal requests: the catalogue's filters, likes, reviews, requests and the admin's commands.
 */
export interface FakeUser extends UserDto {
  password: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Answer = Response | Promise<Response>;
type Override = (request: RecordedRequest) => Answer | undefined;

export function json(status: number, body?: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function makeUser(overrides: Partial<FakeUser> & Pick<FakeUser, 'name' | 'email'>): FakeUser {
  return { _id: `id-${overrides.email}`, photo: '', badge: null, role: 'user', password: 'secret123', ...overrides };
}

let mealsMade = 0;
/** A meal as the read API answers it; each one made is a minute older than the one before, so lists keep the order given. */
export function makeMeal(overrides: Partial<MealDto> & Pick<MealDto, 'title'>): MealDto {
  const _id = overrides._id ?? crypto.randomUUID();
  return {
    _id,
    category: 'Breakfast',
    image: `/api/media/${_id}`,
    ingredients: ['eggs', 'toast'],
    description: 'A warm plate',
    price: 5,
    postTime: new Date(Date.UTC(2026, 10, 20) - ++mealsMade * 60_000).toISOString(),
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

/** A review as `GET /api/reviews` answers it; the meal's counts are filled in from the meals on answering. */
export function makeReview(overrides: Partial<ReviewDto> & Pick<ReviewDto, 'mealId' | 'mealTitle' | 'userEmail'>): ReviewDto {
  return {
    _id: crypto.randomUUID(),
    distributorName: 'Chef Ana',
    userName: overrides.userEmail.split('@')[0] ?? 'Someone',
    review: 'Tasty.',
    createdAt: '2026-11-21T12:00:00.000Z',
    mealLikes: 0,
    mealReviewCount: 0,
    ...overrides,
  };
}

let requestsMade = 0;
/** A meal request as the read API answers it; each one made is a minute newer than the one before. */
export function makeMealRequest(overrides: Partial<MealRequestDto> & Pick<MealRequestDto, 'mealId' | 'mealTitle' | 'userEmail'>): MealRequestDto {
  return {
    _id: `${overrides.userEmail}.${++requestsMade}`,
    userName: overrides.userEmail.split('@')[0] ?? 'Someone',
    userBadge: null,
    distributorName: 'Chef Ana',
    status: 'Pending',
    requestTime: new Date(Date.UTC(2026, 10, 20) + requestsMade * 60_000).toISOString(),
    mealLikes: 0,
    mealReviewCount: 0,
    ...overrides,
  };
}

/** The first issue's message, as the server's validation answers 400 `{message}`. */
const invalid = (error: z.ZodError) => json(400, { message: error.issues[0]?.message ?? 'Invalid request' });

const publicUser = ({ password: _password, ...user }: FakeUser): UserDto => user;
const tokenFor = (user: FakeUser) => `token-${user._id}`;

export function startFakeServer({
  users = [],
  signedInAs,
  oidcEnabled = false,
  meals = [],
  reviews = [],
  mealRequests = [],
}: { users?: FakeUser[]; signedInAs?: string; oidcEnabled?: boolean; meals?: MealDto[]; reviews?: ReviewDto[]; mealRequests?: MealRequestDto[] } = {}) {
  const state = {
    users: users.map((user) => ({ ...user })),
    meals: meals.map((meal) => ({ ...meal })),
    reviews: reviews.map((review) => ({ ...review })),
    mealRequests: mealRequests.map((request) => ({ ...request })),
    /** URLs the upload endpoint handed out: like the server, a meal may only use a stored image. */
    images: new Set<string>(),
    /** Who the refresh cookie belongs to, if anyone. */
    cookieFor: signedInAs as string | undefined,
    position: 0,
    requests: [] as RecordedRequest[],
    overrides: [] as Override[],
  };

  const nextPosition = () => `0/${++state.position}`;
  const caller = (request: RecordedRequest) => {
    const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
    return state.users.find((user) => tokenFor(user) === token);
  };
  const authAnswer = (user: FakeUser, extra: object = {}) => ({ token: tokenFor(user), user: publicUser(user), ...extra });

  const route = (request: RecordedRequest): Answer => {
    const { method, path, query } = request;
    const body = (request.body ?? {}) as Record<string, string>;
    if (method === 'GET' && path === '/api/auth/config') return json(200, { oidc: { enabled: oidcEnabled } });
    if (method === 'POST' && path === '/api/auth/refresh') {
      const user = state.users.find((candidate) => candidate.email === state.cookieFor);
      return user ? json(200, authAnswer(user)) : json(401, { message: 'Not signed in' });
    }
    if (method === 'POST' && path === '/api/auth/logout') {
      state.cookieFor = undefined;
      return new Response(null, { status: 204 });
    }
    if (method === 'POST' && path === '/api/auth/login') {
      const user = state.users.find((candidate) => candidate.email === body.email);
      if (!user || user.password !== body.password) return json(401, { message: 'Invalid email or password' });
      state.cookieFor = user.email;
      return json(200, authAnswer(user));
    }
    if (method === 'POST' && path === '/api/auth/register') {
      if (state.users.some((candidate) => candidate.email === body.email)) {
        return json(409, { message: 'An account with this email already exists' });
      }
      const user = makeUser({ name: body.name ?? '', email: body.email ?? '', password: body.password ?? '' });
      state.users.push(user);
      state.cookieFor = user.email;
      return json(201, authAnswer(user, { position: nextPosition() }));
    }

    const me = caller(request);
    if (path.startsWith('/users') || path.startsWith('/api/users') || path === '/api/uploads') {
      if (!me) return json(401, { message: 'Sign in first' });
    }
    if (method === 'POST' && path === '/api/uploads') {
      state.images.add('/api/uploads/photo-1');
      return json(201, { url: '/api/uploads/photo-1' });
    }
    if (method === 'POST' && path === '/users' && me) {
      if (body.photo !== undefined) me.photo = body.photo;
      if (body.name !== undefined) me.name = body.name;
      return json(200, { user: publicUser(me), position: nextPosition() });
    }
    if (method === 'GET' && path === '/api/users') {
      const user = state.users.find((candidate) => candidate.email === query.get('email'));
      return user ? json(200, publicUser(user)) : json(404, { message: 'User not found' });
    }
    if (method === 'GET' && path === '/users') {
      if (me?.role !== 'admin') return json(403, { message: 'Admins only' });
      const search = (query.get('search') ?? '').toLowerCase();
      const matching = state.users.filter(
        (user) => user.name.toLowerCase().includes(search) || user.email.includes(search),
      );
      const skip = Number(query.get('skip') ?? 0);
      const limit = Number(query.get('limit') ?? 10);
      return json(200, matching.slice(skip, skip + limit).map(publicUser), { 'x-total-count': String(matching.length) });
    }
    const promote = /^\/users\/admin\/(.+)$/.exec(path);
    if (method === 'PATCH' && promote) {
      if (me?.role !== 'admin') return json(403, { message: 'Admins only' });
      const user = state.users.find((candidate) => candidate._id === decodeURIComponent(promote[1] ?? ''));
      if (!user) return json(404, { message: 'User not found' });
      user.role = 'admin';
      return json(200, { message: 'User promoted', position: nextPosition() });
    }
    const byEmail = /^\/users\/(.+)$/.exec(path);
    if (method === 'GET' && byEmail) {
      const email = decodeURIComponent(byEmail[1] ?? '');
      if (me?.email !== email && me?.role !== 'admin') return json(403, { message: 'Forbidden' });
      const user = state.users.find((candidate) => candidate.email === email);
      return user ? json(200, publicUser(user)) : json(404, { message: 'User not found' });
    }
    const catalog = routeCatalog(request, me) ?? routeMealRequests(request, me);
    if (catalog) return catalog;
    return json(404, { message: `No route ${method} ${path}` });
  };

  const paged = <T>(query: URLSearchParams, items: T[], defaultLimit: number) => {
    const skip = Number(query.get('skip') ?? 0);
    const limit = Number(query.get('limit') ?? defaultLimit);
    return json(200, items.slice(skip, skip + limit), { 'x-total-count': String(items.length) });
  };
  const byNewest = <T>(items: T[], time: (item: T) => string, id: (item: T) => string) =>
    [...items].sort((a, b) => time(b).localeCompare(time(a)) || id(b).localeCompare(id(a)));
  const withCounts = (review: ReviewDto): ReviewDto => {
    const meal = state.meals.find((candidate) => candidate._id === review.mealId);
    return { ...review, mealTitle: meal?.title ?? review.mealTitle, mealLikes: meal?.likes ?? 0, mealReviewCount: meal?.reviews_count ?? 0 };
  };

  /** Meals and reviews as the command and read APIs answer them (access rules, validation, paging). */
  const routeCatalog = (request: RecordedRequest, me: FakeUser | undefined): Answer | undefined => {
    const { method, path, query } = request;
    const mealId = /^\/api\/meals\/([^/]+)$/.exec(path)?.[1];
    const reviewId = /^\/api\/reviews\/([^/]+)$/.exec(path)?.[1];
    const adminOnly = () => (!me ? json(401, { message: 'Sign in first' }) : me.role !== 'admin' ? json(403, { message: 'Admins only' }) : undefined);

    if (method === 'GET' && path === '/api/meals') {
      const category = query.get('category');
      const search = query.get('search')?.toLowerCase();
      const distributor = query.get('distributorEmail');
      const [min, max] = [query.get('priceMin'), query.get('priceMax')].map((value) => (value === null ? undefined : Number(value)));
      const sort = query.get('sort') as 'likes' | 'reviews_count' | null;
      const newest = byNewest(state.meals, (meal) => meal.postTime, (meal) => meal._id).filter(
        (meal) =>
          (!category || category === 'All' || meal.category === category) &&
          (!search || `${meal.title} ${meal.description} ${meal.ingredients.join(' ')}`.toLowerCase().includes(search)) &&
          (!distributor || meal.distributorEmail === distributor) &&
          (min === undefined || meal.price >= min) &&
          (max === undefined || meal.price <= max),
      );
      // Array.prototype.sort is stable, so equal counts keep the newest-first order, as the server's tie-break does.
      return paged(query, sort ? newest.sort((a, b) => b[sort] - a[sort]) : newest, 9);
    }
    const like = /^\/api\/meals\/([^/]+)\/like$/.exec(path)?.[1];
    if (method === 'PATCH' && like) {
      if (!me) return json(401, { message: 'Sign in first' });
      const meal = state.meals.find((candidate) => candidate._id === decodeURIComponent(like));
      if (!meal) return json(404, { message: 'Meal not found' });
      const liked = !meal.likedByMe;
      if (liked) Object.assign(meal, { likes: meal.likes + 1, likedByMe: true });
      return json(200, { liked, message: liked ? 'Your like was recorded.' : 'You have already liked this meal.', position: nextPosition() });
    }
    if (method === 'GET' && mealId) {
      const meal = state.meals.find((candidate) => candidate._id === decodeURIComponent(mealId));
      return meal ? json(200, meal) : json(404, { message: 'Meal not found' });
    }
    if (method === 'POST' && path === '/api/meals') {
      const refused = adminOnly();
      if (refused || !me) return refused;
      const parsed = AddMealBody.omit({ image: true }).safeParse(request.body);
      if (!parsed.success) return invalid(parsed.error);
      const { image } = (request.body ?? {}) as { image?: string };
      if (!image || !state.images.has(image)) return json(400, { message: 'Please upload an image before submitting' });
      const meal: MealDto = {
        _id: crypto.randomUUID(),
        ...parsed.data,
        image,
        postTime: new Date().toISOString(),
        distributorName: me.name,
        distributorEmail: me.email,
        rating: 0,
        likes: 0,
        reviews_count: 0,
        reviewCount: 0,
        likedByMe: false,
      };
      state.meals.push(meal);
      return json(201, { _id: meal._id, message: 'Your meal has been successfully added.', position: nextPosition() });
    }
    if ((method === 'PUT' || method === 'DELETE') && mealId) {
      const refused = adminOnly();
      if (refused) return refused;
      const index = state.meals.findIndex((candidate) => candidate._id === decodeURIComponent(mealId));
      if (index < 0) return json(404, { message: 'Meal not found' });
      if (method === 'DELETE') {
        state.meals.splice(index, 1);
        return json(200, { message: 'Meal has been deleted.', position: nextPosition() });
      }
      const parsed = ReplaceMealBody.safeParse(request.body);
      if (!parsed.success) return invalid(parsed.error);
      Object.assign(state.meals[index]!, parsed.data);
      return json(200, { message: 'Meal updated successfully.', position: nextPosition() });
    }

    if (method === 'GET' && path === '/api/reviews') {
      if (!me) return json(401, { message: 'Sign in first' });
      const userEmail = query.get('userEmail')?.trim().toLowerCase() || undefined;
      if (me.role !== 'admin' && userEmail !== me.email.toLowerCase()) return json(403, { message: 'You can only see your own reviews' });
      const matching = state.reviews.filter((review) => !userEmail || review.userEmail.toLowerCase() === userEmail);
      return paged(query, byNewest(matching, (review) => review.createdAt, (review) => review._id).map(withCounts), 10);
    }
    if (method === 'POST' && path === '/api/reviews') {
      if (!me) return json(401, { message: 'Sign in first' });
      const body = request.body as { mealId: string; review: string };
      const meal = state.meals.find((candidate) => candidate._id === body.mealId);
      if (!meal) return json(404, { message: 'Meal not found' });
      Object.assign(meal, { reviews_count: meal.reviews_count + 1, reviewCount: meal.reviewCount + 1 });
      const review = makeReview({ mealId: meal._id, mealTitle: meal.title, userEmail: me.email, userName: me.name, review: body.review, createdAt: new Date().toISOString() });
      state.reviews.push(review);
      return json(201, { _id: review._id, message: 'Review added!', position: nextPosition() });
    }
    if (method === 'GET' && reviewId) {
      const ofMeal = state.reviews.filter((review) => review.mealId === decodeURIComponent(reviewId)).map(withCounts);
      return json(200, ofMeal, { 'x-total-count': String(ofMeal.length) });
    }
    if (method === 'DELETE' && reviewId) {
      if (!me) return json(401, { message: 'Sign in first' });
      const index = state.reviews.findIndex((candidate) => candidate._id === decodeURIComponent(reviewId));
      const review = state.reviews[index];
      if (!review) return json(404, { message: 'Review not found' });
      if (me.role !== 'admin' && review.userEmail.toLowerCase() !== me.email.toLowerCase()) return json(403, { message: 'You can only delete your own reviews' });
      state.reviews.splice(index, 1);
      const meal = state.meals.find((candidate) => candidate._id === review.mealId);
      if (meal) Object.assign(meal, { reviews_count: meal.reviews_count - 1, reviewCount: meal.reviewCount - 1 });
      return json(200, { message: 'Review has been deleted.', position: nextPosition() });
    }
    return undefined;
  };

  /** Meal requests as the command and read APIs answer them: owner or admin reads, bronze refused, one open request per meal. */
  const routeMealRequests = (request: RecordedRequest, me: FakeUser | undefined): Answer | undefined => {
    const { method, path, query } = request;
    const isRequests = path === '/api/mealRequests' || path.startsWith('/api/mealRequests/') || path.startsWith('/api/requestedMeals/');
    if (!isRequests) return undefined;
    if (!me) return json(401, { message: 'Sign in first' });
    const withCounts = (item: MealRequestDto): MealRequestDto => {
      const meal = state.meals.find((candidate) => candidate._id === item.mealId);
      return { ...item, mealLikes: meal?.likes ?? 0, mealReviewCount: meal?.reviews_count ?? 0 };
    };
    const newest = (items: MealRequestDto[]) => byNewest(items, (item) => item.requestTime, (item) => item._id).map(withCounts);
    if (method === 'GET' && path === '/api/mealRequests') {
      const userEmail = query.get('userEmail')?.trim().toLowerCase();
      if (me.role !== 'admin' && userEmail !== me.email.toLowerCase()) return json(403, { message: 'You can only see your own requests' });
      const mealId = query.get('mealId');
      return paged(query, newest(state.mealRequests.filter((item) => item.userEmail.toLowerCase() === userEmail && (!mealId || item.mealId === mealId))), 10);
    }
    if (method === 'GET' && path === '/api/requestedMeals/admin') {
      if (me.role !== 'admin') return json(403, { message: 'Admins only' });
      const search = (query.get('search') ?? '').toLowerCase();
      return paged(query, newest(state.mealRequests.filter((item) => item.userEmail.toLowerCase().includes(search) || item.userName.toLowerCase().includes(search))), 10);
    }
    if (method === 'POST' && path === '/api/mealRequests') {
      if (me.badge === 'bronze') return json(403, { message: 'You need to upgrade your membership to request meals.' });
      const meal = state.meals.find((candidate) => candidate._id === (request.body as { mealId?: string }).mealId);
      if (!meal) return json(404, { message: 'Meal not found' });
      if (state.mealRequests.some((item) => item.userEmail === me.email && item.mealId === meal._id && item.status === 'Pending')) {
        return json(409, { message: 'You have already requested this meal; your request is still pending.' });
      }
      const created = makeMealRequest({ mealId: meal._id, mealTitle: meal.title, userEmail: me.email, userName: me.name, userBadge: me.badge, distributorName: meal.distributorName });
      state.mealRequests.push(created);
      return json(201, { _id: created._id, message: 'Request is pending approval.', status: 'Pending', position: nextPosition() });
    }
    const cancelId = /^\/api\/mealRequests\/([^/]+)$/.exec(path)?.[1];
    const serveId = /^\/api\/requestedMeals\/([^/]+)\/serve$/.exec(path)?.[1];
    const found = state.mealRequests.find((item) => item._id === decodeURIComponent(cancelId ?? serveId ?? ''));
    if (method === 'DELETE' && cancelId) {
      if (!found) return json(404, { message: 'Request not found' });
      if (found.userEmail !== me.email) return json(403, { message: 'You can only cancel your own requests' });
      state.mealRequests.splice(state.mealRequests.indexOf(found), 1);
      return json(200, { message: 'Your meal request has been cancelled.', position: nextPosition() });
    }
    if (method === 'PATCH' && serveId) {
      if (me.role !== 'admin') return json(403, { message: 'Admins only' });
      if (!found) return json(404, { message: 'Request not found' });
      found.status = 'Delivered';
      return json(200, { message: 'Meal marked as Delivered!', status: 'Delivered', position: nextPosition() });
    }
    return undefined;
  };

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const rawBody = init.body;
    const request: RecordedRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof rawBody === 'string' ? JSON.parse(rawBody) : rawBody,
    };
    state.requests.push(request);
    for (const override of state.overrides) {
      const answer = override(request);
      if (answer) return answer;
    }
    return route(request);
  });
  vi.stubGlobal('fetch', fetchStub);

  return {
    state,
    /** Answers matching requests differently (first matching override wins), e.g. to fail or delay them. */
    override(handler: Override) {
      state.overrides.push(handler);
    },
    requests: (method: string, path: string) => state.requests.filter((r) => r.method === method && r.path === path),
  };
}
