import { type Badge, type BadgeName, badgeRank, type PaymentAnswer } from '@hostel/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useNotice } from '@/components/ui/notice-dialog';
import { paths } from '@/config/paths';
import { useApi, useSessionUser } from '@/lib/auth';
import { userProfileQueryOptions } from '@/lib/user-profile';

/** While a paid badge is on its way, the profile is read this often besides the live push. */
const AWAIT_POLL_MS = 2000;
/** Success alerts close by themselves after 1.5 s (SPEC section 9). */
const SUCCESS_AUTO_CLOSE_MS = 1500;

/**
 * One purchase attempt of a card form, sandbox or Stripe: its Idempotency-Key (kept while the attempt
 * is retried, renewed once the server has answered it), and the end of it. A paid answer completes at
 * once; a pending one (the badge has not landed yet) waits for the member's badge, which the live
 * push on their room refreshes (a slow poll stands in if the socket is down), and only then says
 * Payment Successful! — the page never claims a badge the member does not hold.
 */
export function usePaymentAttempt(wanted: Badge) {
  const key = useRef(crypto.randomUUID());
  const [pending, setPending] = useState(false);
  const notice = useNotice();
  const navigate = useNavigate();
  const api = useApi();
  const user = useSessionUser();
  // The wanted badge, or a better one, once the profile shows it.
  const landedIn = (badge: BadgeName | null | undefined) => (badge && badgeRank(badge) >= badgeRank(wanted) ? badge : null);
  const profile = useQuery({
    ...userProfileQueryOptions(api, user?.email ?? ''),
    enabled: pending,
    refetchInterval: (query) => (landedIn(query.state.data?.badge) ? false : AWAIT_POLL_MS),
  });

  const succeed = (text: string) => {
    notice({ title: 'Payment Successful!', text, tone: 'success', autoCloseMs: SUCCESS_AUTO_CLOSE_MS });
    void navigate(paths.dashboard.userProfile);
  };

  // The badge has landed (or a better one was held already): the purchase is complete.
  const landed = pending ? landedIn(profile.data?.badge) : null;
  const awaiting = pending && landed === null;
  const completed = useEffectEvent((held: BadgeName) => succeed(`You are now a ${held} member`));
  useEffect(() => {
    if (landed) completed(landed);
  }, [landed]);

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
      setPending(true);
    },
  };
}
