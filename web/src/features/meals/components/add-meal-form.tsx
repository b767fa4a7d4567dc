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
import { useSessionUser } from '@/lib/auth';
import { dishFormSchema, emptyDishForm } from '@/lib/dish-form';
import { useAddMeal } from '../api/add-meal';

const SUCCESS_AUTO_CLOSE_MS = 1500;
/** SPEC section 5's Add Meal rules, in its words. */
const AddMealSchema = dishFormSchema({
  title: 'Title is required',
  category: 'Category is required',
  ingredients: 'Ingredients are required',
  description: 'Description is required',
  price: 'Price is required',
  negativePrice: 'Price must be positive',
});

/** Read-only fields look it: no white box to type in, no focus-ring invitation beyond the outline. */
const readOnlyLook = 'cursor-default border-dashed border-slate-300 bg-slate-100 text-slate-700';

/**
 * Add Meal: the image is uploaded first (on choosing it), then the form is sent. The distributor is
 * the signed-in admin, shown read-only; the server takes it from the token all the same.
 */
export function AddMealForm() {
  const user = useSessionUser();
  const notice = useNotice();
  const add = useAddMeal();
  const image = useImageUpload();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(AddMealSchema), defaultValues: emptyDishForm });

  const onSubmit = handleSubmit(async (values) => {
    if (!image.url) return notice({ title: 'Oops...', text: 'Please upload an image before submitting', tone: 'error' });
    try {
      await add.mutateAsync({ ...values, price: Number(values.price), image: image.url });
      notice({ title: 'Meal Added!', text: 'Your meal has been successfully added.', tone: 'success', autoCloseMs: SUCCESS_AUTO_CLOSE_MS });
      reset(emptyDishForm);
      image.clear();
    } catch (error) {
      const text =
        error instanceof ApiError && error.status === 400 && error.serverMessage ? error.serverMessage : 'Something went wrong while adding the meal.';
      notice({ title: 'Oops...', text, tone: 'error' });
    }
  });

  const busy = image.upload.isPending || add.isPending;
  return (
    <form noValidate aria-label="Add Meal" onSubmit={onSubmit} className="grid max-w-3xl gap-4 rounded-xl border border-slate-200 bg-white p-6 md:grid-cols-2">
      <FormField id="meal-title" label="Title" error={errors.title?.message} required>
        <Input aria-required {...fieldAria('meal-title', errors.title?.message)} {...register('title')} />
      </FormField>
      <FormField id="meal-category" label="Category" error={errors.category?.message} required>
        <CategorySelect aria-required {...fieldAria('meal-category', errors.category?.message)} {...register('category')} />
      </FormField>
      <div className="md:col-span-2">
        <ImageUploadField id="meal-image" image={image} failedText="Failed to upload image" required />
      </div>
      <div className="md:col-span-2">
        <FormField id="meal-ingredients" label="Ingredients (comma-separated)" error={errors.ingredients?.message} required>
          <Input
            placeholder="rice, lentils, cumin"
            aria-required
            {...fieldAria('meal-ingredients', errors.ingredients?.message)}
            {...register('ingredients')}
          />
        </FormField>
      </div>
      <div className="md:col-span-2">
        <FormField id="meal-description" label="Description" error={errors.description?.message} required>
          <Textarea rows={3} aria-required {...fieldAria('meal-description', errors.description?.message)} {...register('description')} />
        </FormField>
      </div>
      <FormField id="meal-price" label="Price ($)" error={errors.price?.message} required>
        <Input type="number" step="0.01" min="0" inputMode="decimal" aria-required {...fieldAria('meal-price', errors.price?.message)} {...register('price')} />
      </FormField>
      <div aria-hidden="true" className="hidden md:block" />
      <FormField id="meal-distributor-name" label="Distributor name">
        <Input id="meal-distributor-name" readOnly aria-describedby="meal-distributor-hint" value={user?.name ?? ''} className={readOnlyLook} />
      </FormField>
      <FormField id="meal-distributor-email" label="Distributor email">
        <Input id="meal-distributor-email" readOnly aria-describedby="meal-distributor-hint" value={user?.email ?? ''} className={readOnlyLook} />
      </FormField>
      <p id="meal-distributor-hint" className="-mt-2 text-sm text-slate-700 md:col-span-2">
        The distributor is you: filled in from your account.
      </p>
      <Button type="submit" size="lg" className="md:col-span-2" disabled={busy} aria-busy={busy}>
        {add.isPending ? 'Adding Meal...' : 'Add Meal'}
      </Button>
    </form>
  );
}
