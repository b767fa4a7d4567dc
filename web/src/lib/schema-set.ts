/** What `loadSchemas` answers: only imported dynamically (see schemas.ts). */
import { MealReviewDto } from '@hostel/contracts';
import { z } from 'zod';

export {
  AuthAnswer,
  CommandAnswer,
  CreatedAnswer,
  ErrorAnswer,
  MealDto,
  MealLikeAnswer,
  MealRequestAnswer,
  MealRequestDto,
  MealReviewDto,
  NewsletterSubscribeBody,
  UserDto,
} from '@hostel/contracts';
/** `GET /api/reviews/{mealId}`'s answer. */
export const MealReviewList = z.array(MealReviewDto);
