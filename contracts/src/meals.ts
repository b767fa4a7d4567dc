import { z } from 'zod';
import { ALL_MEALS_PAGE_SIZE, DASHBOARD_PAGE_SIZE, MEAL_CATEGORIES } from './constants';
import { dishShape } from './events';
import { listQuery, longText, queryNumber, text } from './text';

/** What a form says when a dish's field is missing: the Add Meal and Add Upcoming Meal forms word it differently. */
export interface DishTexts {
  title: string;
  category: string;
  image: string;
  ingredients: string;
  description: string;
  price: string;
}

/**
 * The fields describing a dish, validated with a form's own texts. Ingredients arrive as an array or as
 * comma-separated text and are kept as a trimmed array; an image is a URL of our own media endpoint or,
 * where the operator allows its host, an https URL.
 * The price is a JSON number, as the forms send it: never null, a boolean or '' (z.coerce made those 0 or 1).
 */
export function dishFields(texts: DishTexts) {
  return {
    title: text('Title', { error: texts.title }).trim().min(1, texts.title).max(200, 'Title is too long'),
    category: z.enum(MEAL_CATEGORIES, { error: texts.category }),
    // Our own upload's URL, or an absolute URL: the command side takes those of the hosts the operator listed (IMAGE_URL_HOSTS).
    image: text('Image', { error: texts.image })
      .trim()
      .max(2048, 'The image address is too long')
      .regex(/^(\/api\/media\/[0-9a-f-]{36}|https?:\/\/[^\s]+)$/, texts.image),
    ingredients: z
      .union(
        [
          z.array(text('Ingredients').max(200, 'An ingredient is too long')).max(100, 'Too many ingredients'),
          text('Ingredients').max(5000, 'Ingredients are too long'),
        ],
        {
          // The branch the input's type chose says what is wrong with it (a control character, say); a wrong type is 'required'.
          error: (issue) => {
            if (issue.code !== 'invalid_union') return undefined;
            const chosen = issue.errors[Array.isArray(issue.input) ? 0 : typeof issue.input === 'string' ? 1 : -1]?.[0];
            return chosen && chosen.code !== 'invalid_type' ? chosen.message : texts.ingredients;
          },
        },
      )
      .transform((value) => (typeof value === 'string' ? value.split(',') : value).map((item) => item.trim()).filter(Boolean))
      .refine((list) => list.length > 0, texts.ingredients),
    description: longText('Description', { error: texts.description }).trim().min(1, texts.description).max(5000, 'Description is too long'),
    price: z
      .number({ error: texts.price })
      .min(0, 'Price must be positive')
      .max(100_000, 'Price is too high')
      .transform((value) => Math.round(value * 100) / 100),
  };
}

const { title, category, image, ingredients, description, price } = dishFields({
  title: 'Title is required',
  category: 'Category is required',
  image: 'Please upload an image before submitting',
  ingredients: 'Ingredients are required',
  description: 'Description is required',
  price: 'Price is required',
});
const rating = z.number({ error: 'Rating is required' }).min(0, 'Rating must be between 0 and 10').max(10, 'Rating must be between 0 and 10');
const distributorName = text('Distributor name', { error: 'Distributor name is required' })
  .trim()
  .min(1, 'Distributor name is required')
  .max(100, 'Distributor name is too long');

/** `POST /api/meals`. The server sets postTime, distributor, rating and counts (the spec's client sends them; they are ignored). */
export const AddMealBody = z.object({ title, category, image, ingredients, description, price });
export type AddMealBody = z.infer<typeof AddMealBody>;

/** `PUT /api/meals/{id}`: the Update modal, all required. */
export const ReplaceMealBody = z.object({ title, distributorName, rating, price });
export type ReplaceMealBody = z.infer<typeof ReplaceMealBody>;

/**
 * `PATCH /api/meals/{id}`: any editable field (admins), or only counts. Likes and review counts are
 * the server's own: the spec's client sends `{reviewCount}` after each review, and such a count-only
 * body (from anyone signed in) changes nothing and is answered with the true counts. Counts beside an
 * edit are refused, so an admin never thinks they set them.
 */
const COUNTS = ['likes', 'reviews_count', 'reviewCount'] as const;
const count = z.number({ error: 'A count must be a number' }).optional();
export const PatchMealBody = z
  .object({ title, category, image, ingredients, description, price, distributorName, rating })
  .partial()
  .extend({ likes: count, reviews_count: count, reviewCount: count })
  .superRefine((body, context) => {
    const counts = COUNTS.filter((name) => body[name] !== undefined);
    const edits = Object.entries(body).some(([name, value]) => value !== undefined && !(COUNTS as readonly string[]).includes(name));
    if (edits && counts.length > 0)
      context.addIssue({ code: 'custom', path: [counts[0]!], message: 'Likes and review counts are kept by the server and cannot be changed' });
    if (!edits && counts.length === 0) context.addIssue({ code: 'custom', path: [], message: 'Nothing to update' });
  });
