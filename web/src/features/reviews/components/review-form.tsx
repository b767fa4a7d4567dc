import { type Resolver, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { useNotice } from '@/components/ui/notice-dialog';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useRequireSignIn } from '@/lib/require-sign-in';
import { useAddReview } from '../api/add-review';

const SUCCESS_AUTO_CLOSE_MS = 1500;

interface ReviewFields {
  review: string;
}

/** The form's rules (zod and the contract's schema) load with its first check, not with the meal page. */
const checkReview: Resolver<ReviewFields> = async (values, context, options) => (await import('./review-form-schema')).reviewResolver(values, context, options);

/** The review box under a meal: not blank, signed in, 'Submitting...' while it runs. */
export function AddReviewForm({ mealId }: { mealId: string }) {
  const addReview = useAddReview(mealId);
  const notice = useNotice();
  const requireSignIn = useRequireSignIn();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
    // No default value: the meal page is drawn by the server and its app arrives after the picture, so
    // someone may have typed before it did. Without a default the field keeps what the page holds.
  } = useForm<ReviewFields>({ resolver: checkReview });

  const submit = handleSubmit(async ({ review }) => {
    try {
      await addReview.mutateAsync(review);
      reset({ review: '' });
      notice({ title: 'Review added!', tone: 'success', autoCloseMs: SUCCESS_AUTO_CLOSE_MS });
    } catch (error) {
      notice({ title: 'Error', text: (error instanceof ApiError && error.serverMessage) || 'Failed to add review', tone: 'error' });
    }
  });

  return (
    <form
      noValidate
      aria-label="Add a review"
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        requireSignIn(() => void submit());
      }}
    >
      <FormField id="review" label="Your review" error={errors.review?.message}>
        <Textarea rows={4} placeholder="What did you think of this meal?" {...fieldAria('review', errors.review?.message)} {...register('review')} />
      </FormField>
      <Button type="submit" className="justify-self-start" disabled={addReview.isPending} aria-busy={addReview.isPending}>
        {addReview.isPending ? 'Submitting...' : 'Add Review'}
      </Button>
    </form>
  );
}
