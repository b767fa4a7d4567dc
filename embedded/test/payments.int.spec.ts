import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentDto, UserDto } from '@hostel/contracts';
import { startWorkers } from '@hostel/command-api';
import { createPostgresJobQueue } from '@hostel/messaging/job-queue';
import { createPool } from '@hostel/platform/db';
import { formatPosition } from '@hostel/eventstore';
import { startProduct } from './harness';

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
    expect(answer).toMatchObject({ message: 'You are now a Gold member', badge: 'gold' });
    expect((await profile(answer.position)).badge).toBe('gold');

    const history = await product.call('GET', `/payments?email=${buyer.user.email}`, { token: buyer.token, headers: { 'x-min-position': answer.position } });
    expect(history.headers['x-total-count']).toBe('1');
    expect(history.json()).toEqual([
      expect.objectContaining({
        email: 'bea@example.com',
        package: 'Gold',
        badge: 'gold',
        price: '$39',
        amount: 3900,
        currency: 'usd',
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

  it("refuses a declined card with 402 and the provider's message, and records nothing", async () => {
    const before = await product.eventCount();
    const response = await pay(other.token, { package: 'Platinum', stripeToken: 'tok_chargeDeclined' });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ message: 'Your card was declined.' });
    expect(await product.eventCount()).toBe(before);
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

  it('shows a history only to its owner and admins, paged newest first with the total', async () => {
    // Only upgrades are sold now, so a long history is one recorded before that (appended as it was then).
    let position = '';
    for (let index = 0; index < 11; index++) position = await recordPayment(other, 'Silver');
    const wait = { 'x-min-position': position };
    const first = await product.call('GET', `/payments?email=${other.user.email}`, { token: other.token, headers: wait });
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
      .toBe('platinum');
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

  it('refuses a payment without an Idempotency-Key, recording nothing', async () => {
    const before = await product.eventCount();
    for (const headers of [{}, { 'idempotency-key': 'short' }, { 'idempotency-key': 'k'.repeat(256) }] as Record<string, string>[]) {
      const response = await product.call('POST', '/payment', { token: other.token, body: { package: 'Gold', stripeToken: 'tok_visa' }, headers });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toMatch(/Idempotency-Key/);
    }
    expect(await product.eventCount()).toBe(before);
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
      await expect.poll(() => profileAt(answer.position), { timeout: 10_000 }).toBe('gold');
    } finally {
      await jobs.close();
      await pool.end();
    }
  });
});
