import {
  type Badge,
  badgeName,
  badgeRank,
  MEMBERSHIP_PACKAGES,
  type PackageName,
  PaymentBody,
  type PaymentDto,
  PaymentHeaders,
  type PaymentAnswer,
  PaymentsQuery,
  SANDBOX_TOKENS,
} from '@hostel/contracts';
import { membershipDecider, type MembershipState, paymentDecider } from '@hostel/domain/deciders';
import { http, HttpResponse } from 'msw';
import { db, findUser, nextPosition, type PaymentRecord, sameEmail } from './db';
import { bodyOf, decide, newestFirst, page, parse, queryOf, refuse, signedIn } from './http';
import { userChange } from './users';

/**
 * Memberships as the command API takes them with its sandbox card provider (Stripe's test tokens):
 * the purchase (upgrades only, one package per attempt), its payment and the badge it grants are
 * decided by the domain's membershipDecider, paymentDecider and userDecider. The badge lands at once,
 * or with `seed({ badgeGrants: 'later' })` when the test says so (`grantPendingBadges`): the answer is then 202 pending.
 */

const badgeOf = (email: string) => (findUser(email)?.badge?.toLowerCase() ?? null) as Badge | null;

/** The grant-badge policy, as userDecider decides it (a badge is only ever raised). */
function grant(userId: string, badge: Badge, paymentId: string) {
  const user = db.users.find((candidate) => candidate._id === userId);
  if (user) userChange(user, { type: 'GrantBadge', userId, badge, paymentId });
}

/** The queued grants land (the policy's worker caught up). */
export function grantPendingBadges() {
  for (const { userId, badge, paymentId } of db.pendingGrants.splice(0)) grant(userId, badge, paymentId);
}

/** A member's purchases as membershipDecider folds them, from their payments held here (each one completed). */
function purchasesOf(email: string): MembershipState {
  const mine = db.payments.filter((payment) => sameEmail(payment.email, email));
  const purchases = mine.map(({ attempt, package: name, date }) => ({
    paymentId: attempt,
    package: name as PackageName,
    startedAt: date,
    outcome: 'completed' as const,
    changedAt: 0,
  }));
  const best = [...mine].sort((a, b) => badgeRank(b.badge) - badgeRank(a.badge))[0]?.package as PackageName | undefined;
  return { purchases: Object.fromEntries(purchases.map((purchase) => [purchase.paymentId, purchase])), open: null, plan: best ?? null, length: mine.length };
}

/** The sandbox card provider: Stripe's test tokens, anything else refused. */
const outcomeOf = (token: string) => (Object.hasOwn(SANDBOX_TOKENS, token) ? SANDBOX_TOKENS[token as keyof typeof SANDBOX_TOKENS] : undefined);

const listed = ({ attempt: _attempt, ...payment }: PaymentRecord): PaymentDto => payment;

export const paymentHandlers = [
  // One payment per member and attempt (its Idempotency-Key, or without one its token): a retried attempt finds its payment recorded.
  http.post('/payment', async ({ request }) => {
    const { sub: userId, email } = signedIn(request);
    const { 'idempotency-key': key } = parse(PaymentHeaders, Object.fromEntries(request.headers), 'headers');
    const { package: name, stripeToken } = parse(PaymentBody, await bodyOf(request), 'body');
    const paymentId = `${userId}:${key ?? `token:${name}:${stripeToken}`}`;
    if (outcomeOf(stripeToken) === undefined) refuse(400, 'This is test mode: use a test card such as 4242 4242 4242 4242');
    const membership = purchasesOf(email);
    const now = new Date().toISOString();
    const started = decide(
      membershipDecider,
      { type: 'StartPurchase', userId, paymentId, package: name, provider: 'sandbox', heldBadge: badgeOf(email), now, arrivedAt: membership.length },
      membership,
    );
    if (started.length > 0) {
      if (outcomeOf(stripeToken) === 'declined') refuse(402, 'Your card was declined.');
      const user = { userId, email };
      for (const { data } of decide(paymentDecider, {
        type: 'RecordPayment',
        paymentId,
        user,
        package: name,
        provider: 'sandbox',
        providerRef: `sandbox_${crypto.randomUUID()}`,
        paidAt: now,
      })) {
        const { paymentId: _id, userId: _user, provider: _provider, paidAt, badge, ...payment } = data;
        db.payments.push({ ...payment, _id: crypto.randomUUID(), attempt: paymentId, badge: badgeName(badge), date: paidAt });
        if (db.badgeGrants === 'at-once') grant(userId, badge, paymentId);
        else db.pendingGrants.push({ userId, badge, paymentId });
      }
    }
    const position = nextPosition();
    const held = findUser(email)?.badge ?? null;
    if (held !== null && badgeRank(held) >= badgeRank(MEMBERSHIP_PACKAGES[name].badge)) {
      return HttpResponse.json({ message: `You are now a ${held} member`, badge: held, position } satisfies PaymentAnswer);
    }
    const message = 'Payment received: your membership starts in a moment.';
    return HttpResponse.json({ message, status: 'pending', position } satisfies PaymentAnswer, { status: 202 });
  }),

  // A member's own payments, or anyone's for an admin.
  http.get('/payments', ({ request }) => {
    const claims = signedIn(request);
    const { email, ...paging } = parse(PaymentsQuery, queryOf(request), 'querystring');
    if (claims.role !== 'admin' && !sameEmail(email, claims.email)) refuse(403, 'You can only see your own payments');
    return page(
      newestFirst(
        db.payments.filter((payment) => sameEmail(payment.email, email)),
        (payment) => payment.date,
      ).map(listed),
      paging,
    );
  }),
];
