import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentDto, UserDto } from '@hostel/contracts';
import { attemptPaymentId, startWorkers } from '@hostel/command-api';
import { PURCHASE_TIMEOUT_MS } from '@hostel/domain';
import { GOLD_PAYMENT_ANSWER } from '@hostel/domain/testing';
import { createPostgresJobQueue } from '@hostel/messaging/job-queue';
import { createPool } from '@hostel/platform/db';
import { formatPosition } from '@hostel/eventstore';
import { startProduct } from '@hostel/embedded/testing';

let product: Awaited<ReturnType<typeof startProduct>>;
let buyer: Awaited<ReturnType<Awaited<ReturnType<typeof startProduct>>['register']>>;
let other: typeof buyer;
let admin: typeof buyer;

beforeAll(async () => {
  product = await startProduct();
  buyer = await product.register('Bea Buyer', 'bea@example.com');
  other = await product.register('Oth Er', 'other@example.com');
  admin = await product.registerVerified('Boss', 'boss@hostel.test');
});
afterAll(async () => product?.stop());

/** A purchase attempt: a fresh Idempotency-Key unless the test retries one. */
const pay = (token: string, body: Record<string, unknown>, idempotencyKey: string = randomUUID()) =>
  product.call('POST', '/payment', { token, body, headers: { 'idempotency-key': idempotencyKey } });
/** Appends a recorded payment to the log, as the route records one; answers its position. */
async function recordPayment(member: typeof buyer, packageName: 'Silver' | 'Gold' | 'Platinum', provider = 'sandbox') {
  const paymentId = randomUUID();
  const eventId = randomUUID();
  const prices = { Silver: 1900, Gold: 3900, Platinum: 5900 };
  const paidAt = new Date().toISOString();
  const appended = await product.services.store.append(
    `payment-${paymentId}`,
    [
      {
        eventId,
        type: 'PaymentSucceeded',
        data: {
          paymentId,
          userId: member.user._id,
          email: member.user.email,
          package: packageName,
          badge: packageName.toLowerCase(),
          amount: prices[packageName],
          currency: 'usd',
          price: `$${prices[packageName] / 100}`,
          provider,
          providerRef: `sandbox_${paymentId}`,
          paidAt,
        },
        metadata: { eventId, actor: member.user._id, correlationId: eventId, causationId: eventId, occurredAt: paidAt, schemaVersion: 1 },
      },
    ],
    { expectedVersion: 'no_stream' },
  );
  return formatPosition(appended.position);
}
/** The types of the events in a stream, in order. */
const typesIn = async (stream: string) => (await product.services.store.readStream(stream)).map((event) => event.type);
/** The member's recorded payments (PaymentSucceeded), read from the log itself. */
const paymentsOf = async (member: typeof buyer) =>
  (
    await product.sql<{ package: string }>(
      `select data->>'package' as package from eventstore.events where type = 'PaymentSucceeded' and data->>'userId' = $1 order by global_position`,
      [member.user._id],
    )
  ).map((row) => row.package);
const profile = async (position: string) =>
  (await product.call('GET', `/users/${buyer.user.email}`, { token: buyer.token, headers: { 'x-min-position': position } })).json() as UserDto;

