import { badgeRank, rooms, type UpcomingMealDto } from '@hostel/contracts';
import { Heart } from 'lucide-react';
import { HistoryLink } from '@/components/history-link';
import { Button } from '@/components/ui/button';
import { LikeCount } from '@/components/ui/like-count';
import { useNotice } from '@/components/ui/notice-dialog';
import { ApiError } from '@/lib/api-client';
import { useCanAct, useSessionUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useLiveRoom } from '@/lib/live-updates';
import { plural } from '@/lib/plural';
import { useRequireSignIn } from '@/lib/require-sign-in';
import { useUserProfile } from '@/lib/user-profile';
import { useLikeUpcomingMeal, useUpcomingMeals } from '../api/upcoming-meals';
import { failedAgain, LoadFailed, ReadFailed } from '@/components/ui/read-failed';

const SUCCESS_AUTO_CLOSE_MS = 1500;
const MEMBERSHIP_REQUIRED = /^Membership Required: (.+)$/;
/** What the server answers a like without a Silver badge or better (SPEC section 5), said here when the badge is known. */
const SILVER_NEEDED = 'You need at least a Silver badge to like meals.';
/** The page holds every upcoming meal: there are only ever a handful. */
const ALL = 100;

function UpcomingCard({ meal }: { meal: UpcomingMealDto }) {
  const canAct = useCanAct();
  const like = useLikeUpcomingMeal();
  const notice = useNotice();
  const requireSignIn = useRequireSignIn();
  const titleId = `upcoming-${meal._id}`;
  // The reader's badge: a like that would be refused is not sent. Until it is known (or its read has
  // failed once: the server will say) the button waits.
  const reader = useSessionUser();
  const profile = useUserProfile(reader?.email);
  const badgeKnown = !reader || !profile.isPending || profile.failureCount > 0;
  const belowSilver = profile.data !== undefined && badgeRank(profile.data?.badge) < badgeRank('silver');

  // Awaited rather than mutate's callbacks: the like that publishes the meal takes its card off the
  // page (a live push), and a callback of an unmounted card would never say 'Published!'.
  const likeAndSay = async () => {
    try {
      const answer = await like.mutateAsync(meal._id);
      if (answer.message.includes('published'))
        notice({ title: 'Published!', text: 'This meal reached 10 likes and has been published.', tone: 'success', autoCloseMs: SUCCESS_AUTO_CLOSE_MS });
      else notice({ title: 'Liked!', text: answer.message || 'Your like was recorded.', tone: 'success', autoCloseMs: SUCCESS_AUTO_CLOSE_MS });
    } catch (error) {
      // 'Membership Required: You need at least a Silver badge…' is a warning titled by its own words, not an Error.
      const membership = error instanceof ApiError ? MEMBERSHIP_REQUIRED.exec(error.serverMessage ?? '') : null;
      if (membership) notice({ title: 'Membership Required', text: membership[1], tone: 'warning' });
      else if (error instanceof ApiError) notice({ title: 'Error', text: error.serverMessage || 'Failed to like this meal.', tone: 'error' });
      else notice({ title: 'Error', text: 'Something went wrong. Please try again.', tone: 'error' });
    }
  };
  const onLike = () =>
    requireSignIn(() => {
      if (belowSilver) notice({ title: 'Membership Required', text: SILVER_NEEDED, tone: 'warning' });
      else void likeAndSay();
    });

  return (
    <article aria-labelledby={titleId} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <img src={meal.image} alt="" loading="lazy" width={800} height={600} className="aspect-[4/3] w-full object-cover" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {meal.title}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-800">
          <dt className="font-semibold">Category</dt>
          <dd>{meal.category}</dd>
          <dt className="font-semibold">Ingredients</dt>
          <dd>{Array.isArray(meal.ingredients) && meal.ingredients.length > 0 ? meal.ingredients.join(', ') : 'N/A'}</dd>
          <dt className="font-semibold">Date</dt>
          <dd>{meal.date ? new Date(meal.date).toLocaleDateString() : 'TBA'}</dd>
        </dl>
        {canAct ? (
          <Button
            variant={meal.likedByMe ? 'default' : 'outline'}
            className={cn('mt-auto', meal.likedByMe && 'aria-disabled:opacity-100')}
            aria-pressed={meal.likedByMe}
            disabled={meal.likedByMe || like.isPending || !badgeKnown}
            // Liking disables it: it keeps the keyboard's focus all the same, and Liked! returns it here.
            focusableWhenDisabled
            aria-busy={like.isPending || !badgeKnown}
            // Named by its meal: a screen reader's list of buttons tells one card's Like from the next.
            aria-label={`${meal.likedByMe ? 'Liked' : 'Like'} ${meal.title}, ${plural(meal.likes, 'like')}`}
            onClick={onLike}
          >
            <Heart aria-hidden="true" className={cn(meal.likedByMe && 'fill-current')} />
            {meal.likedByMe ? 'Liked' : 'Like'}
            <span aria-hidden="true">·</span>
            <span>{meal.likes}</span>
          </Button>
        ) : (
          <div className="mt-auto">
            <LikeCount likes={meal.likes} />
          </div>
        )}
        <HistoryLink entity="upcoming" id={meal._id} of={meal.title} className="justify-self-start" />
      </div>
    </article>
  );
}

/** /UpcomingMeals: what may be cooked next; members like, and the counts (and publications) move live. */
export function UpcomingMeals() {
  const meals = useUpcomingMeals({ page: 0, pageSize: ALL });
  useLiveRoom(rooms.upcoming);

  if (meals.isPending) return <p role="status">Loading upcoming meals...</p>;
  // Only when there is nothing to show: a later read that fails (after a push) leaves the cards on show
  // as they are and says so under them.
  if (meals.isError && !meals.data) {
    return <LoadFailed retry={meals}>Failed to load meals.</LoadFailed>;
  }
  return (
    <div className="grid gap-4">
      {meals.data.items.length === 0 ? (
        <p className="text-slate-700">No upcoming meals found.</p>
      ) : (
        <ul aria-label="Upcoming meals" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {meals.data.items.map((meal) => (
            <li key={meal._id} className="grid">
              <UpcomingCard meal={meal} />
            </li>
          ))}
        </ul>
      )}
      <ReadFailed error={failedAgain(meals)} saying="Failed to read the upcoming meals again" retry={meals} />
    </div>
  );
}
