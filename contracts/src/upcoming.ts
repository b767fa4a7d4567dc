import { z } from 'zod';
import { dishShape } from './events';
import { dishFields } from './meals';
import { listQuery } from './text';

/**
 * `POST /api/upcomingMeals` (admin), with the Add Upcoming Meal form's texts. Ingredients come as an
 * array or comma-separated text (split and trimmed). Likes, review count and rating start at 0 on the
 * server whatever the body says.
 */
export const AddUpcomingMealBody = z.object(
  dishFields({
    title: 'Title required',
    category: 'Category required',
    image: 'Please upload an image first.',
    ingredients: 'Ingredients required',
    description: 'Description required',
    price: 'Price required',
  }),
);
export type AddUpcomingMealBody = z.infer<typeof AddUpcomingMealBody>;

export const UpcomingMealsQuery = listQuery({ sort: z.enum(['likes']).optional() }, 100);

/**
 * An upcoming meal as its card and the admin table read it. Who liked it is never shown to others:
 * `likedByMe` says whether the caller did, and `likedUsers` holds at most the caller's own email.
 */
export const UpcomingMealDto = z.object({
  _id: z.string(),
  ...dishShape,
  distributorEmail: z.string(),
  date: z.string(),
  likes: z.number(),
  likedByMe: z.boolean(),
  likedUsers: z.array(z.string()),
  reviewCount: z.number(),
  rating: z.number(),
});
export type UpcomingMealDto = z.infer<typeof UpcomingMealDto>;

/** `PATCH /api/upcomingMeals/{id}/like`: the message contains 'published' exactly when this like published the meal. */
export const UpcomingLikeAnswer = z.object({ message: z.string(), likes: z.number(), published: z.boolean(), position: z.string().optional() });
export type UpcomingLikeAnswer = z.infer<typeof UpcomingLikeAnswer>;
