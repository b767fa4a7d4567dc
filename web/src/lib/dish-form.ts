import { MEAL_CATEGORIES } from '@hostel/contracts';
import { z } from 'zod';

const required = (message: string) => z.string().trim().min(1, message);

/**
 * A dish's form as typed (Add Meal, Add Upcoming Meal): title, category, ingredients, description,
 * and the price typed as text and checked as a number of at least 0; each refusal in the form's own
 * words (`say`).
 */
export function dishFormSchema(say: { title: string; category: string; ingredients: string; description: string; price: string; negativePrice: string }) {
  return z.object({
    title: required(say.title),
    category: z.enum(MEAL_CATEGORIES, { error: say.category }),
    ingredients: required(say.ingredients),
    description: required(say.description),
    price: required(say.price)
      .refine((text) => Number.isFinite(Number(text)), say.price)
      .refine((text) => Number(text) >= 0, say.negativePrice),
  });
}

export type DishFormInput = z.input<ReturnType<typeof dishFormSchema>>;

/** The form before anything is typed (no category chosen). */
export const emptyDishForm: DishFormInput = { title: '', category: '' as DishFormInput['category'], ingredients: '', description: '', price: '' };
