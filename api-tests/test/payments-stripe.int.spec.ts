import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentDto, UserDto } from '@hostel/contracts';
import { PURCHASE_TIMEOUT_MS } from '@hostel/domain';
import { startProduct } from '@hostel/embedded/testing';

/**
 * Stripe mode, offline: a local HTTP server stands in for Stripe's API host (so the outgoing calls
 * can be checked, and Stripe's answers chosen by the ConfirmationToken sent), and webhooks are signed
 * with Stripe's own test-header helper.
 */
const WEBHOOK_SECRET = 'whsec_test_secret';
const stripe = new Stripe('sk_test_offline');
interface StripeCall {
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  form: URLSearchParams;
}
const calls: StripeCall[] = [];
/** Resolvers for "Stripe has been asked about this ConfirmationToken": tests wait on these, never on the clock. */
const seen = new Map<string, { promise: Promise<void>; resolve: () => void }>();
function callSeen(token: string) {
  if (!seen.has(token)) {
    let resolve!: () => void;
    const promise = new Promise<void>((done) => (resolve = done));
    seen.set(token, { promise, resolve });
  }
  return seen.get(token)!;
}
/** The PaymentIntent id the stand-in gives to the attempt made with `token`. */
const intentFor = (token: string) => `pi_${token}`;

/** Answers held back until a test releases them (`ctoken_hold…`): a purchase kept at Stripe while others arrive. */
const held = new Map<string, () => void>();
const release = (token: string) => held.get(token)?.();
/** What the stand-in says of PaymentIntents it did not make (a purchase left open by an earlier process): their status. */
const otherIntents = new Map<string, string>();

