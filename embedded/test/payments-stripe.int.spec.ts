import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserDto } from '@hostel/contracts';
import { startProduct } from './harness';

/**
 * Stripe mode, offline: a local HTTP server stands in for Stripe's API host (so the outgoing calls
 * can be checked), and webhooks are signed with Stripe's own test-header helper.
 */
const WEBHOOK_SECRET = 'whsec_test_secret';
const stripe = new Stripe('sk_test_offline');
interface StripeCall {
  path: string;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}
const calls: StripeCall[] = [];

function fakeStripeApi(): Promise<Server> {
  const server = createServer(async (request: IncomingMessage, response) => {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    const form = new URLSearchParams(body);
    calls.push({ path: request.url ?? '', idempotencyKey: request.headers['idempotency-key'] as string | undefined, form });
    const token = form.get('confirmation_token');
    const answer = (status: number, json: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    if (token === 'ctoken_declined') return answer(402, { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
    const intent = { id: `pi_${calls.length}`, object: 'payment_intent', amount: Number(form.get('amount')), currency: form.get('currency'), metadata: {} };
    if (token === 'ctoken_3ds') return answer(200, { ...intent, status: 'requires_action', client_secret: 'pi_secret_3ds' });
    return answer(200, { ...intent, status: 'processing', client_secret: 'pi_secret' });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let api: Server;
let product: Awaited<ReturnType<typeof startProduct>>;
let buyer: Awaited<ReturnType<Awaited<ReturnType<typeof startProduct>>['register']>>;

beforeAll(async () => {
  api = await fakeStripeApi();
  product = await startProduct({
    STRIPE_SECRET_KEY: 'sk_test_offline',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
  });
  buyer = await product.register('Stripe Buyer', 'stripe-buyer@example.com');
});
afterAll(async () => {
  await product?.stop();
  api?.close();
});

function succeeded(intentId: string, overrides: { amount?: number; package?: string } = {}) {
  return JSON.stringify({
    id: `evt_${intentId}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: {
      object: {
        id: intentId,
        object: 'payment_intent',
        amount: overrides.amount ?? 3900,
        amount_received: overrides.amount ?? 3900,
        currency: 'usd',
        status: 'succeeded',
        metadata: { userId: buyer.user._id, email: buyer.user.email, package: overrides.package ?? 'Gold' },
      },
    },
  });
}
function deliver(payload: string, { secret = WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {}) {
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
  return product.call('POST', '/api/webhooks/stripe', { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
}
const badge = async () => ((await product.call('GET', `/users/${buyer.user.email}`, { token: buyer.token })).json() as UserDto).badge;

describe('memberships in Stripe mode', () => {
  it('creates and confirms a PaymentIntent for the catalogue amount with a key per attempt, and grants nothing yet', async () => {
    const before = await product.eventCount();
    const response = await product.call('POST', '/payment', { token: buyer.token, body: { package: 'Gold', stripeToken: 'ctoken_ok', price: 1 } });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ pending: true });
    const call = calls.at(-1)!;
    expect(call.path).toBe('/v1/payment_intents');
    expect(Object.fromEntries(call.form)).toMatchObject({ amount: '3900', currency: 'usd', confirm: 'true', confirmation_token: 'ctoken_ok', 'metadata[userId]': buyer.user._id, 'metadata[package]': 'Gold' });
    expect(call.idempotencyKey).toBe(`membership:${buyer.user._id}:ctoken_ok`);
    // The same attempt again: the same key, so Stripe charges once.
    await product.call('POST', '/payment', { token: buyer.token, body: { package: 'Gold', stripeToken: 'ctoken_ok' } });
    expect(calls.at(-1)!.idempotencyKey).toBe(call.idempotencyKey);
    expect(await product.eventCount()).toBe(before);
  });

  it('hands a 3-D Secure step back to the browser, and answers a decline with 402 and Stripe\'s message', async () => {
    const secure = await product.call('POST', '/payment', { token: buyer.token, body: { package: 'Silver', stripeToken: 'ctoken_3ds' } });
    expect(secure.json()).toEqual({ requiresAction: true, clientSecret: 'pi_secret_3ds' });
    const declined = await product.call('POST', '/payment', { token: buyer.token, body: { package: 'Silver', stripeToken: 'ctoken_declined' } });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ message: 'Your card was declined.' });
  });

  it('refuses webhooks with a bad signature or a stale timestamp, recording nothing', async () => {
    const before = await product.eventCount();
    expect((await deliver(succeeded('pi_forged'), { secret: 'whsec_wrong' })).statusCode).toBe(400);
    expect((await deliver(succeeded('pi_stale'), { timestamp: Math.floor(Date.now() / 1000) - 3600 })).statusCode).toBe(400);
    const unsigned = await product.call('POST', '/api/webhooks/stripe', { payload: succeeded('pi_unsigned'), headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    expect(await product.eventCount()).toBe(before);
  });

  it('fulfils a success once however often it is delivered, and whatever arrives around it', async () => {
    const before = await product.eventCount();
    const early = JSON.stringify({ id: 'evt_processing', object: 'event', type: 'payment_intent.processing', data: { object: { id: 'pi_gold', object: 'payment_intent', metadata: {} } } });
    expect((await deliver(early)).statusCode).toBe(200);
    for (let delivery = 0; delivery < 5; delivery++) expect((await deliver(succeeded('pi_gold'))).statusCode).toBe(200);
    // A late "processing" after the success changes nothing.
    expect((await deliver(early)).statusCode).toBe(200);
    // The grant-badge policy grants from the recorded payment, once.
    await expect.poll(badge).toBe('gold');
    expect(await product.eventCount()).toBe(before + 2); // PaymentSucceeded and UserBadgeGranted, once each
  });

  it('does not fulfil a success that does not match the catalogue', async () => {
    const before = await product.eventCount();
    expect((await deliver(succeeded('pi_cheap', { amount: 100, package: 'Platinum' }))).statusCode).toBe(200);
    expect((await deliver(succeeded('pi_unknown', { package: 'Diamond' }))).statusCode).toBe(200);
    expect(await product.eventCount()).toBe(before);
  });

  it('lets pages load Stripe.js and its frames, in Stripe mode only', async () => {
    const policy = (await product.call('GET', '/health')).headers['content-security-policy'] as string;
    expect(policy).toContain('script-src \'self\' https://js.stripe.com');
    expect(policy).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
  });
});
