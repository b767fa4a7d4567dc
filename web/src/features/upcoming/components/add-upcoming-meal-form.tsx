import { zodResolver } from '@hookform/resolvers/zod';
import { MEAL_CATEGORIES } from '@hostel/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useNotice } from '@/components/ui/notice-dialog';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useApi } from '@/lib/auth';
import { uploadImage } from '@/lib/upload-image';
import { useManageUpcomingMeals } from '../api/upcoming-meals';

const required = (message: string) => z.string().trim().min(1, message);
/** The Add Upcoming Meal rules of SPEC section 5, in its words. */
const UpcomingSchema = z.object({
  title: required('Title required'),
  category: z.enum(MEAL_CATEGORIES, { error: 'Category required' }),
  ingredients: required('Ingredients required'),
  description: required('Description required'),
  price: required('Price required').refine((text) => Number.isFinite(Number(text)) && Number(text) >= 0, 'Price required'),
});
type UpcomingInput = z.input<typeof UpcomingSchema>;
const empty: UpcomingInput = { title: '', category: '' as UpcomingInput['category'], ingredients: '', description: '', price: '' };

/** The 'Add Upcoming Meal' form: image uploaded first, ingredients split on commas and trimmed. */
export function AddUpcomingMealForm({ onAdded }: { onAdded: () => void }) {
  const api = useApi();
  const notice = useNotice();
  const { add } = useManageUpcomingMeals();
  const upload = useMutation({ mutationFn: (file: File) => uploadImage(api, file) });
  const [image, setImage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(UpcomingSchema), defaultValues: empty });

  const onSubmit = handleSubmit(async (values) => {
    if (!image) return notice({ title: 'Oops', text: 'Please upload an image first.', tone: 'error' });
    try {
      const ingredients = values.ingredients.split(',').map((item) => item.trim()).filter(Boolean);
      await add.mutateAsync({ ...values, ingredients, price: Number(values.price), image });
      notice({ title: 'Success', text: 'Upcoming meal added!', tone: 'success', autoCloseMs: 1500 });
      onAdded();
    } catch (error) {
      notice({ title: 'Error', text: error instanceof ApiError ? error.serverMessage || 'Failed to add meal' : 'Network or server error', tone: 'error' });
    }
  });

  const busy = upload.isPending || add.isPending;
  return (
    <form noValidate aria-label="Add Upcoming Meal" onSubmit={onSubmit} className="grid gap-3">
      <FormField id="upcoming-title" label="Title" error={errors.title?.message}>
        <Input {...fieldAria('upcoming-title', errors.title?.message)} {...register('title')} />
      </FormField>
      <FormField id="upcoming-category" label="Category" error={errors.category?.message}>
        <Select {...fieldAria('upcoming-category', errors.category?.message)} {...register('category')}>
          <option value="">Choose a category</option>
          {MEAL_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id="upcoming-image" label="Image" error={upload.isError ? 'Image upload failed' : undefined}>
        <Input
          type="file"
          accept="image/*"
          aria-busy={upload.isPending}
          {...fieldAria('upcoming-image', upload.isError ? 'Image upload failed' : undefined)}
          onChange={(event) => {
            setImage(null);
            const file = event.target.files?.[0];
            if (file) upload.mutate(file, { onSuccess: setImage });
          }}
        />
      </FormField>
      <p role="status" className="text-sm text-slate-700">
        {upload.isPending ? 'Uploading image...' : image ? 'Image uploaded' : ''}
      </p>
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
