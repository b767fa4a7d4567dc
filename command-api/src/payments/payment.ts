import type { EventOf, PackageName } from '@hostel/contracts';
import { displayPrice, MEMBERSHIP_PACKAGES, streamName } from '@hostel/contracts';
import type { Decider } from '../command-handler';

export type PaymentEvent = EventOf<'PaymentSucceeded'>;
export type PaymentState = { status: 'none' } | { status: 'paid'; paymentId: string };

export const paymentStream = (paymentId: string) => streamName('payment', paymentId);

/** The provider has taken the money: record it, priced from the catalogue. */
export interface RecordPayment {
  type: 'RecordPayment';
  paymentId: string;
  user: { userId: string; email: string };
  package: PackageName;
  provider: 'sandbox' | 'stripe';
  providerRef: string;
  paidAt: string;
}

function decide(command: RecordPayment, state: PaymentState): PaymentEvent[] {
  // One payment is recorded once, however often its confirmation arrives.
  if (state.status === 'paid') return [];
  const plan = MEMBERSHIP_PACKAGES[command.package];
  return [
    {
      type: 'PaymentSucceeded',
      data: {
        paymentId: command.paymentId,
        userId: command.user.userId,
        email: command.user.email,
        package: command.package,
        badge: plan.badge,
        amount: plan.price,
        currency: 'usd',
        price: displayPrice(plan.price),
        provider: command.provider,
        providerRef: command.providerRef,
        paidAt: command.paidAt,
      },
    },
  ];
}

export const paymentDecider: Decider<RecordPayment, PaymentEvent, PaymentState> = {
  initialState: { status: 'none' },
  evolve: (_state, event) => ({ status: 'paid', paymentId: event.data.paymentId }),
  decide,
};
