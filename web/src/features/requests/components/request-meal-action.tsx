import { Utensils } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useNotice } from '@/components/ui/notice-dialog';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSessionUser } from '@/lib/auth';
import { useRequireSignIn } from '@/lib/require-sign-in';
import { useUserProfile } from '@/lib/user-profile';
import { useViewer } from '@/lib/viewer';
import { useMealRequestCommands, useMyMealRequests } from '../api/meal-requests';
import { RequestStatus } from './request-status';

const REQUEST_AUTO_CLOSE_MS = 2000;
const BRONZE_REFUSAL = 'You need to upgrade your membership to request meals.';

/**
 * The meal page's Request Meal button, and the status of my latest request for this meal (it turns
 * Approved and Delivered live as the kitchen moves it on). While a request is open (Pending or Approved)
 * the button rests: a second one would be refused.
 */
export function RequestMealAction({ mealId }: { mealId: string }) {
  const user = useSessionUser();
  const viewer = useViewer();
  const profile = useUserProfile(user?.email);
  const mine = useMyMealRequests({ userEmail: user?.email, mealId, page: 0 });
  const { request } = useMealRequestCommands();
  const notice = useNotice();
  const navigate = useNavigate();
  const requireSignIn = useRequireSignIn();
  const latest = mine.data?.items[0];
  // Pending or Approved, a request is still open: a second one for the meal would be refused.
  const pending = mine.data?.items.some((item) => item.status !== 'Delivered') ?? false;
  // Not known yet who is asking (a page drawn by the server, a session being restored) or what their
  // badge is: the button rests rather than take a click it would have to ignore (SPEC section 5).
  const waiting = !viewer.ready || (user !== null && !profile.data && !profile.isError);

  const refuseBronze = (text = BRONZE_REFUSAL) => {
    notice({ title: 'Upgrade Required', text, tone: 'info' });
    void navigate(paths.home);
  };

  const onRequest = () =>
    requireSignIn(() => {
      // SPEC section 5: while the user's data is still loading, the click is ignored.
      if (!profile.data) return;
      if (profile.data.badge === 'Bronze') return refuseBronze();
      request.mutate(mealId, {
        onSuccess: () => notice({ title: 'Request Submitted', text: 'Request is pending approval.', tone: 'success', autoCloseMs: REQUEST_AUTO_CLOSE_MS }),
        onError: (error) => {
          if (!(error instanceof ApiError)) return notice({ title: 'Something went wrong', tone: 'error' });
          if (error.status === 403) return refuseBronze(error.serverMessage);
          notice({ title: 'Failed to submit request', ...(error.serverMessage ? { text: error.serverMessage } : {}), tone: 'error' });
        },
      });
    });

  return (
    <div className="flex flex-wrap items-center gap-3">
      {/* Requesting disables it: it keeps the keyboard's focus all the same, and Request Submitted returns it here. */}
      <Button
        variant="outline"
        onClick={onRequest}
        disabled={pending || waiting || request.isPending}
        focusableWhenDisabled
        aria-busy={waiting || request.isPending}
      >
        <Utensils aria-hidden="true" />
        {pending ? 'Requested' : 'Request Meal'}
      </Button>
      {latest ? (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          Your request: <RequestStatus status={latest.status} />
        </p>
      ) : null}
    </div>
  );
}
