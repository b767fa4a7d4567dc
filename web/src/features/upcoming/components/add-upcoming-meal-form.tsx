import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CategorySelect } from '@/components/ui/category-select';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { ImageUploadField, useImageUpload } from '@/components/ui/image-upload-field';
import { Input } from '@/components/ui/input';
import { useNotice } from '@/components/ui/notice-dialog';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { dishFormSchema, emptyDishForm } from '@/lib/dish-form';
import { useManageUpcomingMeals } from '../api/upcoming-meals';

/** The Add Upcoming Meal rules of SPEC section 5, in its words. */
const UpcomingSchema = dishFormSchema({
  title: 'Title required',
  category: 'Category required',
  ingredients: 'Ingredients required',
  description: 'Description required',
  price: 'Price required',
  negativePrice: 'Price required',
});

/** The 'Add Upcoming Meal' form: image uploaded first, ingredients split on commas and trimmed. */
export function AddUpcomingMealForm({ onAdded }: { onAdded: () => void }) {
  const notice = useNotice();
  const { add } = useManageUpcomingMeals();
  const image = useImageUpload();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(UpcomingSchema), defaultValues: emptyDishForm });

  const onSubmit = handleSubmit(async (values) => {
    if (!image.url) return notice({ title: 'Oops', text: 'Please upload an image first.', tone: 'error' });
    try {
      const ingredients = values.ingredients
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      await add.mutateAsync({ ...values, ingredients, price: Number(values.price), image: image.url });
      notice({ title: 'Success', text: 'Upcoming meal added!', tone: 'success', autoCloseMs: 1500 });
      onAdded();
    } catch (error) {
      notice({ title: 'Error', text: error instanceof ApiError ? error.serverMessage || 'Failed to add meal' : 'Network or server error', tone: 'error' });
    }
  });

  const busy = image.upload.isPending || add.isPending;
  return (
    <form noValidate aria-label="Add Upcoming Meal" onSubmit={onSubmit} className="grid gap-3">
      <FormField id="upcoming-title" label="Title" error={errors.title?.message}>
        <Input {...fieldAria('upcoming-title', errors.title?.message)} {...register('title')} />
      </FormField>
      <FormField id="upcoming-category" label="Category" error={errors.category?.message}>
        <CategorySelect {...fieldAria('upcoming-category', errors.category?.message)} {...register('category')} />
      </FormField>
      <ImageUploadField id="upcoming-image" image={image} failedText="Image upload failed" />
      <FormField id="upcoming-ingredients" label="Ingredients (comma-separated)" error={errors.ingredients?.message}>
        <Input {...fieldAria('upcoming-ingredients', errors.ingredients?.message)} {...register('ingredients')} />
      </FormField>
      <FormField id="upcoming-description" label="Description" error={errors.description?.message}>
        <Textarea rows={3} {...fieldAria('upcoming-description', errors.description?.message)} {...register('description')} />
      </FormField>
      <FormField id="upcoming-price" label="Price ($)" error={errors.price?.message}>
        <Input type="number" step="0.01" min="0" inputMode="decimal" {...fieldAria('upcoming-price', errors.price?.message)} {...register('price')} />
      </FormField>
      <Button type="submit" disabled={busy} aria-busy={busy}>
        {add.isPending ? 'Adding...' : 'Add Upcoming Meal'}
      </Button>
    </form>
  );
}
