import { type BadgeName, displayPrice, isUpgrade, MEMBERSHIP_PACKAGES, type PackageName } from '@hostel/contracts';
import { FlaskConical } from 'lucide-react';
import { PlanFeatures } from '@/components/membership/plan-features';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useNotice } from '@/components/ui/notice-dialog';
import { ApiError } from '@/lib/api-client';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSessionUser } from '@/lib/auth';
import { useUserProfile } from '@/lib/user-profile';
import { usePay } from '../api/pay';
import { PayNow } from './pay-now';
import { type CardEntry, formatCardNumber, formatExpiry, tokeniseTestCard } from './sandbox-card';
import { StripeCardForm } from './stripe-card-form';
import { usePaymentAttempt } from './use-payment-attempt';

const isPackage = (name: string | undefined): name is PackageName => name !== undefined && Object.hasOwn(MEMBERSHIP_PACKAGES, name);

/**
 * The card entry of the sandbox (the embedded default, no Stripe keys): clearly labelled as test
 * mode, it accepts Stripe's test numbers and sends only a test token.
 */
function SandboxCardForm({ packageName }: { packageName: PackageName }) {
  const [card, setCard] = useState<CardEntry>({ number: '', expiry: '', cvc: '' });
  const [incomplete, setIncomplete] = useState(false);
  const pay = usePay();
  const notice = useNotice();
  const attempt = usePaymentAttempt(MEMBERSHIP_PACKAGES[packageName].badge);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const tokenised = tokeniseTestCard(card);
    setIncomplete('incomplete' in tokenised);
    if ('incomplete' in tokenised) return;
    if ('error' in tokenised) return notice({ title: 'Payment Failed', text: tokenised.error, tone: 'error' });
    try {
      const answer = await pay.mutateAsync({ package: packageName, stripeToken: tokenised.token, idempotencyKey: attempt.key() });
      attempt.answered();
      // Test tokens never ask for a 3-D Secure step; only Stripe's own form could show one.
      if ('requiresAction' in answer)
        return notice({ title: 'Payment Failed', text: 'This card needs a confirmation step that test mode cannot show.', tone: 'error' });
      attempt.finish(answer);
    } catch (error) {
      // Without an answer (the network failed) the same attempt may be sent again under its key.
      if (error instanceof ApiError) attempt.answered();
      notice({ title: 'Payment Failed', text: (error instanceof ApiError && error.serverMessage) || 'Something went wrong', tone: 'error' });
    }
  };
  const processing = pay.isPending || attempt.awaiting;

  return (
    <form noValidate aria-label="Card payment" onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <p className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-semibold text-amber-950">
        <FlaskConical aria-hidden="true" className="size-4" />
        Test mode — no real charge. Use 4242 4242 4242 4242, any future date and any CVC.
      </p>
      <FormField id="card-number" label="Card number">
        <Input
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={card.number}
          aria-invalid={incomplete || undefined}
          aria-describedby={incomplete ? 'card-incomplete' : undefined}
          onChange={(event) => setCard({ ...card, number: formatCardNumber(event.target.value) })}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField id="card-expiry" label="Expiry (MM / YY)">
          <Input
            id="card-expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={card.expiry}
            onChange={(event) => setCard({ ...card, expiry: formatExpiry(event.target.value) })}
          />
        </FormField>
        <FormField id="card-cvc" label="CVC">
          <Input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={card.cvc}
            onChange={(event) => setCard({ ...card, cvc: event.target.value.replace(/\D/g, '') })}
          />
        </FormField>
      </div>
      {incomplete ? (
        <p id="card-incomplete" role="alert" className="text-sm font-medium text-red-700">
          Card information is incomplete
        </p>
      ) : null}
      <PayNow processing={processing} awaiting={attempt.awaiting} awaitingText="Payment received. Your membership starts in a moment..." />
    </form>
  );
}

/** Where the card form stands when the plan would not raise the member's badge: only upgrades are sold. */
function NotAnUpgrade({ held, packageName }: { held: BadgeName; packageName: PackageName }) {
  // A plan grants the badge of its own name.
  const current = held === packageName;
  return (
    <div role="status" className="grid gap-3">
      <h2 className="text-xl font-semibold text-slate-900">{current ? 'This is your current plan' : `Included in your ${held} plan`}</h2>
      <p className="text-slate-700">
        {`You are a ${held} member: the ${packageName} plan would not raise your badge, so it is not charged. Only a higher plan can be bought.`}
      </p>
      <Link to={paths.home} className="font-semibold text-orange-800 underline underline-offset-4">
        See the plans
      </Link>
    </div>
  );
}

/**
 * /checkout/{packageName}: the plan, who pays and the plan they hold, and the card. Only exact package
 * names are offered, and only upgrades: a plan at or below the member's badge shows no card form.
 */
export function Checkout({ packageName }: { packageName: string | undefined }) {
  const user = useSessionUser();
  const profile = useUserProfile(user?.email);
  // The plan held when the page opened decides what is offered: the badge this very purchase grants
  // must not swap the card form away while it finishes.
  const [heldAtStart, setHeldAtStart] = useState<BadgeName | null | undefined>(undefined);
  if (heldAtStart === undefined && profile.data) setHeldAtStart(profile.data.badge);
  if (!isPackage(packageName)) {
    return (
      <div role="alert" className="grid gap-2">
        <h1 className="text-2xl font-bold text-slate-900">Invalid Package</h1>
        <p className="text-slate-700">Please select a valid package.</p>
      </div>
    );
  }
  const plan = MEMBERSHIP_PACKAGES[packageName];
  // Set at build time for Stripe mode; without it the sandbox card form stands in.
  const stripeKey = import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY as string | undefined;
  return (
    <div className="grid gap-8 md:grid-cols-2">
      <section aria-labelledby="checkout-title" className="grid content-start gap-4">
        <title>{`${packageName} Package Checkout`}</title>
        <h1 id="checkout-title" className="text-3xl font-bold text-slate-900">{`${packageName} Package Checkout`}</h1>
        <p>
          <span className="text-4xl font-bold text-slate-900">{displayPrice(plan.price)}</span>
          <span className="text-slate-700"> / month</span>
        </p>
        <PlanFeatures name={packageName} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-slate-100 p-4 text-slate-800">
          <dt className="font-semibold">Name</dt>
          <dd>{user?.name}</dd>
          <dt className="font-semibold">Email</dt>
          <dd>{user?.email}</dd>
          <dt className="font-semibold">Current plan</dt>
          <dd>{profile.isPending ? '…' : (profile.data?.badge ?? 'None')}</dd>
        </dl>
      </section>
      <section aria-label="Payment" className="rounded-xl border border-slate-200 bg-white p-6">
        {heldAtStart === undefined && !profile.isError ? (
          <p role="status">Checking your membership...</p>
        ) : heldAtStart && !isUpgrade(heldAtStart, packageName) ? (
          <NotAnUpgrade held={heldAtStart} packageName={packageName} />
        ) : stripeKey ? (
          <StripeCardForm packageName={packageName} publishableKey={stripeKey} />
        ) : (
          <SandboxCardForm packageName={packageName} />
        )}
      </section>
    </div>
  );
}
