import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDiff, AuditEvent, AuditPage, AuditState, PaymentTrail } from '@hostel/contracts';
import { UPCOMING_PUBLISH_THRESHOLD } from '@hostel/contracts';
import { io as connectClient } from 'socket.io-client';
import { startProduct } from '@hostel/embedded/testing';

/**
 * The auditors' half of the product through HTTP: timelines, state at a moment, what changed,
 * search, correlations, payment trails, exports (themselves recorded) and digests.
 */
let product: Awaited<ReturnType<typeof startProduct>>;
let admin: Awaited<ReturnType<typeof product.registerVerified>>;
let auditorToken: string;
let student: Awaited<ReturnType<typeof product.register>>;
let mealId: string;
/** Where every read below must have caught up to. */
let position = '';
const meta: { afterFirstEdit?: string } = {};

const audit = async <T>(url: string, token = auditorToken) => {
  const response = await product.call('GET', url, { token, headers: { 'x-min-position': position } });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
};
const track = (answer: { json(): unknown }) => {
  const found = (answer.json() as { position?: string }).position;
  if (found) position = found;
  return answer;
};

beforeAll(async () => {
  product = await startProduct({ RATE_LIMITS: 'off' });
  admin = await product.registerVerified('Boss', 'boss@hostel.test');
  const auditor = await product.registerVerified('Audrey Auditor', 'audrey@example.com');
  await product.call('PATCH', `/users/auditor/${auditor.user._id}`, { token: admin.token });
  auditorToken = (
    (await product.call('POST', '/api/auth/login', { body: { email: 'audrey@example.com', password: 'secret-pass-1' } })).json() as { token: string }
  ).token;
  student = await product.register('Sam Student', 'sam@example.com');

  // A meal's life: added, edited twice (its ingredients among the changes), liked, reviewed.
  const added = await product.addMeal(admin.token, { title: 'Dal Tadka', ingredients: 'lentils, garlic' });
  mealId = added._id;
  position = added.position;
  track(await product.call('PATCH', `/api/meals/${mealId}`, { token: admin.token, body: { price: 5.5 } }));
  meta.afterFirstEdit = new Date().toISOString();
  track(await product.call('PATCH', `/api/meals/${mealId}`, { token: admin.token, body: { ingredients: 'lentils, ghee, cumin', title: 'Dal Tadka Deluxe' } }));
  track(await product.call('PATCH', `/api/meals/${mealId}/like`, { token: student.token }));
  track(await product.call('POST', '/api/reviews', { token: student.token, body: { mealId, review: 'Rich and smoky' } }));
});
afterAll(async () => product?.stop());

