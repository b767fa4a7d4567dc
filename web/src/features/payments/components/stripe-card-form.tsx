import { MEMBERSHIP_PACKAGES, type PackageName } from '@hostel/contracts';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNotice } from '@/components/ui/notice-dialog';
import { ApiError } from '@/lib/api-client';
import { usePay } from '../api/pay';
import { PayNow } from './pay-now';
import { usePaymentAttempt } from './use-payment-attempt';

/**
 * Stripe mode (VITE_STRIPE_PUBLISHABLE_KEY): Stripe's Payment Element collects the card in Stripe's own
 * frame; the browser turns it into a ConfirmationToken for the server, finishes 3-D Secure when asked,
 * and the membership starts when Stripe's webhook confirms the payment (the badge arrives live).
 */
export function StripeCardForm({ packageName, publishableKey }: { packageName: PackageName; publishableKey: string }) {
  const plan = MEMBERSHIP_PACKAGES[packageName];
  const mount = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [busy, setBusy] = useState(false);
  const pay = usePay();
  const notice = useNotice();
  const attempt = usePaymentAttempt(plan.badge);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    // The "pure" entry loads Stripe's script only now, in Stripe mode, never on other pages.
    void import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((instance) => {
        if (cancelled || !instance || !mount.current) return;
        const elements = instance.elements({ mode: 'payment', amount: plan.price, currency: 'usd' });
        const element = elements.create('payment');
        element.mount(mount.current);
        destroy = () => element.destroy();
        setStripe({ stripe: instance, elements });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [publishableKey, plan.price]);

  const fail = (text: string | undefined) => notice({ title: 'Payment Failed', text: text || 'Something went wrong', tone: 'error' });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe) return notice({ title: 'Stripe not loaded', text: 'Please try again later', tone: 'error' });
    setBusy(true);
    try {
      const submitted = await stripe.elements.submit();
      if (submitted.error) return fail(submitted.error.message);
      const { error, confirmationToken } = await stripe.stripe.createConfirmationToken({ elements: stripe.elements });
      if (error) return fail(error.message);
      const answer = await pay.mutateAsync({ package: packageName, stripeToken: confirmationToken.id, idempotencyKey: attempt.key() });
      attempt.answered();
      if ('requiresAction' in answer) {
        const next = await stripe.stripe.handleNextAction({ clientSecret: answer.clientSecret });
        if (next.error) return fail(next.error.message);
        // Confirmed in the browser: Stripe's webhook records the payment and the badge follows.
        return attempt.finish({ message: 'Payment received', status: 'pending' });
      }
      attempt.finish(answer);
    } catch (error) {
      // Without an answer (the network failed) the same attempt may be sent again under its key.
      if (error instanceof ApiError) attempt.answered();
      fail(error instanceof ApiError ? error.serverMessage : undefined);
    } finally {
      setBusy(false);
    }
  };

  const processing = busy || attempt.awaiting;
  return (
    <form noValidate aria-label="Card payment" onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <div ref={mount} className="min-h-24" />
      <PayNow processing={processing} awaiting={attempt.awaiting} awaitingText="Waiting for Stripe to confirm your payment..." />
    </form>
  );
}