function fakeStripeApi(): Promise<Server> {
  const server = createServer(async (request: IncomingMessage, response) => {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    const form = new URLSearchParams(body);
    calls.push({
      path: request.url ?? '',
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      authorization: request.headers.authorization,
      form,
    });
    const json = (status: number, answer: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    // Cancel and retrieve, for PaymentIntents a purchase left open: canceled unless Stripe already took the money.
    const intentCall = /^\/v1\/payment_intents\/(pi_[\w]+)(\/cancel)?$/.exec(request.url ?? '');
    if (intentCall) {
      const [, id, cancel] = intentCall as unknown as [string, string, string | undefined];
      const status = otherIntents.get(id) ?? 'requires_action';
      if (cancel && status !== 'requires_action')
        return json(400, { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `It has a status of ${status}.` } });
      if (cancel) otherIntents.set(id, 'canceled');
      return json(200, { id, object: 'payment_intent', status: cancel ? 'canceled' : status, metadata: {} });
    }
    const token = form.get('confirmation_token') ?? '';
    if (token.startsWith('ctoken_hold')) {
      callSeen(`${token}:received`).resolve();
      await new Promise<void>((resolve) => held.set(token, resolve));
    }
    const answer = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(json));
      callSeen(token).resolve();
    };
    const intent = {
      id: intentFor(token),
      object: 'payment_intent',
      amount: Number(form.get('amount')),
      currency: form.get('currency'),
      metadata: {},
      client_secret: `${intentFor(token)}_secret`,
    };
    if (token === 'ctoken_declined') return answer(402, { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
    if (token === 'ctoken_outage')
      return answer(500, { error: { type: 'api_error', message: 'An unknown error occurred' } }, { 'stripe-should-retry': 'false' });
    if (token === 'ctoken_reused')
      return answer(400, {
        error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.' },
      });
    if (token === 'ctoken_3ds') return answer(200, { ...intent, status: 'requires_action' });
    if (token === 'ctoken_no_funds')
      return answer(200, {
        ...intent,
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', message: 'Your card has insufficient funds.' },
      });
    if (token.startsWith('ctoken_instant')) return answer(200, { ...intent, status: 'succeeded' });
    return answer(200, { ...intent, status: 'processing' });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let api: Server;
let product: Awaited<ReturnType<typeof startProduct>>;
type Member = Awaited<ReturnType<Awaited<ReturnType<typeof startProduct>>['register']>>;
let buyer: Member;
let members = 0;
/** A member of their own, so tests do not depend on each other's badges. */
const newMember = () => product.register(`Member ${++members}`, `stripe-member-${members}@example.com`);

beforeAll(async () => {
  api = await fakeStripeApi();
  product = await startProduct({
    STRIPE_SECRET_KEY: 'sk_test_offline',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
  });
  buyer = await newMember();
});
afterAll(async () => {
  await product?.stop();
  api?.close();
});

/** The purchase (metadata paymentId) a PaymentIntent the product created pays for, as Stripe keeps it. */
const purchaseOf = (intentId: string) =>
  calls.find((call) => intentFor(call.form.get('confirmation_token') ?? '') === intentId)?.form.get('metadata[paymentId]');

function intentEvent(
  type: string,
  intentId: string,
  member: Member,
  overrides: { amount?: number; package?: string; currency?: string; eventId?: string } = {},
) {
  const paymentId = purchaseOf(intentId);
  return JSON.stringify({
    id: overrides.eventId ?? `evt_${type}_${intentId}`,
    object: 'event',
    type,
    data: {
      object: {
        id: intentId,
        object: 'payment_intent',
        amount: overrides.amount ?? 3900,
        amount_received: type === 'payment_intent.succeeded' ? (overrides.amount ?? 3900) : 0,
        currency: overrides.currency ?? 'usd',
        status: type === 'payment_intent.succeeded' ? 'succeeded' : 'processing',
        metadata: { userId: member.user._id, email: member.user.email, package: overrides.package ?? 'Gold', ...(paymentId ? { paymentId } : {}) },
      },
    },
  });
}
const succeeded = (intentId: string, member: Member = buyer, overrides: Parameters<typeof intentEvent>[3] = {}) =>
  intentEvent('payment_intent.succeeded', intentId, member, overrides);
function deliver(payload: string, { secret = WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {}) {
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
  return product.call('POST', '/api/webhooks/stripe', { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
}
const profileOf = async (member: Member, position?: string) =>
  (
    await product.call('GET', `/users/${member.user.email}`, { token: member.token, ...(position ? { headers: { 'x-min-position': position } } : {}) })
  ).json() as UserDto;
/** The member's badge once every projection has passed what was written before (a fresh account's row included). */
const badgeOf = async (member: Member) => {
  await product.caughtUp();
  return (await profileOf(member)).badge;
};
const historyOf = async (member: Member, position?: string) =>
  (
    await product.call('GET', `/payments?email=${member.user.email}`, { token: member.token, ...(position ? { headers: { 'x-min-position': position } } : {}) })
  ).json() as PaymentDto[];
/** An event as a process of the product records it. */
function recorded(type: string, data: Record<string, unknown>) {
  const eventId = randomUUID();
  const at = new Date().toISOString();
  return { eventId, type, data, metadata: { eventId, actor: 'test', correlationId: eventId, causationId: eventId, occurredAt: at, schemaVersion: 1 } };
}
const pay = (member: Member, body: Record<string, unknown>, idempotencyKey: string = randomUUID()) =>
  product.call('POST', '/payment', { token: member.token, body, headers: { 'idempotency-key': idempotencyKey } });

/** Events of types `types` about the member (in any of their streams), in order. */
const eventsOf = async (member: Member, types: string[]) =>
  (
    await product.sql<{ type: string }>(`select type from eventstore.events where data->>'userId' = $1 and type = any($2) order by global_position`, [
      member.user._id,
      types,
    ])
  ).map((row) => row.type);
const paymentsOf = (member: Member) => eventsOf(member, ['PaymentSucceeded']);
const membershipOf = async (member: Member) => (await product.services.store.readStream(`membership-${member.user._id}`)).map((event) => event.type);
/** Calls to create a PaymentIntent for the member. */
const intentsOf = (member: Member) => calls.filter((call) => call.path === '/v1/payment_intents' && call.form.get('metadata[userId]') === member.user._id);

describe('memberships in Stripe mode: the PaymentIntent', () => {
  it('creates and confirms a PaymentIntent for the catalogue amount with a key per purchase, and grants nothing yet', async () => {
    const attempt = randomUUID();
    const response = await pay(buyer, { package: 'Gold', stripeToken: 'ctoken_ok', price: 1, amount: 1, badge: 'platinum' }, attempt);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ status: 'pending' });
    const call = calls.at(-1)!;
    expect(call.path).toBe('/v1/payment_intents');
    expect(call.authorization).toBe('Bearer sk_test_offline');
    const paymentId = call.form.get('metadata[paymentId]');
    expect(Object.fromEntries(call.form)).toEqual({
      amount: '3900',
      currency: 'usd',
      confirm: 'true',
      confirmation_token: 'ctoken_ok',
      'metadata[userId]': buyer.user._id,
      'metadata[email]': buyer.user.email,
      'metadata[package]': 'Gold',
      'metadata[paymentId]': expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(call.idempotencyKey).toBe(`membership-purchase:${paymentId}`);
    // The same attempt again (its Idempotency-Key): the same key, so Stripe charges once.
    await pay(buyer, { package: 'Gold', stripeToken: 'ctoken_ok' }, attempt);
    expect(calls.at(-1)!.idempotencyKey).toBe(call.idempotencyKey);
    // The purchase waits for Stripe's word; nothing is paid or granted yet.
    expect(await membershipOf(buyer)).toEqual(['MembershipPurchaseStarted', 'MembershipPurchaseAwaitingProvider']);
    expect(await paymentsOf(buyer)).toEqual([]);
    expect(await badgeOf(buyer)).toBeNull();
    // Every package at its catalogue price.
    for (const [name, amount] of [
      ['Silver', '1900'],
      ['Platinum', '5900'],
    ]) {
      await pay(await newMember(), { package: name, stripeToken: `ctoken_ok_${name}` });
      expect(calls.at(-1)!.form.get('amount')).toBe(amount);
    }
  });

  it('given purchases of any plans and keys sent while Stripe is still answering one, then only that one reaches Stripe; the others answer 409', async () => {
    const member = await newMember();
    const first = pay(member, { package: 'Gold', stripeToken: 'ctoken_hold_first' });
    await callSeen('ctoken_hold_first:received').promise;
    const others = await Promise.all(
      ['Silver', 'Gold', 'Platinum', 'Platinum'].map((name, index) => pay(member, { package: name, stripeToken: `ctoken_ok_other_${index}` })),
    );
    for (const answer of others)
      expect([answer.statusCode, answer.json()]).toEqual([
        409,
        { message: 'You have no membership yet: a purchase of Gold is under way for your account, and this one was not charged.' },
      ]);
    release('ctoken_hold_first');
    expect((await first).statusCode).toBe(202);
    expect(intentsOf(member).map((call) => call.form.get('confirmation_token'))).toEqual(['ctoken_hold_first']);
    // Stripe's word comes: one payment, and the member may buy again.
    expect((await deliver(succeeded(intentFor('ctoken_hold_first'), member))).statusCode).toBe(200);
    expect(await paymentsOf(member)).toEqual(['PaymentSucceeded']);
    expect(await membershipOf(member)).toEqual(['MembershipPurchaseStarted', 'MembershipPurchaseAwaitingProvider', 'MembershipPurchaseCompleted']);
    expect((await pay(member, { package: 'Platinum', stripeToken: 'ctoken_ok_after' })).statusCode).toBe(202);
  });

  it('hands a 3-D Secure step back to the browser; the purchase waits for it, and a canceled one frees the member', async () => {
    const member = await newMember();
    const secure = await pay(member, { package: 'Silver', stripeToken: 'ctoken_3ds' });
    expect(secure.statusCode).toBe(200);
    expect(secure.json()).toEqual({ requiresAction: true, clientSecret: `${intentFor('ctoken_3ds')}_secret` });
    const meanwhile = await pay(member, { package: 'Gold', stripeToken: 'ctoken_ok_meanwhile' });
    expect(meanwhile.statusCode).toBe(409);
    expect(intentsOf(member)).toHaveLength(1);
    expect((await deliver(intentEvent('payment_intent.canceled', intentFor('ctoken_3ds'), member, { package: 'Silver', amount: 1900 }))).statusCode).toBe(200);
    expect(await membershipOf(member)).toEqual(['MembershipPurchaseStarted', 'MembershipPurchaseAwaitingProvider', 'MembershipPurchaseFailed']);
    expect((await pay(member, { package: 'Gold', stripeToken: 'ctoken_ok_after_3ds' })).statusCode).toBe(202);
  });

  it("answers a decline with 402 and Stripe's message (the member free to buy again), an outage with 502 and a reused attempt with 409, recording no payment", async () => {
    const [declinedMember, outageMember, reusedMember] = [await newMember(), await newMember(), await newMember()];
    const declined = await pay(declinedMember, { package: 'Silver', stripeToken: 'ctoken_declined' });
    expect([declined.statusCode, declined.json()]).toEqual([402, { message: 'Your card was declined.' }]);
    const noFunds = await pay(declinedMember, { package: 'Silver', stripeToken: 'ctoken_no_funds' });
    expect([noFunds.statusCode, noFunds.json()]).toEqual([402, { message: 'Your card has insufficient funds.' }]);
    expect(await membershipOf(declinedMember)).toEqual([
      'MembershipPurchaseStarted',
      'MembershipPurchaseFailed',
      'MembershipPurchaseStarted',
      'MembershipPurchaseFailed',
    ]);
    const outage = await pay(outageMember, { package: 'Silver', stripeToken: 'ctoken_outage' });
    expect(outage.statusCode).toBe(502);
    expect(outage.json().message).toMatch(/could not be reached/);
    const reused = await pay(reusedMember, { package: 'Silver', stripeToken: 'ctoken_reused' });
    expect(reused.statusCode).toBe(409);
    expect(typeof reused.json().message).toBe('string');
    for (const member of [declinedMember, outageMember, reusedMember]) expect(await paymentsOf(member)).toEqual([]);
  });

  it('given a purchase left at Stripe past its time, then the next purchase cancels its PaymentIntent first; one Stripe has taken keeps the member waiting', async () => {
    const [member, taken] = [await newMember(), await newMember()];
    const longAgo = new Date(Date.now() - PURCHASE_TIMEOUT_MS - 1000).toISOString();
    for (const [who, intent] of [
      [member, 'pi_left_unfinished'],
      [taken, 'pi_taken_meanwhile'],
    ] as const) {
      const paymentId = randomUUID();
      await product.services.store.append(
        `membership-${who.user._id}`,
        [
          recorded('MembershipPurchaseStarted', { userId: who.user._id, paymentId, package: 'Platinum', provider: 'stripe', startedAt: longAgo }),
          recorded('MembershipPurchaseAwaitingProvider', { userId: who.user._id, paymentId, paymentIntentId: intent }),
        ],
        { expectedVersion: 'no_stream' },
      );
    }
    otherIntents.set('pi_taken_meanwhile', 'processing');

    expect((await pay(member, { package: 'Silver', stripeToken: 'ctoken_ok_after_stale' })).statusCode).toBe(202);
    expect(calls.some((call) => call.path === '/v1/payment_intents/pi_left_unfinished/cancel')).toBe(true);
    expect(await membershipOf(member)).toEqual([
      'MembershipPurchaseStarted',
      'MembershipPurchaseAwaitingProvider',
      'MembershipPurchaseFailed',
      'MembershipPurchaseStarted',
      'MembershipPurchaseAwaitingProvider',
    ]);

    const waiting = await pay(taken, { package: 'Silver', stripeToken: 'ctoken_ok_while_taken' });
    expect([waiting.statusCode, waiting.json().message]).toEqual([
      409,
      'You have no membership yet: a purchase of Platinum is under way for your account, and this one was not charged.',
    ]);
    expect(intentsOf(taken)).toEqual([]);
  });

  it("answers like the sandbox when Stripe's signed confirmation arrives while the member waits", async () => {
    const member = await newMember();
    const token = 'ctoken_instant_webhook';
    const answered = pay(member, { package: 'Platinum', stripeToken: token });
    // Stripe has taken the money; its webhook arrives while the request is still open.
    await callSeen(token).promise;
    expect((await deliver(succeeded(intentFor(token), member, { package: 'Platinum', amount: 5900 }))).statusCode).toBe(200);
    const response = await answered;
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as { message: string; badge: string; position: string };
    expect(answer).toMatchObject({ message: 'You are now a Platinum member', badge: 'Platinum' });
    expect((await profileOf(member, answer.position)).badge).toBe('Platinum');
    expect(await historyOf(member, answer.position)).toEqual([
      expect.objectContaining({ package: 'Platinum', badge: 'Platinum', price: '$59', amount: 5900, currency: 'usd', providerRef: intentFor(token) }),
    ]);
    expect(await membershipOf(member)).toEqual(['MembershipPurchaseStarted', 'MembershipPurchaseAwaitingProvider', 'MembershipPurchaseCompleted']);
  });

  it("refuses a plan that would not raise the member's badge with 409 before Stripe is asked to charge anything", async () => {
    const member = await newMember();
    const granted = await deliver(succeeded('pi_gold_first', member, { package: 'Gold', amount: 3900 }));
    expect(granted.statusCode).toBe(200);
    await expect.poll(() => badgeOf(member), { timeout: 15_000 }).toBe('Gold');
    const before = await product.eventCount();
    const charges = calls.length;
    for (const name of ['Silver', 'Gold']) {
      const response = await pay(member, { package: name, stripeToken: `ctoken_ok_lower_${name}` });
      expect([response.statusCode, response.json()]).toEqual([409, { message: 'You are already a Gold member: only a higher plan can be bought.' }]);
    }
    expect(calls.length).toBe(charges);
    expect(await product.eventCount()).toBe(before);
  });

  it('answers 202 (pending) when Stripe took the money but its confirmation has not arrived within the wait, recording no payment itself', async () => {
    const member = await newMember();
    const response = await pay(member, { package: 'Silver', stripeToken: 'ctoken_instant_late' });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ status: 'pending' });
    expect(await paymentsOf(member)).toEqual([]);
  });
});

describe('memberships in Stripe mode: the webhook', () => {
  it('refuses webhooks with a bad signature or a stale timestamp, recording nothing', async () => {
    const before = await product.eventCount();
    const forged = await deliver(succeeded('pi_forged'), { secret: 'whsec_wrong' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toMatch(/signature/i);
    const stale = await deliver(succeeded('pi_stale'), { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toMatch(/tolerance/i);
    const unsigned = await product.call('POST', '/api/webhooks/stripe', { payload: succeeded('pi_unsigned'), headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    // Signed, then altered on the way: the signature no longer matches the bytes.
    const payload = succeeded('pi_tampered');
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await product.call('POST', '/api/webhooks/stripe', {
      payload: payload.replace('"amount_received":3900', '"amount_received":390000'),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(tampered.statusCode).toBe(400);
    expect(await product.eventCount()).toBe(before);
  });

  it('fulfils a success once however often it is delivered, one after another', async () => {
    const member = await newMember();
    const before = await product.eventCount();
    const processing = intentEvent('payment_intent.processing', 'pi_gold', member);
    expect((await deliver(processing)).statusCode).toBe(200);
    for (let delivery = 0; delivery < 5; delivery++) expect((await deliver(succeeded('pi_gold', member))).statusCode).toBe(200);
    // A late "processing" after the success changes nothing.
    expect((await deliver(processing)).statusCode).toBe(200);
    // The grant-badge policy grants from the recorded payment, once.
    await expect.poll(() => badgeOf(member)).toBe('Gold');
    expect(await product.eventCount()).toBe(before + 2); // PaymentSucceeded and UserBadgeGranted, once each
    expect(await historyOf(member)).toHaveLength(1);
  });

  it('fulfils a success once when five deliveries arrive at the same time', async () => {
    const member = await newMember();
    const before = await product.eventCount();
    const payload = succeeded('pi_parallel', member, { package: 'Silver', amount: 1900 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(payload)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await expect.poll(() => badgeOf(member)).toBe('Silver');
    expect(await product.eventCount()).toBe(before + 2);
  });

  it('is order-safe: a failure, then the success, then the older events; the better badge wins whatever order the grants run in', async () => {
    const [member, sentinel] = [await newMember(), await newMember()];
    const before = await product.eventCount();
    // An earlier attempt failed; a later one (Platinum) succeeded; the Silver success is delivered last.
    expect((await deliver(intentEvent('payment_intent.payment_failed', 'pi_first_try', member))).statusCode).toBe(200);
    expect((await deliver(succeeded('pi_platinum', member, { package: 'Platinum', amount: 5900 }))).statusCode).toBe(200);
    expect((await deliver(intentEvent('payment_intent.created', 'pi_platinum', member, { package: 'Platinum', amount: 5900 }))).statusCode).toBe(200);
    expect((await deliver(succeeded('pi_silver', member, { package: 'Silver', amount: 1900 }))).statusCode).toBe(200);
    expect((await deliver(succeeded('pi_sentinel', sentinel))).statusCode).toBe(200);
    await expect.poll(() => badgeOf(sentinel)).toBe('Gold');
    // The two grants are jobs the worker may run side by side (members' commands do not wait for
    // each other), so either may run first: Platinum alone (Silver then changes nothing), or Silver
    // and then Platinum. Never Silver after Platinum.
    const grants = async () =>
      (
        await product.sql<{ badge: string }>(
          `select data->>'badge' as badge from eventstore.events where type = 'UserBadgeGranted' and data->>'userId' = $1 order by global_position`,
          [member.user._id],
        )
      ).map((row) => row.badge);
    await expect.poll(() => badgeOf(member)).toBe('Platinum');
    expect([['platinum'], ['silver', 'platinum']]).toContainEqual(await grants());
    expect((await historyOf(member)).map((payment) => payment.package).sort()).toEqual(['Platinum', 'Silver']);
    // Two payments and their grants for the member, the sentinel's payment and grant besides: nothing else.
    expect(await product.eventCount()).toBe(before + 2 + (await grants()).length + 2);
  });

  it('does not fulfil a success that does not match the catalogue', async () => {
    const member = await newMember();
    const before = await product.eventCount();
    expect((await deliver(succeeded('pi_cheap', member, { amount: 100, package: 'Platinum' }))).statusCode).toBe(200);
    expect((await deliver(succeeded('pi_unknown', member, { package: 'Diamond' }))).statusCode).toBe(200);
    expect((await deliver(succeeded('pi_euros', member, { currency: 'eur' }))).statusCode).toBe(200);
    expect(await product.eventCount()).toBe(before);
  });

  it('answers bad input to its routes with 4xx and a message, never 5xx, and appends nothing', async () => {
    const before = await product.eventCount();
    const hostile = [
      '[]',
      '42',
      'null',
      '{"__proto__": {"package": "Gold"}}',
      '{"package": ',
      JSON.stringify({ package: 'Gold', stripeToken: 'x'.repeat(400_000) }),
    ];
    for (const payload of hostile) {
      for (const [url, headers] of [
        ['/payment', { authorization: `Bearer ${buyer.token}` }],
        ['/api/webhooks/stripe', {}],
        ['/api/webhooks/stripe', { 'stripe-signature': 't=1,v1=deadbeef' }],
      ] as const) {
        const response = await product.call('POST', url, { payload, headers: { 'content-type': 'application/json', ...headers } });
        const context = `${url} with ${payload.slice(0, 40)}: ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, context).toBeLessThan(500);
        expect(typeof response.json().message, context).toBe('string');
      }
    }
    // Correctly signed, but not an event Stripe would send.
    expect((await deliver('{"not": "an event"}')).statusCode).toBe(200);
    expect(await product.eventCount()).toBe(before);
  });

  it('lets pages load Stripe.js and its frames, in Stripe mode only', async () => {
    const policy = (await product.call('GET', '/health')).headers['content-security-policy'] as string;
    expect(policy).toContain("script-src 'self' https://js.stripe.com");
    expect(policy).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
  });
});