describe('memberships in sandbox mode (no STRIPE_SECRET_KEY)', () => {
  it('charges the catalogue price whatever the client says, records the payment and grants the badge', async () => {
    // The spec's client sends email, badge and price too; a careless one might even send the card.
    const response = await pay(buyer.token, {
      package: 'Gold',
      stripeToken: 'tok_visa',
      price: 1,
      amount: 1,
      badge: 'platinum',
      email: 'someone@else.com',
      cardNumber: '4242424242424242',
      cvc: '123',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as { message: string; badge: string; position: string };
    expect(answer).toMatchObject({ message: 'You are now a Gold member', badge: 'Gold' });
    expect((await profile(answer.position)).badge).toBe('Gold');

    const history = await product.call('GET', `/payments?email=${buyer.user.email}`, { token: buyer.token, headers: { 'x-min-position': answer.position } });
    expect(history.headers['x-total-count']).toBe('1');
    expect(history.json()).toEqual([
      expect.objectContaining({
        email: 'bea@example.com',
        ...GOLD_PAYMENT_ANSWER,
        providerRef: expect.stringMatching(/^sandbox_/),
      }) as PaymentDto,
    ]);
    // What was recorded: the catalogue's price and badge, the member's own email, and no card data.
    const [payment] = history.json() as PaymentDto[];
    const recorded = await product.services.store.readStream(`payment-${payment!._id}`);
    expect(recorded.map((event) => [event.type, event.data])).toEqual([
      ['PaymentSucceeded', expect.objectContaining({ amount: 3900, badge: 'gold', email: 'bea@example.com', userId: buyer.user._id })],
    ]);
    expect(JSON.stringify(recorded.map((event) => [event.data, event.metadata]))).not.toMatch(/4242424242424242|cvc|cardNumber/);
  });

  it("refuses a plan that would not raise the member's badge with 409, charging and recording nothing", async () => {
    // Bea holds Gold (the test before): Silver and Gold again would change nothing.
    const before = await product.eventCount();
    for (const name of ['Silver', 'Gold']) {
      const response = await pay(buyer.token, { package: name, stripeToken: 'tok_visa' });
      expect([response.statusCode, response.json()]).toEqual([409, { message: 'You are already a Gold member: only a higher plan can be bought.' }]);
    }
    expect(await product.eventCount()).toBe(before);
    const history = await product.call('GET', `/payments?email=${buyer.user.email}`, { token: buyer.token });
    expect((history.json() as PaymentDto[]).map((payment) => payment.package)).toEqual(['Gold']);
    // An upgrade is still sold.
    const upgrade = await pay(buyer.token, { package: 'Platinum', stripeToken: 'tok_visa' });
    expect([upgrade.statusCode, upgrade.json().message]).toEqual([200, 'You are now a Platinum member']);
  });

  it("refuses a declined card with 402 and the provider's message, records no payment, and leaves the member free to buy", async () => {
    const member = await product.register('Dee Clined', 'declined@example.com');
    const key = randomUUID();
    const response = await pay(member.token, { package: 'Platinum', stripeToken: 'tok_chargeDeclined' }, key);
    expect([response.statusCode, response.json()]).toEqual([402, { message: 'Your card was declined.' }]);
    // The purchase started and ended without payment; the same attempt again answers the same.
    expect(await typesIn(`membership-${member.user._id}`)).toEqual(['MembershipPurchaseStarted', 'MembershipPurchaseFailed']);
    const again = await pay(member.token, { package: 'Platinum', stripeToken: 'tok_chargeDeclined' }, key);
    expect([again.statusCode, again.json()]).toEqual([402, { message: 'Your card was declined.' }]);
    expect(await paymentsOf(member)).toEqual([]);
    const next = await pay(member.token, { package: 'Platinum', stripeToken: 'tok_visa' });
    expect([next.statusCode, next.json().message]).toEqual([200, 'You are now a Platinum member']);
  });

  it('refuses an unknown or wrongly-cased package with Invalid Package, and a non-test card token, appending nothing', async () => {
    const before = await product.eventCount();
    for (const name of ['gold', 'Diamond', '', 42]) {
      const response = await pay(other.token, { package: name, stripeToken: 'tok_visa' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Invalid Package');
    }
    const missingCard = await pay(other.token, { package: 'Gold' });
    expect(missingCard.statusCode).toBe(400);
    expect(missingCard.json().message).toBe('Card information is incomplete');
    const realCard = await pay(other.token, { package: 'Gold', stripeToken: 'tok_1Pq0a2LkdIwHu7ix' });
    expect(realCard.statusCode).toBe(400);
    expect(realCard.json().message).toBe('This is test mode: use a test card such as 4242 4242 4242 4242');
    for (const stripeToken of ['', '   ', 'x'.repeat(256), 42]) {
      const response = await pay(other.token, { package: 'Gold', stripeToken });
      expect([response.statusCode, response.json().message]).toEqual([400, 'Card information is incomplete']);
    }
    expect(await product.eventCount()).toBe(before);
  });

  it('shows a history only to its owner and admins, newest first, whole or a page at a time, with the total', async () => {
    // Only upgrades are sold now, so a long history is one recorded before that (appended as it was then).
    let position = '';
    for (let index = 0; index < 11; index++) position = await recordPayment(other, 'Silver');
    const wait = { 'x-min-position': position };
    const whole = await product.call('GET', `/payments?email=${other.user.email}`, { token: other.token, headers: wait });
    expect(whole.json()).toHaveLength(11);
    const first = await product.call('GET', `/payments?email=${other.user.email}&skip=0`, { token: other.token });
    expect(first.headers['x-total-count']).toBe('11');
    expect(first.json()).toHaveLength(10);
    const second = await product.call('GET', `/payments?email=${other.user.email}&skip=10`, { token: other.token });
    expect(second.json()).toHaveLength(1);
    const small = await product.call('GET', `/payments?email=${other.user.email.toUpperCase()}&limit=4&skip=8`, { token: other.token });
    expect([small.headers['x-total-count'], (small.json() as PaymentDto[]).map((payment) => payment._id)]).toEqual([
      '11',
      (first.json() as PaymentDto[])
        .slice(8)
        .concat(second.json())
        .map((payment) => payment._id),
    ]);
    const dates = (first.json() as PaymentDto[]).map((payment) => payment.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await product.call('GET', `/payments?email=${other.user.email}`, { token: buyer.token })).statusCode).toBe(403);
    expect((await product.call('GET', `/payments?email=${other.user.email}`, { token: admin.token })).statusCode).toBe(200);
    expect((await product.call('GET', `/payments?email=${other.user.email}`)).statusCode).toBe(401);
    expect((await product.call('GET', '/payments', { token: other.token })).statusCode).toBe(400);
  });

  it('keeps Stripe out of the content security policy without Stripe keys', async () => {
    const policy = (await product.call('GET', '/health')).headers['content-security-policy'] as string;
    expect(policy).not.toContain('stripe');
    expect(policy).toContain("frame-src 'none'");
  });

  it('grants the badge of a recorded payment even when the request died right after recording it', async () => {
    const survivor = await product.register('Sur Vivor', 'survivor@example.com');
    const paymentId = crypto.randomUUID();
    const eventId = crypto.randomUUID();
    // Only the payment reached the log: the answer never left, nothing else ran in the request.
    await product.services.store.append(
      `payment-${paymentId}`,
      [
        {
          eventId,
          type: 'PaymentSucceeded',
          data: {
            paymentId,
            userId: survivor.user._id,
            email: survivor.user.email,
            package: 'Platinum',
            badge: 'platinum',
            amount: 5900,
            currency: 'usd',
            price: '$59',
            provider: 'sandbox',
            providerRef: 'sandbox_crash',
            paidAt: new Date().toISOString(),
          },
          metadata: { eventId, actor: survivor.user._id, correlationId: eventId, causationId: eventId, occurredAt: new Date().toISOString(), schemaVersion: 1 },
        },
      ],
      { expectedVersion: 'no_stream' },
    );
    // Three hops (the policy queues, a worker grants, the projection shows it): seconds under load, not one.
    await expect
      .poll(async () => ((await product.call('GET', `/users/${survivor.user.email}`, { token: survivor.token })).json() as UserDto).badge, { timeout: 15_000 })
      .toBe('Platinum');
  });
});

describe('a payment attempt is recorded once', () => {
  it('given the same Idempotency-Key sent seven times, then one payment is recorded and every answer is the first one', async () => {
    const member = await product.register('Rita Retry', 'rita@example.com');
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 7 }, () => pay(member.token, { package: 'Silver', stripeToken: 'tok_visa' }, key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(7).fill(200));
    expect(new Set(answers.map((answer) => answer.json().message))).toEqual(new Set(['You are now a Silver member']));
    const position = answers
      .map((answer) => answer.json().position as string)
      .sort()
      .at(-1)!;
    const history = await product.call('GET', `/payments?email=${member.user.email}`, { token: member.token, headers: { 'x-min-position': position } });
    expect(history.headers['x-total-count']).toBe('1');

    // The same key for another package is another purchase under a used key: refused, nothing recorded.
    const before = await product.eventCount();
    const reused = await pay(member.token, { package: 'Gold', stripeToken: 'tok_visa' }, key);
    expect([reused.statusCode, reused.json().message]).toEqual([409, 'This payment attempt was already made for another package. Please start a new one.']);
    expect(await product.eventCount()).toBe(before);
  });

  it("given no Idempotency-Key (the spec's client sends none), then the card token names the attempt: the same token pays once", async () => {
    const member = await product.register('Nora Nokey', 'nokey@example.com');
    // Exactly what the spec's client sends: its body, no Idempotency-Key.
    const body = { email: member.user.email, package: 'Silver', badge: 'Silver', price: 19, stripeToken: 'tok_visa' };
    const answers = await Promise.all([1, 2, 3].map(() => product.call('POST', '/payment', { token: member.token, body })));
    expect(answers.map((answer) => [answer.statusCode, answer.json().message])).toEqual(Array(3).fill([200, 'You are now a Silver member']));
    expect(await paymentsOf(member)).toHaveLength(1);
    // Another token, or another package, is another purchase.
    const upgrade = await product.call('POST', '/payment', { token: member.token, body: { ...body, package: 'Gold', badge: 'Gold' } });
    expect([upgrade.statusCode, upgrade.json().message]).toEqual([200, 'You are now a Gold member']);
    expect(await paymentsOf(member)).toHaveLength(2);
  });

  it('refuses a malformed Idempotency-Key, recording nothing', async () => {
    const before = await product.eventCount();
    for (const headers of [{ 'idempotency-key': 'short' }, { 'idempotency-key': 'k'.repeat(256) }] as Record<string, string>[]) {
      const response = await product.call('POST', '/payment', { token: other.token, body: { package: 'Gold', stripeToken: 'tok_visa' }, headers });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toMatch(/Idempotency-Key/);
    }
    expect(await product.eventCount()).toBe(before);
  });
});

describe('one purchase at a time per member', () => {
  const purchase = (member: typeof buyer, packageName: string, key: string = randomUUID()) =>
    pay(member.token, { package: packageName, stripeToken: 'tok_visa' }, key);
  /**
   * A refusal of a purchase that lost to another: 409 naming the plan the member has (`plan` reads the
   * message's start). One that arrived once the other had ended meets the upgrade rule instead.
   */
  const lostTo = (answer: Awaited<ReturnType<typeof pay>>, plan: RegExp) => {
    expect(answer.statusCode, answer.body).toBe(409);
    const { message } = answer.json() as { message: string };
    expect(message).toMatch(plan);
    expect(message).toMatch(/(this one was not charged|only a higher plan can be bought)\.$/);
  };
  /** Appends to a member's streams what a process did before it stopped. */
  async function recorded(stream: string, type: string, data: Record<string, unknown>) {
    const eventId = randomUUID();
    const at = new Date().toISOString();
    const metadata = { eventId, actor: 'test', correlationId: eventId, causationId: eventId, occurredAt: at, schemaVersion: 1 };
    await product.services.store.append(stream, [{ eventId, type, data, metadata }], { expectedVersion: 'any' });
  }
  const started = (member: typeof buyer, paymentId: string, packageName: string, startedAt = new Date().toISOString()) =>
    recorded(`membership-${member.user._id}`, 'MembershipPurchaseStarted', {
      userId: member.user._id,
      paymentId,
      package: packageName,
      provider: 'sandbox',
      startedAt,
    });

  it('given a fresh student sending five Silver purchases at once with five keys, then one is charged and the four others answer 409 with the plan', async () => {
    const member = await product.register('Five Atonce', 'five-at-once@example.com');
    const answers = await Promise.all(Array.from({ length: 5 }, () => purchase(member, 'Silver')));
    expect(answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json().message)).toEqual(['You are now a Silver member']);
    for (const answer of answers.filter((one) => one.statusCode !== 200))
      lostTo(answer, /^You (are now a Silver member|are already a Silver member|have no membership yet): /);
    expect(await paymentsOf(member)).toEqual(['Silver']);
  });

  it('given Silver, Gold and Platinum at once, then the purchases never overlap: one is charged, the others answer 409 with the plan', async () => {
    const member = await product.register('Three Plans', 'three-plans@example.com');
    const answers = await Promise.all(['Silver', 'Gold', 'Platinum'].map((name) => purchase(member, name)));
    // However the three interleave here (in-process; the Stripe suite holds one at Stripe to make them
    // meet), sent at once they are in flight together: one purchase starts and is charged, and a loser
    // that meets it ended (or completes it itself) does not start its own as an upgrade after it.
    const membership = await typesIn(`membership-${member.user._id}`);
    expect(membership).toEqual(['MembershipPurchaseStarted', 'MembershipPurchaseCompleted']);
    const paid = await paymentsOf(member);
    expect(paid).toHaveLength(1);
    const last = paid.at(-1)!;
    expect(answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json().message)).toEqual([`You are now a ${last} member`]);
    for (const answer of answers.filter((one) => one.statusCode !== 200))
      lostTo(answer, new RegExp(`^You (are now a ${last} member|are already a ${last} member|have no membership yet: a purchase of ${last} is under way)`));
  });

  it('given a Gold member sending five Platinum purchases at once, then one Platinum payment', async () => {
    const member = await product.register('Gold Five', 'gold-five@example.com');
    expect((await purchase(member, 'Gold')).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 5 }, () => purchase(member, 'Platinum')));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.statusCode !== 200)) lostTo(answer, /^You (are now a (Platinum|Gold)|are already a Platinum) member: /);
    expect(await paymentsOf(member)).toEqual(['Gold', 'Platinum']);
  });

  it('given a purchase started by a process that stopped before charging, then another purchase waits, and the same attempt sent again resumes it', async () => {
    const member = await product.register('Cut Short', 'cut-short@example.com');
    const key = randomUUID();
    await started(member, attemptPaymentId({ userId: member.user._id, package: 'Silver', token: 'tok_visa', attemptKey: key }), 'Silver');
    lostTo(await purchase(member, 'Gold'), /^You have no membership yet: a purchase of Silver is under way for your account, and this one was not charged\.$/);
    const resumed = await purchase(member, 'Silver', key);
    expect([resumed.statusCode, resumed.json().message]).toEqual([200, 'You are now a Silver member']);
    expect(await paymentsOf(member)).toEqual(['Silver']);
  });

  it('given a purchase whose payment was recorded by a process that stopped before saying so, then the next purchase completes it first', async () => {
    const member = await product.register('Half Done', 'half-done@example.com');
    const paymentId = randomUUID();
    await started(member, paymentId, 'Silver');
    await recorded(`payment-${paymentId}`, 'PaymentSucceeded', {
      paymentId,
      userId: member.user._id,
      email: member.user.email,
      package: 'Silver',
      badge: 'silver',
      amount: 1900,
      currency: 'usd',
      price: '$19',
      provider: 'sandbox',
      providerRef: 'sandbox_half_done',
      paidAt: new Date().toISOString(),
    });
    // Silver is paid for: Silver again is no upgrade, Gold is.
    expect(await purchase(member, 'Silver').then((answer) => [answer.statusCode, answer.json().message])).toEqual([
      409,
      'You are already a Silver member: only a higher plan can be bought.',
    ]);
    expect((await purchase(member, 'Gold')).statusCode).toBe(200);
    expect(await typesIn(`membership-${member.user._id}`)).toEqual([
      'MembershipPurchaseStarted',
      'MembershipPurchaseCompleted',
      'MembershipPurchaseStarted',
      'MembershipPurchaseCompleted',
    ]);
  });

  it('given a purchase left without an outcome past its time, then the next purchase abandons it and is charged', async () => {
    const member = await product.register('Long Gone', 'long-gone@example.com');
    const stale = randomUUID();
    await started(member, stale, 'Platinum', new Date(Date.now() - PURCHASE_TIMEOUT_MS - 1000).toISOString());
    expect((await purchase(member, 'Silver')).statusCode).toBe(200);
    const membership = await product.services.store.readStream(`membership-${member.user._id}`);
    expect(membership.map((event) => [event.type, (event.data as { paymentId: string }).paymentId === stale])).toEqual([
      ['MembershipPurchaseStarted', true],
      ['MembershipPurchaseFailed', true],
      ['MembershipPurchaseStarted', false],
      ['MembershipPurchaseCompleted', false],
    ]);
    expect(await paymentsOf(member)).toEqual(['Silver']);
  });
});

