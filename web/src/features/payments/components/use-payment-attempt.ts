import { type Badge, badgeRank, type PaymentAnswer } from '@hostel/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useNotice } from '@/components/ui/notice-dialog';
import { paths } from '@/config/paths';
import { useApi, useSessionUser } from '@/lib/auth';
import { userProfileQueryOptions } from '@/lib/user-profile';

/** While a paid badge is on its way, the profile is read this often besides the live push. */
const AWAIT_POLL_MS = 2000;
/** Success alerts close by themselves after 1.5 s (SPEC section 9). */
const SUCCESS_AUTO_CLOSE_MS = 1500;

const capitalised = (badge: Badge) => `${badge.charAt(0).toUpperCase()}${badge.slice(1)}`;

/**
 * One purchase attempt of a card form, sandbox or Stripe: its Idempotency-Key (kept while the attempt
 * is retried, renewed once the server has answered it), and the end of it. A paid answer completes at
 * once; a pending one (the badge has not landed yet) waits for the member's badge, which the live
 * push on their room refreshes (a slow poll stands in if the socket is down), and only then says
 * Payment Successful! — the page never claims a badge the member does not hold.
 */
export function usePaymentAttempt(wanted: Badge) {
  const key = useRef(crypto.randomUUID());
  const [awaiting, setAwaiting] = useState(false);
  const notice = useNotice();
  const navigate = useNavigate();
  const api = useApi();
  const user = useSessionUser();
  const profile = useQuery({ ...userProfileQueryOptions(api, user?.email ?? ''), enabled: awaiting, refetchInterval: awaiting ? AWAIT_POLL_MS : false });

  const succeed = (text: string) => {
    notice({ title: 'Payment Successful!', text, tone: 'success', autoCloseMs: SUCCESS_AUTO_CLOSE_MS });
    void navigate(paths.dashboard.userProfile);
  };

  // The badge has landed (or a better one was held already): the purchase is complete.
  const badge = profile.data?.badge;
  useEffect(() => {
    if (!awaiting || !badge || badgeRank(badge) < badgeRank(wanted)) return;
    setAwaiting(false);
    succeed(`You are now a ${capitalised(badge)} member`);
  }, [awaiting, badge, wanted]);

  return {
    /** The Idempotency-Key of the attempt under way. */
    key: () => key.current,
    /** The server answered this attempt (paid, pending or refused): the next one is a new attempt. */
    answered: () => {
      key.current = crypto.randomUUID();
    },
    awaiting,
    /** Completes a paid answer, or waits for the badge of a pending one. */
    finish(answer: Exclude<PaymentAnswer, { requiresAction: true }>) {
      if ('badge' in answer) return succeed(answer.message);
      setAwaiting(true);
    },
  };
}
