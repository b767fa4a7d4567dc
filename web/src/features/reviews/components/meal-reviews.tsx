import { LocalTime } from '@/components/ui/local-time';
import { useMealReviews } from '../api/get-meal-reviews';
import { failedAgain, LoadFailed, ReadFailed } from '@/components/ui/read-failed';

/** 'Reviews (n)': who said what and when, newest first; the meal's room pushes new ones in. */
export function MealReviews({ mealId }: { mealId: string }) {
  const reviews = useMealReviews(mealId);
  return (
    <section aria-labelledby="reviews-title" className="grid gap-4">
      <h2 id="reviews-title" className="text-2xl font-bold text-slate-900" aria-live="polite">
        {`Reviews (${reviews.data?.length ?? 0})`}
      </h2>
      {reviews.isPending ? (
        <p role="status">Loading reviews...</p>
      ) : reviews.isError && !reviews.data ? (
        <LoadFailed retry={reviews}>Failed to fetch reviews</LoadFailed>
      ) : reviews.data.length === 0 ? (
        <p className="text-slate-700">No reviews yet.</p>
      ) : (
        <ul aria-label="Reviews" className="grid gap-3">
          {reviews.data.map((review) => (
            <li key={review._id} className="grid gap-1 rounded-lg border border-slate-200 bg-white p-4">
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold text-slate-900">{review.userName}</span>
                <LocalTime dateTime={review.createdAt} className="text-sm text-slate-700" />
              </p>
              <p className="whitespace-pre-line text-slate-800">{review.review}</p>
            </li>
          ))}
        </ul>
      )}
      {/* A read again that fails (after a push) leaves the reviews on show as they are and says so under them. */}
      <ReadFailed error={failedAgain(reviews)} saying="Failed to read the reviews again" retry={reviews} />
    </section>
  );
}
