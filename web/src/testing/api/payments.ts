import {
  type Badge,
  badgeName,
  badgeRank,
  displayPrice,
  isUpgrade,
  MEMBERSHIP_PACKAGES,
  PAYMENT_CURRENCY,
  PaymentBody,
  type PaymentDto,
  PaymentHeaders,
  type PaymentAnswer,
  PaymentsQuery,
  SANDBOX_TOKENS,
} from '@hostel/contracts';
import { http, HttpResponse } from 'msw';
import { db, findUser, nextPosition, type PaymentRecord, sameEmail } from './db';
import { bodyOf, newestFirst, page, parse, queryOf, refuse, signedIn } from './http';

/**
 * Memberships as the command API takes them with its sandbox card provider (Stripe's test tokens), and
 * Payment History as the read API lists it. A payment's badge lands at once, or, with
 * `seed({ badgeGrants: 'later' })`, when the test says so (`grantPendingBadges`): the answer is then 202 pending.
 */

/** The grant-badge policy: a badge is only ever raised. */
function grant(userId: string, badge: Badge) {
  const user = db.users.find((candidate) => candidate._id === userId);
  if (user && badgeRank(user.badge) < badgeRank(badge)) user.badge = badgeName(badge);
}

/** The queued grants land (the policy's worker caught up). */
export function grantPendingBadges() {
  for (const { userId, badge } of db.pendingGrants.splice(0)) grant(userId, badge);
}

/** A charge with the sandbox provider: Stripe's test tokens, anything else refused. */
function charge(token: string) {
  const outcome = Object.hasOwn(SANDBOX_TOKENS, token) ? SANDBOX_TOKENS[token as keyof typeof SANDBOX_TOKENS] : undefined;
  if (outcome === undefined) refuse(400, 'This is test mode: use a test card such as 4242 4242 4242 4242');
  if (outcome === 'declined') refuse(402, 'Your card was declined.');
  return `sandbox_${crypto.randomUUID()}`;
}

const listed = ({ attempt: _attempt, ...payment }: PaymentRecord): PaymentDto => payment;

export const paymentHandlers = [
  // One payment per member and attempt (its Idempotency-Key, or without one its token): a retried attempt finds its payment recorded.
  http.post('/payment', async ({ request }) => {
    const claims = signedIn(request);
    const { 'idempotency-key': key } = parse(PaymentHeaders, Object.fromEntries(request.headers), 'headers');
    const { package: name, stripeToken } = parse(PaymentBody, await bodyOf(request), 'body');
    const plan = MEMBERSHIP_PACKAGES[name];
    const attempt = `${claims.sub}:${key ?? `token:${name}:${stripeToken}`}`;
    const recorded = db.payments.find((payment) => payment.attempt === attempt);
    // Only upgrades are sold: refused before the card is charged (a retried recorded attempt answers again).
    const holding = findUser(claims.email)?.badge ?? null;
    if (!recorded && holding !== null && !isUpgrade(holding, name)) refuse(409, `You are already a ${holding} member: only a higher plan can be bought.`);
    const providerRef = charge(stripeToken);
    if (recorded && recorded.package !== name) refuse(409, 'This payment attempt was already made for another package. Please start a new one.');
    if (!recorded) {
      db.payments.push({
        _id: crypto.randomUUID(),
        attempt,
        email: claims.email,
        package: name,
        badge: badgeName(plan.badge),
        price: displayPrice(plan.price),
        amount: plan.price,
        currency: PAYMENT_CURRENCY,
        providerRef,
        date: new Date().toISOString(),
      });
      if (db.badgeGrants === 'at-once') grant(claims.sub, plan.badge);
      else db.pendingGrants.push({ userId: claims.sub, badge: plan.badge });
    }
    const position = nextPosition();
    const held = findUser(claims.email)?.badge ?? null;
    if (held !== null && badgeRank(held) >= badgeRank(plan.badge)) {
      return HttpResponse.json({ message: `You are now a ${held} member`, badge: held, position } satisfies PaymentAnswer);
    }
    return HttpResponse.json({ message: 'Payment received: your membership starts in a moment.', status: 'pending', position } satisfies PaymentAnswer, {
      status: 202,
    });
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
