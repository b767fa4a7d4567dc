import type { Badge, EventOf, PackageName } from '@hostel/contracts';
import { isUpgrade, membershipCharge, streamName } from '@hostel/contracts';
import type { Decider } from '../kernel/decider';
import { conflict } from '../kernel/errors';

export type PaymentEvent = EventOf<'PaymentSucceeded'>;
export type PaymentState = { status: 'none' } | { status: 'paid'; paymentId: string; package: PackageName };

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

/**
 * Only upgrades are sold: a plan at or below the badge the member holds would change nothing, so it is
 * refused (409) before any card is charged or anything recorded.
 */
export function refuseUnlessUpgrade(held: Badge | null, packageName: PackageName): void {
  if (held && !isUpgrade(held, packageName))
    throw conflict(`You are already a ${held.charAt(0).toUpperCase()}${held.slice(1)} member: only a higher plan can be bought.`);
}

function decide(command: RecordPayment, state: PaymentState): PaymentEvent[] {
  // One payment is recorded once, however often its confirmation arrives (or its attempt is retried);
  // the same attempt cannot become the purchase of another package.
  if (state.status === 'paid') {
    if (state.package !== command.package) throw conflict('This payment attempt was already made for another package. Please start a new one.');
    return [];
  }
  return [
    {
      type: 'PaymentSucceeded',
      data: {
        paymentId: command.paymentId,
        userId: command.user.userId,
        email: command.user.email,
        ...membershipCharge(command.package),
        provider: command.provider,
        providerRef: command.providerRef,
        paidAt: command.paidAt,
      },
    },
  ];
}

export const paymentDecider: Decider<RecordPayment, PaymentEvent, PaymentState> = {
  initialState: { status: 'none' },
  evolve: (_state, event) => ({ status: 'paid', paymentId: event.data.paymentId, package: event.data.package as PackageName }),
  decide,
};
