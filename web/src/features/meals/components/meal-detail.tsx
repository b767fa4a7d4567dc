import { rooms } from '@hostel/contracts/plain';
import { Heart, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { LikeCount } from '@/components/ui/like-count';
import { LocalTime } from '@/components/ui/local-time';
import { useNotice } from '@/components/ui/notice-dialog';
import { ApiError } from '@/lib/api-client';
import { HistoryLink } from '@/components/history-link';
import { useCanAct } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useLiveRoom } from '@/lib/live-updates';
import { pluralNoun } from '@/lib/plural';
import { useRequireSignIn } from '@/lib/require-sign-in';
import { useViewer } from '@/lib/viewer';
import { mealOnShow, useMeal } from '../api/get-meal';
import { useLikeMeal } from '../api/like-meal';
import { formatPrice, formatRating } from '@/components/meal/rating-and-price';
import { failedAgain, LoadFailed, ReadFailed } from '@/components/ui/read-failed';

/** `viewerPending`: the counts shown are a visitor's, and whether this reader liked the meal is not known yet. */
function LikeButton({ mealId, likes, likedByMe, viewerPending }: { mealId: string; likes: number; likedByMe: boolean; viewerPending: boolean }) {
  const canAct = useCanAct();
  const like = useLikeMeal(mealId);
  const notice = useNotice();
  const requireSignIn = useRequireSignIn();
  const onLike = () =>
    requireSignIn(() =>
      like.mutate(undefined, {
        onError: (error) => notice({ title: 'Error', text: (error instanceof ApiError && error.serverMessage) || 'Failed to like', tone: 'error' }),
      }),
    );
  if (!canAct) return <LikeCount likes={likes} />;
  // One like per person: once liked, the button stays pressed and can't be used again.
  return (
    <Button
      variant={likedByMe ? 'default' : 'outline'}
      aria-pressed={likedByMe}
      disabled={likedByMe || like.isPending || viewerPending}
      // Liking disables it: it keeps the keyboard's focus all the same.
      focusableWhenDisabled
      aria-busy={like.isPending || viewerPending}
      onClick={onLike}
      className={cn(likedByMe && 'aria-disabled:opacity-100')}
    >
      <Heart aria-hidden="true" className={cn(likedByMe && 'fill-current')} />
      {likedByMe ? 'Liked' : 'Like'}
      <span aria-hidden="true">·</span>
      <span>
        {likes} <span className="sr-only">{pluralNoun(likes, 'like')}</span>
      </span>
    </Button>
  );
}

/**
 * One meal: what it is, who serves it, its counts (live), the like action, and the actions other
 * features bring (the route passes the request action).
 */
export function MealDetail({ mealId, actions }: { mealId: string; actions?: ReactNode }) {
  const meal = useMeal(mealId);
  // Until the session is known (and the reader's own read is in), the like waits: a member's click must not meet a like the page does not show yet.
  const viewer = useViewer();
  useLiveRoom(rooms.meal(mealId));

  if (meal.isPending) return <p role="status">Loading meal details...</p>;
  // Only when there is nothing to show (or it is gone): a later read that fails leaves the meal on show,
  // and what the page holds under it (a review being written), and says so.
  const shown = mealOnShow(meal);
  if (!shown) {
    if (meal.error instanceof ApiError && meal.error.status === 404) {
      return (
        <div role="alert" className="grid gap-1">
          <p className="font-medium text-red-700">Error loading meal details</p>
          <p className="text-slate-700">This meal does not exist or was removed.</p>
        </div>
      );
    }
    return <LoadFailed retry={meal}>Error loading meal details</LoadFailed>;
  }

  const { title, image, distributorName, postTime, description, ingredients, rating, price, category, likes, likedByMe } = shown;
  return (
    <article aria-labelledby="meal-title" className="grid gap-8 md:grid-cols-2">
      <title>{title}</title>
      {/* The page's largest paint: fetched first. */}
      <img src={image} alt={title} width={800} height={600} fetchPriority="high" className="aspect-[4/3] w-full rounded-xl object-cover shadow" />
      <div className="grid content-start gap-4">
        <p className="text-sm font-semibold tracking-wide text-orange-800 uppercase">{category}</p>
        <h1 id="meal-title" className="text-3xl font-bold text-slate-900">
          {title}
        </h1>
        <HistoryLink entity="meals" id={mealId} of={title} className="justify-self-start" />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
          <dt className="font-semibold">Distributor</dt>
          <dd>{distributorName}</dd>
          <dt className="font-semibold">Posted</dt>
          <dd>
            <LocalTime dateTime={postTime} />
          </dd>
          <dt className="font-semibold">Rating</dt>
          <dd className="flex items-center gap-1">
            <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
            {formatRating(rating)}
          </dd>
          <dt className="font-semibold">Price</dt>
          <dd>{formatPrice(price)}</dd>
        </dl>
        <p className="text-slate-800">{description}</p>
        <section aria-labelledby="ingredients-title" className="grid gap-2">
          <h2 id="ingredients-title" className="text-lg font-semibold text-slate-900">
            Ingredients
          </h2>
          {Array.isArray(ingredients) && ingredients.length > 0 ? (
            <ul className="flex flex-wrap gap-2">
              {ingredients.map((ingredient) => (
                <li key={ingredient} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                  {ingredient}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-700">No ingredients available</p>
          )}
        </section>
        <div className="flex flex-wrap gap-3" aria-live="polite">
          <LikeButton mealId={mealId} likes={likes} likedByMe={likedByMe} viewerPending={meal.isPlaceholderData || !viewer.ready} />
          {actions}
        </div>
        <ReadFailed error={failedAgain(meal)} saying="Failed to read this meal again" retry={meal} />
      </div>
    </article>
  );
}