describe('a payment whose badge has not landed', () => {
  // The product queues the grant but runs no worker, as a command-api whose workers are elsewhere (or down).
  let queuing: typeof product;
  beforeAll(async () => {
    queuing = await startProduct({}, { workers: false });
  });
  afterAll(async () => queuing?.stop());

  it('answers 202 pending with the payment\'s position, never "You are now a … member"; the badge lands once a worker runs the queued grant', async () => {
    const member = await queuing.register('Pat Pending', 'pat@example.com');
    const response = await queuing.call('POST', '/payment', {
      token: member.token,
      body: { package: 'Gold', stripeToken: 'tok_visa' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(response.statusCode, response.body).toBe(202);
    const answer = response.json() as { message: string; status: string; position: string };
    expect(answer).toEqual({ message: 'Payment received: your membership starts in a moment.', status: 'pending', position: expect.any(String) });
    const profileAt = async (position: string) =>
      ((await queuing.call('GET', `/users/${member.user.email}`, { token: member.token, headers: { 'x-min-position': position } })).json() as UserDto).badge;
    expect(await profileAt(answer.position)).toBeNull();

    // A worker starts on the same database: the grant that waited in the queue runs.
    const pool = createPool(queuing.databaseUrl, 5);
    const jobs = await createPostgresJobQueue({ pool });
    try {
      await startWorkers(jobs, queuing.services.store);
      await expect.poll(() => profileAt(answer.position), { timeout: 10_000 }).toBe('Gold');
    } finally {
      await jobs.close();
      await pool.end();
    }
  });
});