describe('the audit trail', () => {
  it("shows a meal's complete history in commit order, its own stream's and others' (the review), each attributed", async () => {
    const { events } = await audit<AuditPage>(`/api/audit/meals/${mealId}`);
    expect(events.map((event) => event.type)).toEqual(['MealAdded', 'MealEdited', 'MealEdited', 'MealLiked', 'ReviewAdded']);
    const positions = events.map((event) => event.position.split('/').map(BigInt) as [bigint, bigint]);
    expect(positions).toEqual([...positions].sort((a, b) => (a[0] === b[0] ? Number(a[1] - b[1]) : Number(a[0] - b[0]))));
    expect(events[0]).toMatchObject({
      stream: `meal-${mealId}`,
      version: 0,
      actor: { id: admin.user._id, email: 'boss@hostel.test', name: 'Boss' },
      schemaVersion: 2,
    });
    expect(events[3]?.actor).toMatchObject({ id: student.user._id, email: 'sam@example.com' });
    expect(events[4]?.stream).toMatch(/^review-/);
    for (const event of events) expect(event.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('pages by position: after= and limit=, never an offset', async () => {
    const first = await audit<AuditPage>(`/api/audit/meals/${mealId}?limit=2`);
    expect(first.events).toHaveLength(2);
    expect(first.next).toBe(first.events[1]?.position);
    const second = await audit<AuditPage>(`/api/audit/meals/${mealId}?limit=2&after=${first.next}`);
    expect(second.events.map((event) => event.type)).toEqual(['MealEdited', 'MealLiked']);
    const last = await audit<AuditPage>(`/api/audit/meals/${mealId}?limit=2&after=${second.next}`);
    expect(last.events.map((event) => event.type)).toEqual(['ReviewAdded']);
    expect(last.next).toBeUndefined();
  });

  it('opens on the newest events (newest=true: the last `limit`, in commit order), as a live tail does', async () => {
    const newest = await audit<AuditPage>(`/api/audit/events?entity=meals:${mealId}&newest=true&limit=2`);
    expect(newest.events.map((event) => event.type)).toEqual(['MealLiked', 'ReviewAdded']);
    expect(newest.next).toBeUndefined();
    const wholeLog = await audit<AuditPage>('/api/audit/events?newest=true&limit=3');
    expect(wholeLog.events).toHaveLength(3);
    const both = await product.call('GET', `/api/audit/events?newest=true&after=${newest.events[0]!.position}`, { token: admin.token });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toMatch(/newest and after do not go together/);
  });

  it('answers the meal as it stood at a moment between two edits, with the event that made it so, and 404 before it existed', async () => {
    const between = await audit<AuditState>(`/api/audit/meals/${mealId}/state?at=${meta.afterFirstEdit}`);
    expect([between.version, between.versions, between.event.type]).toEqual([2, 5, 'MealEdited']);
    expect(between.state).toMatchObject({ title: 'Dal Tadka', price: 5.5, ingredients: ['lentils', 'garlic'] });
    const byVersion = await audit<AuditState>(`/api/audit/meals/${mealId}/state?version=3`);
    expect(byVersion.state).toMatchObject({ title: 'Dal Tadka Deluxe', ingredients: ['lentils', 'ghee', 'cumin'] });
    const before = await product.call('GET', `/api/audit/meals/${mealId}/state?at=2000-01-01T00:00:00Z`, { token: auditorToken });
    expect([before.statusCode, before.json().message]).toEqual([404, 'It did not exist then']);
  });

  it("counts a meal's likes and reviews, each recorded in a stream of its own, in its state", async () => {
    const now = await audit<AuditState>(`/api/audit/meals/${mealId}/state?at=${new Date().toISOString()}`);
    expect(now.state).toMatchObject({ status: 'listed', likes: 1, reviews: 1 });
    expect(now.event).toMatchObject({ type: 'ReviewAdded', actor: { id: student.user._id } });
    // The like came after the second edit: the state after that edit has none.
    const beforeTheLike = await audit<AuditState>(`/api/audit/meals/${mealId}/state?version=3`);
    expect(beforeTheLike.state).toMatchObject({ likes: 0, reviews: 0 });
  });

  it("answers a cancelled request's state: Cancelled, as its timeline shows", async () => {
    const request = track(await product.call('POST', '/api/mealRequests', { token: student.token, body: { mealId } })).json() as { _id: string };
    track(await product.call('DELETE', `/api/mealRequests/${request._id}`, { token: student.token }));
    const { events } = await audit<AuditPage>(`/api/audit/requests/${request._id}`);
    expect(events.map((event) => event.type)).toEqual(['MealRequested', 'MealRequestCancelled']);
    const state = await audit<AuditState>(`/api/audit/requests/${request._id}/state`);
    expect([state.version, state.state.status]).toEqual([2, 'Cancelled']);
  });

  it('tells what changed between two versions, field by field and list element by element, each step attributed', async () => {
    const diff = await audit<AuditDiff>(`/api/audit/meals/${mealId}/diff?from=2&to=3`);
    expect(diff.steps).toHaveLength(1);
    expect(diff.steps[0]).toMatchObject({ version: 3, type: 'MealEdited', actor: { id: admin.user._id, email: 'boss@hostel.test' } });
    expect(diff.steps[0]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'title', from: 'Dal Tadka', to: 'Dal Tadka Deluxe' },
        { field: 'ingredients', added: ['ghee', 'cumin'], removed: ['garlic'] },
      ]),
    );
  });

  it('searches the whole log by actor (email or id), type and entity, and keeps secrets out', async () => {
    const bySam = await audit<AuditPage>('/api/audit/events?actor=SAM@example.com&limit=100');
    expect(new Set(bySam.events.map((event) => event.type))).toEqual(
      new Set(['UserRegistered', 'UserPasswordSet', 'UserEmailVerificationSent', 'MealLiked', 'ReviewAdded', 'MealRequested', 'MealRequestCancelled']),
    );
    const likes = await audit<AuditPage>(`/api/audit/events?type=MealLiked&entity=meals:${mealId}`);
    expect(likes.events.map((event) => event.actor)).toEqual([expect.objectContaining({ id: student.user._id })]);
    const passwords = await audit<AuditPage>('/api/audit/events?type=UserPasswordSet&limit=100');
    expect(passwords.events.length).toBeGreaterThan(0);
    expect(JSON.stringify(passwords)).not.toMatch(/argon2/);
    for (const event of passwords.events) expect(event.data.passwordHash).toBe('[redacted]');
  });

  it('follows one request across streams: a like that reaches the threshold, the publication, the catalogue entry', async () => {
    const image = await product.upload(admin.token);
    const upcoming = (
      await product.call('POST', '/api/upcomingMeals', {
        token: admin.token,
        body: { title: 'Vote Biryani', category: 'Lunch', image, ingredients: 'rice', description: 'On the vote', price: 7 },
      })
    ).json()._id as string;
    let last: { json(): { position?: string } } | undefined;
    for (let index = 0; index < UPCOMING_PUBLISH_THRESHOLD; index++) {
      const member = await product.register(`Voter ${index}`, `voter-${index}@example.com`);
      await product.call('POST', '/payment', {
        token: member.token,
        body: { package: 'Silver', stripeToken: 'tok_visa' },
        headers: { 'idempotency-key': randomUUID() },
      });
      last = await product.call('PATCH', `/api/upcomingMeals/${upcoming}/like`, { token: member.token });
    }
    track(last!);
    const tenth = (await audit<AuditPage>(`/api/audit/upcoming/${upcoming}?limit=100`)).events.find((event) => event.type === 'UpcomingMealThresholdReached')!;
    const chain = await audit<AuditPage>(`/api/audit/correlations/${tenth.correlationId}`);
    expect(chain.events.map((event) => event.type)).toEqual(['UpcomingMealLiked', 'UpcomingMealThresholdReached', 'UpcomingMealPublished', 'MealAdded']);
    expect(new Set(chain.events.map((event) => event.stream.split('-')[0]))).toEqual(new Set(['upcoming', 'meal']));
    expect(chain.events.slice(2).map((event) => event.actor)).toEqual(['system', 'system']);
  });

  it("answers a member's payment trail: the amount, the price shown, the provider's reference and the badge it granted", async () => {
    const member = await product.register('Pia Payer', 'pia@example.com');
    track(
      await product.call('POST', '/payment', {
        token: member.token,
        body: { package: 'Gold', stripeToken: 'tok_visa' },
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
    const [trail] = await audit<PaymentTrail[]>('/api/audit/payments?email=pia@example.com');
    expect(trail).toMatchObject({
      email: 'pia@example.com',
      package: 'Gold',
      amount: 3900,
      currency: 'usd',
      price: '$39',
      providerRef: expect.stringMatching(/^sandbox_/),
    });
    // The purchase that made it, the payment and the badge it granted (the grant lands when the policy runs it).
    const types = trail?.events.map((event) => event.type) ?? [];
    expect(types.slice(0, 2)).toEqual(['MembershipPurchaseStarted', 'PaymentSucceeded']);
    expect([...types].sort()).toEqual(['MembershipPurchaseCompleted', 'MembershipPurchaseStarted', 'PaymentSucceeded', 'UserBadgeGranted']);
    expect((await audit<PaymentTrail[]>('/api/audit/payments')).length).toBeGreaterThanOrEqual(11);
  });

  it('exports what a search finds, one event a line with its chain hash, as ndjson or csv, and records the export', async () => {
    const found = await audit<AuditPage>(`/api/audit/events?entity=meals:${mealId}&limit=500`);
    const ndjson = await product.call('GET', `/api/audit/export?format=ndjson&entity=meals:${mealId}`, { token: auditorToken });
    expect(ndjson.statusCode).toBe(200);
    expect(ndjson.headers['content-type']).toMatch(/application\/x-ndjson/);
    const lines = ndjson.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as AuditEvent);
    expect(lines.map((event) => [event.position, event.hash])).toEqual(found.events.map((event) => [event.position, event.hash]));
    const csv = await product.call('GET', `/api/audit/export?format=csv&entity=meals:${mealId}`, { token: auditorToken });
    expect(csv.body.trim().split('\n')).toHaveLength(found.events.length + 1);
    position = csv.headers['x-position'] as string;
    const exports = await audit<AuditPage>('/api/audit/events?type=AuditExported&limit=100');
    expect(exports.events.map((event) => event.data)).toEqual([
      { exportId: expect.any(String), format: 'ndjson', filter: { entity: `meals:${mealId}` } },
      { exportId: expect.any(String), format: 'csv', filter: { entity: `meals:${mealId}` } },
    ]);
    expect(exports.events[0]?.actor).toMatchObject({ email: 'audrey@example.com' });
  });

  it('signs the head of the ledger with a key it publishes', async () => {
    const digest = await audit<{ position: string; hash: string; signedAt: string; signature: string; kid: string }>('/api/audit/digest');
    expect(digest.hash).toMatch(/^[0-9a-f]{64}$/);
    const keys = (await product.call('GET', '/api/audit/keys')).json() as { keys: { kid: string; kty: string; crv: string }[] };
    expect(keys.keys).toEqual([expect.objectContaining({ kid: digest.kid, kty: 'OKP', crv: 'Ed25519' })]);
    expect(JSON.stringify(keys)).not.toMatch(/"d":/);
  });

  it("reads an older MealAdded (schema version 1, ingredients as the form typed them) in today's shape, and shows the stored one", async () => {
    const oldMeal = randomUUID();
    const eventId = randomUUID();
    const appended = await product.services.store.append(
      `meal-${oldMeal}`,
      [
        {
          eventId,
          type: 'MealAdded',
          data: {
            mealId: oldMeal,
            title: 'Legacy Upma',
            category: 'Breakfast',
            image: '/api/media/00000000-0000-4000-8000-000000000000',
            ingredients: 'semolina, mustard seeds ,curry leaves',
            description: 'From before the change',
            price: 3,
            distributorName: 'Old Chef',
            distributorEmail: 'old@example.com',
            rating: 0,
            postTime: '2026-01-01T08:00:00.000Z',
          },
          metadata: { eventId, actor: admin.user._id, correlationId: eventId, causationId: eventId, occurredAt: '2026-01-01T08:00:00.000Z', schemaVersion: 1 },
        },
      ],
      { expectedVersion: 'no_stream' },
    );
    position = `${appended.position.a}/${appended.position.b}`;
    // The catalogue (a projection) and the audit both read today's shape.
    const listed = await product.call('GET', `/api/meals/${oldMeal}`, { headers: { 'x-min-position': position } });
    expect(listed.json().ingredients).toEqual(['semolina', 'mustard seeds', 'curry leaves']);
    const [added] = (await audit<AuditPage>(`/api/audit/meals/${oldMeal}`)).events;
    expect(added).toMatchObject({
      schemaVersion: 1,
      data: { ingredients: ['semolina', 'mustard seeds', 'curry leaves'] },
      storedData: { ingredients: 'semolina, mustard seeds ,curry leaves' },
    });
    const state = await audit<AuditState>(`/api/audit/meals/${oldMeal}/state`);
    expect(state.state.ingredients).toEqual(['semolina', 'mustard seeds', 'curry leaves']);
  });

  it('tells admins and auditors, live, that an event has landed', async () => {
    await product.services.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(product.services.app.server.address() as { port: number }).port}`;
    const socket = connectClient(url, { auth: { token: auditorToken }, transports: ['websocket'], forceNew: true, reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const pushed = new Promise((resolve) => socket.on('changed', (message: { resource: string }) => message.resource === 'audit' && resolve(message)));
      await product.call('PATCH', `/api/meals/${mealId}/like`, { token: admin.token });
      expect(await pushed).toMatchObject({ resource: 'audit' });
    } finally {
      socket.close();
    }
  });

  it('is for admins and auditors only', async () => {
    expect((await product.call('GET', `/api/audit/meals/${mealId}`, { token: student.token })).statusCode).toBe(403);
    expect((await product.call('GET', `/api/audit/meals/${mealId}`)).statusCode).toBe(401);
    expect((await product.call('GET', `/api/audit/meals/${mealId}`, { token: admin.token })).statusCode).toBe(200);
  });
});