export type PatchMealBody = z.infer<typeof PatchMealBody>;

export const AddReviewBody = z.object({
  mealId: z.uuid({ error: 'Meal ID not found.' }),
  review: longText('Review', { error: 'Please enter a review before submitting.' })
    .trim()
    .min(1, 'Please enter a review before submitting.')
    .max(2000, 'Review is too long'),
});
export type AddReviewBody = z.infer<typeof AddReviewBody>;

export const MealsQuery = listQuery(
  {
    category: z.enum([...MEAL_CATEGORIES, 'All']).optional(),
    search: text('search').trim().max(200, 'search is too long').optional(),
    priceMin: queryNumber('priceMin').pipe(z.number().max(100_000, 'priceMin is too large')).optional(),
    priceMax: queryNumber('priceMax').pipe(z.number().max(100_000, 'priceMax is too large')).optional(),
    distributorEmail: text('distributorEmail').trim().toLowerCase().max(254, 'distributorEmail is too long').optional(),
    sort: z.enum(['likes', 'reviews_count']).optional(),
  },
  ALL_MEALS_PAGE_SIZE,
);
export type MealsQuery = z.infer<typeof MealsQuery>;

/** A meal as every screen reads it (SPEC section 3): both spellings of the review count. */
export const MealDto = z.object({
  _id: z.string(),
  ...dishShape,
  postTime: z.string(),
  distributorEmail: z.string(),
  rating: z.number(),
  likes: z.number(),
  reviews_count: z.number(),
  reviewCount: z.number(),
  /** Whether the caller has liked it (false for visitors). */
  likedByMe: z.boolean(),
});
export type MealDto = z.infer<typeof MealDto>;

/**
 * `GET /api/reviews/{mealId}`: a meal's reviews ({@link MealReviewDto}), all of them unless a page is
 * asked for. Public: a reviewer's email goes only to admins and to the reviewer.
 */
export const MealReviewsParams = z.object({ mealId: z.uuid('Meal not found') });
export const MealReviewsQuery = listQuery({}, 100);

/** `GET /api/reviews`: every review, or one author's (`userEmail`). */
export const ReviewsQuery = listQuery({ userEmail: text('userEmail').trim().toLowerCase().max(254, 'userEmail is too long').optional() }, DASHBOARD_PAGE_SIZE);

export const ReviewDto = z.object({
  _id: z.string(),
  mealId: z.string(),
  mealTitle: z.string(),
  distributorName: z.string(),
  userEmail: z.string(),
  userName: z.string(),
  review: z.string(),
  createdAt: z.string(),
  /** The meal's current counts, for the dashboard review tables. */
  mealLikes: z.number(),
  mealReviewCount: z.number(),
});
export type ReviewDto = z.infer<typeof ReviewDto>;

/** A review on a meal's page: `userEmail` only for an admin and for the review's own author, never a visitor. */
export const MealReviewDto = ReviewDto.extend({ userEmail: z.string().optional() });
export type MealReviewDto = z.infer<typeof MealReviewDto>;

/** `PATCH /api/meals/{id}`: an edit's answer, or, for a count-only body, the meal's true counts (nothing changed). */
export const PatchMealAnswer = z.object({
  message: z.string(),
  position: z.string().optional(),
  likes: z.number().optional(),
  reviews_count: z.number().optional(),
  reviewCount: z.number().optional(),
});
export type PatchMealAnswer = z.infer<typeof PatchMealAnswer>;

/** `PATCH /api/meals/{id}/like`: whether this call added the like (false: it was there already). */
export const MealLikeAnswer = z.object({ liked: z.boolean(), message: z.string(), position: z.string().optional() });
export type MealLikeAnswer = z.infer<typeof MealLikeAnswer>;

/** `POST /api/uploads` (201): where the cleaned image is served from, for a meal's or a profile's `image`/`photo`. */
export const UploadAnswer = z.object({ url: z.string() });
export type UploadAnswer = z.infer<typeof UploadAnswer>;

/** `GET /api/media/{id}`: the image itself (WebP, JPEG or PNG bytes), cached for good. */
export const ImageBytes = z.unknown().describe('The image bytes');
