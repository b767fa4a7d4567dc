import { zodResolver } from '@hookform/resolvers/zod';
import type { MealDto } from '@hostel/contracts';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { useNotice } from '@/components/ui/notice-dialog';
import { useUpdateMeal } from '../api/update-meal';

const SUCCESS_AUTO_CLOSE_MS = 1500;
const number = (name: string) =>
  z
    .string()
    .trim()
    .min(1, `${name} is required`)
    .refine((text) => Number.isFinite(Number(text)), `${name} is required`);

/** The Update modal's rules (SPEC section 5): all four required, rating 0 to 10 in steps of 0.1, price at least 0. */
const UpdateMealSchema = z.object({
  title: z.string().trim().min(1, 'Title is required'),
  distributorName: z.string().trim().min(1, 'Distributor name is required'),
  rating: number('Rating')
    .refine((text) => Number(text) >= 0 && Number(text) <= 10, 'Rating must be between 0 and 10')
    // Step 0.1: a rating has at most one decimal (7.25 is refused, not stored).
    .refine((text) => Math.abs(Number(text) * 10 - Math.round(Number(text) * 10)) < 1e-9, 'Rating must be in steps of 0.1'),
  price: number('Price').refine((text) => Number(text) >= 0, 'Price must be positive'),
});

function UpdateMealForm({ meal, onDone }: { meal: MealDto; onDone: () => void }) {
  const update = useUpdateMeal();
  const notice = useNotice();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(UpdateMealSchema),
    defaultValues: { title: meal.title, distributorName: meal.distributorName, rating: String(meal.rating), price: String(meal.price) },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: meal._id, update: { ...values, rating: Number(values.rating), price: Number(values.price) } });
      onDone();
      notice({ title: 'Success!', text: 'Meal updated successfully.', tone: 'success', autoCloseMs: SUCCESS_AUTO_CLOSE_MS });
    } catch {
      notice({ title: 'Error!', text: 'Failed to update meal.', tone: 'error' });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField id="update-title" label="Title" error={errors.title?.message}>
        <Input {...fieldAria('update-title', errors.title?.message)} {...register('title')} />
      </FormField>
      <FormField id="update-distributor" label="Distributor name" error={errors.distributorName?.message}>
        <Input {...fieldAria('update-distributor', errors.distributorName?.message)} {...register('distributorName')} />
      </FormField>
      <FormField id="update-rating" label="Rating (0 to 10)" error={errors.rating?.message}>
        <Input type="number" step="0.1" min="0" max="10" inputMode="decimal" {...fieldAria('update-rating', errors.rating?.message)} {...register('rating')} />
      </FormField>
      <FormField id="update-price" label="Price ($)" error={errors.price?.message}>
        <Input type="number" step="0.01" min="0" inputMode="decimal" {...fieldAria('update-price', errors.price?.message)} {...register('price')} />
      </FormField>
      <Button type="submit" disabled={update.isPending} aria-busy={update.isPending}>
        {update.isPending ? 'Updating...' : 'Update'}
      </Button>
    </form>
  );
}

/** Edits a meal's title, distributor, rating and price; opens filled with the meal as it is. */
export function UpdateMealDialog({ meal, onClose }: { meal: MealDto | null; onClose: () => void }) {
  return (
    <Modal open={meal !== null} onOpenChange={(open) => !open && onClose()} title={meal ? `Update ${meal.title}` : 'Update meal'}>
      {meal ? <UpdateMealForm key={meal._id} meal={meal} onDone={onClose} /> : null}
    </Modal>
  );
}
