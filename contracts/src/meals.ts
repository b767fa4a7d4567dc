import { z } from 'zod';
import { ALL_MEALS_PAGE_SIZE, MEAL_CATEGORIES } from './constants';

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
 * comma-separated text and are kept as a trimmed array; an image is a URL of our own media endpoint.
 */
export function dishFields(texts: DishTexts) {
  return {
    title: z.string({ error: texts.title }).trim().min(1, texts.title).max(200, 'Title is too long'),
    category: z.enum(MEAL_CATEGORIES, { error: texts.category }),
    image: z.string({ error: texts.image }).trim().regex(/^\/api\/media\/[0-9a-f-]{36}$/, texts.image),
    ingredients: z
      .union([z.array(z.string().max(200, 'An ingredient is too long')).max(100, 'Too many ingredients'), z.string().max(5000, 'Ingredients are too long')], {
        error: texts.ingredients,
      })
      .transform((value) => (typeof value === 'string' ? value.split(',') : value).map((item) => item.trim()).filter(Boolean))
      .refine((list) => list.length > 0, texts.ingredients),
    description: z.string({ error: texts.description }).trim().min(1, texts.description).max(5000, 'Description is too long'),
    price: z.coerce
      .number({ error: texts.price })
      .refine(Number.isFinite, texts.price)
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
const rating = z.coerce.number({ error: 'Rating is required' }).min(0, 'Rating must be between 0 and 10').max(10, 'Rating must be between 0 and 10');
const distributorName = z.string({ error: 'Distributor name is required' }).trim().min(1, 'Distributor name is required').max(100, 'Distributor name is too long');

/** `POST /api/meals`. The server sets postTime, distributor, rating and counts (the spec's client sends them; they are ignored). */
export const AddMealBody = z.object({ title, category, image, ingredients, description, price });
export type AddMealBody = z.infer<typeof AddMealBody>;

/** `PUT /api/meals/{id}`: the Update modal, all required. */
export const ReplaceMealBody = z.object({ title, distributorName, rating, price });
export type ReplaceMealBody = z.infer<typeof ReplaceMealBody>;

/** `PATCH /api/meals/{id}`: any editable field; likes and review counts are never client-writable. */
const serverKept = z.never({ error: 'Likes and review counts are kept by the server and cannot be changed' }).optional();
export const PatchMealBody = z
  .object({ title, category, image, ingredients, description, price, distributorName, rating })
  .partial()
  .extend({ likes: serverKept, reviews_count: serverKept, reviewCount: serverKept })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to update');
export type PatchMealBody = z.infer<typeof PatchMealBody>;

export const AddReviewBody = z.object({
  mealId: z.uuid({ error: 'Meal ID not found.' }),
  review: z.string({ error: 'Please enter a review before submitting.' }).trim().min(1, 'Please enter a review before submitting.').max(2000, 'Review is too long'),
});
export type AddReviewBody = z.infer<typeof AddReviewBody>;

export const MealsQuery = z.object({
  category: z.enum([...MEAL_CATEGORIES, 'All']).optional(),
  search: z.string().trim().max(200).optional(),
  priceMin: z.coerce.number().min(0).max(100_000).optional(),
  priceMax: z.coerce.number().min(0).max(100_000).optional(),
  distributorEmail: z.string().trim().toLowerCase().max(254).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(ALL_MEALS_PAGE_SIZE),
  sort: z.enum(['likes', 'reviews_count']).optional(),
});
export type MealsQuery = z.infer<typeof MealsQuery>;

/** A meal as every screen reads it (SPEC section 3): both spellings of the review count. */
export const MealDto = z.object({
  _id: z.string(),
  title: z.string(),
  category: z.enum(MEAL_CATEGORIES),
  image: z.string(),
  ingredients: z.array(z.string()),
  description: z.string(),
  price: z.number(),
  postTime: z.string(),
  distributorName: z.string(),
  distributorEmail: z.string(),
  rating: z.number(),
  likes: z.number(),
  reviews_count: z.number(),
  reviewCount: z.number(),
  /** Whether the caller has liked it (false for visitors). */
  likedByMe: z.boolean(),
});
export type MealDto = z.infer<typeof MealDto>;

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
