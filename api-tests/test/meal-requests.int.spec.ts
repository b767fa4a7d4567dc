import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECALL_WINDOW_MS } from '@hostel/contracts';
import type { MealRequestDto, ServeQueueAnswer } from '@hostel/contracts';
import { userStream } from '@hostel/domain';
import { startProduct } from '@hostel/embedded/testing';

type Product = Awaited<ReturnType<typeof startProduct>>;
type Account = Awaited<ReturnType<Product['register']>>;

let product: Product;
let admin: Account;
let student: Account;
let other: Account;
let mealId: string;

const ask = (token: string, body: Record<string, unknown>) => product.call('POST', '/api/mealRequests', { token, body });
async function myRequests(account: Account, query = '', position?: string) {
  const response = await product.call('GET', `/api/mealRequests?userEmail=${encodeURIComponent(account.user.email)}${query}`, {
    token: account.token,
    ...(position ? { headers: { 'x-min-position': position } } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { rows: response.json() as MealRequestDto[], total: Number(response.headers['x-total-count']) };
}
async function queue(search = '', position?: string) {
  const response = await product.call('GET', `/api/requestedMeals/admin?search=${encodeURIComponent(search)}`, {
    token: admin.token,
    ...(position ? { headers: { 'x-min-position': position } } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { rows: response.json() as MealRequestDto[], total: Number(response.headers['x-total-count']) };
}

beforeAll(async () => {
  product = await startProduct();
  admin = await product.registerVerified('Boss', 'boss@hostel.test');
  student = await product.register('Sam Student', 'sam@example.com');
  other = await product.register('Olga Other', 'olga@example.com');
  mealId = (await product.addMeal(admin.token, { title: 'Chicken Curry' }))._id;
});
afterAll(async () => product?.stop());

describe('meal requests', () => {
  it('are filled in by the server from the account and the catalogue, Pending whatever the body says', async () => {
    const response = await ask(student.token, {
      mealId,
      userName: 'Mallory',
      userEmail: 'mallory@example.com',
      mealTitle: 'Free Lobster',
      distributorName: 'Nobody',
      status: 'Delivered',
      requestTime: '1999-01-01T00:00:00.000Z',
      userBadge: 'platinum',
    });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json();
    expect(answer).toMatchObject({ message: 'Request is pending approval.', status: 'Pending' });
    const { rows, total } = await myRequests(student, '', answer.position);
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({
      _id: answer._id,
      userName: 'Sam Student',
      userEmail: 'sam@example.com',
      userBadge: null,
      mealId,
      mealTitle: 'Chicken Curry',
      distributorName: 'Boss',
      status: 'Pending',
      mealLikes: 0,
      mealReviewCount: 0,
    });
    expect(Date.now() - Date.parse(rows[0]!.requestTime)).toBeLessThan(60_000);
  });

  it('refuse a second open request for the same meal with 409, and take it again once served', async () => {
    const again = await ask(student.token, { mealId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already requested this meal; your request is still pending.');
    const [open] = (await myRequests(student)).rows;
    const served = await product.call('PATCH', `/api/requestedMeals/${open!._id}/serve`, { token: admin.token });
    expect(served.statusCode, served.body).toBe(200);
    const renewed = await ask(student.token, { mealId });
    expect(renewed.statusCode, renewed.body).toBe(201);
    const { rows } = await myRequests(student, '', renewed.json().position);
    expect(rows.map((row) => row.status)).toEqual(['Pending', 'Delivered']);
  });

  it('refuse the bronze badge with 403 and take free users; an unknown or deleted meal is 404', async () => {
    const bronze = await product.register('Bert Bronze', 'bert@example.com');
    // Bronze is no plan on sale: a badge granted some other way (no payment), appended as the store holds it.
    const badge = { type: 'UserBadgeGranted', data: { userId: bronze.user._id, badge: 'bronze' } };
    await product.services.store.append(userStream(bronze.user._id), [{ eventId: crypto.randomUUID(), ...badge, metadata: { actor: 'system' } }], {
      expectedVersion: 'any',
    });
    const before = await product.eventCount();
    const refused = await ask(bronze.token, { mealId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You need to upgrade your membership to request meals.');
    expect((await ask(other.token, { mealId: crypto.randomUUID() })).statusCode).toBe(404);
    const gone = await product.addMeal(admin.token, { title: 'Gone Soon' });
    expect((await product.call('DELETE', `/api/meals/${gone._id}`, { token: admin.token })).statusCode).toBe(200);
    const deleted = await ask(other.token, { mealId: gone._id });
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json().message).toBe('Meal not found');
    expect(await product.eventCount()).toBe(before + 2); // the meal added and deleted: no request event
    expect((await ask(other.token, { mealId })).statusCode).toBe(201);
  });

  it('are cancelled by their requester only, and only until delivered', async () => {
    const { rows } = await myRequests(student);
    const delivered = rows.find((row) => row.status === 'Delivered')!;
    const forbidden = await product.call('DELETE', `/api/mealRequests/${delivered._id}`, { token: other.token });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('You can only cancel your own requests');
    expect((await product.call('DELETE', `/api/mealRequests/${delivered._id}`, { token: admin.token })).statusCode).toBe(403);
    const tooLate = await product.call('DELETE', `/api/mealRequests/${delivered._id}`, { token: student.token });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toBe('This meal has already been delivered; it can no longer be cancelled.');
    const open = rows.find((row) => row.status === 'Pending')!._id;
    const cancelled = await product.call('DELETE', `/api/mealRequests/${open}`, { token: student.token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().message).toBe('Your meal request has been cancelled.');
    const after = await myRequests(student, '', cancelled.json().position);
    expect(after.rows.map((row) => row._id)).not.toContain(open);
    const twice = await product.call('DELETE', `/api/mealRequests/${open}`, { token: student.token });
    expect(twice.statusCode).toBe(404);
  });

  it('move through the kitchen: approved, served, recalled one stage, each on the queue screen with the day’s waiting times', async () => {
    const soup = await product.addMeal(admin.token, { title: 'Kitchen Soup', category: 'Lunch' });
    const asked = await ask(student.token, { mealId: soup._id });
    const id = asked.json()._id as string;
    const serveQueue = async (position: string, query = '') => {
      const response = await product.call('GET', `/api/serveQueue${query}`, { token: admin.token, headers: { 'x-min-position': position } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as ServeQueueAnswer;
    };
    const item = (answer: ServeQueueAnswer) => answer.items.find((entry) => entry._id === id);
    expect(item(await serveQueue(asked.json().position))).toMatchObject({
      status: 'Pending',
      mealTitle: 'Kitchen Soup',
      category: 'Lunch',
      recallableUntil: null,
    });

    const stage = (action: 'approve' | 'serve' | 'recall') => product.call('PATCH', `/api/requestedMeals/${id}/${action}`, { token: admin.token });
    const approved = await stage('approve');
    expect(approved.json()).toMatchObject({ message: 'Request approved.', status: 'Approved' });
    const afterApprove = await serveQueue(approved.json().position, '?category=Lunch');
    expect(afterApprove.items.map((entry) => [entry._id, entry.status])).toEqual([[id, 'Approved']]);
    expect(Date.parse(item(afterApprove)!.recallableUntil!) - Date.parse(item(afterApprove)!.approvedAt!)).toBe(RECALL_WINDOW_MS);
    expect(afterApprove.position).toEqual(expect.stringMatching(/^\d+\/\d+$/));
    expect((await myRequests(student, `&mealId=${soup._id}`, approved.json().position)).rows[0]!.status).toBe('Approved');
    // Approved is still open: the same meal cannot be asked for again.
    expect((await ask(student.token, { mealId: soup._id })).json().message).toBe('You have already requested this meal; the kitchen is preparing it.');

    const served = await stage('serve');
    expect(served.json()).toMatchObject({ message: 'Meal marked as Delivered!', status: 'Delivered' });
    const afterServe = await serveQueue(served.json().position);
    expect(item(afterServe)).toMatchObject({ status: 'Delivered' });
    expect(afterServe.waiting.delivered).toBeGreaterThanOrEqual(1);
    // Served within seconds of its request: counted as delivered, but not timed (TIMED_WAIT_MIN_MS).
    expect(afterServe.waiting).toMatchObject({ averageMs: null, p90Ms: null });

    const recalled = await stage('recall');
    expect(recalled.json()).toMatchObject({ message: 'Moved back to Approved.', status: 'Approved' });
    expect(item(await serveQueue(recalled.json().position))).toMatchObject({ status: 'Approved', servedAt: null, recallableUntil: null });
    // A recall is not itself recalled: the kitchen moves the request on again.
    const again = await stage('recall');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A recall cannot itself be recalled: move the request on again (Approve or Serve) instead.');
    expect((await product.call('PATCH', `/api/requestedMeals/${id}/approve`, { token: student.token })).statusCode).toBe(403);

    const waiting = await product.call('GET', `/api/serveQueue/waiting?since=${encodeURIComponent('2000-01-01T00:00:00Z')}`, {
      token: admin.token,
      headers: { 'x-min-position': recalled.json().position },
    });
    expect(waiting.json()).toMatchObject({ since: '2000-01-01T00:00:00.000Z' });
    expect((await product.call('GET', '/api/serveQueue?category=Snacks', { token: admin.token })).statusCode).toBe(400);
    expect((await product.call('GET', '/api/serveQueue?since=yesterday', { token: admin.token })).statusCode).toBe(400);
  });

  it('are served once: serving again answers 200 and appends nothing', async () => {
    const [pending] = (await myRequests(other)).rows;
    const first = await product.call('PATCH', `/api/requestedMeals/${pending!._id}/serve`, { token: admin.token });
    expect(first.json()).toMatchObject({ message: 'Meal marked as Delivered!', status: 'Delivered' });
    const before = await product.eventCount();
    const second = await product.call('PATCH', `/api/requestedMeals/${pending!._id}/serve`, { token: admin.token });
    expect(second.statusCode).toBe(200);
    expect(await product.eventCount()).toBe(before);
    expect((await myRequests(other, '', first.json().position)).rows[0]!.status).toBe('Delivered');
    expect((await product.call('PATCH', `/api/requestedMeals/${pending!._id}/serve`, { token: other.token })).statusCode).toBe(403);
  });

  it('show a student only their own list; an admin any; filtered by meal for the meal page', async () => {
    const peek = await product.call('GET', `/api/mealRequests?userEmail=${student.user.email}`, { token: other.token });
    expect(peek.statusCode).toBe(403);
    expect((await product.call('GET', `/api/mealRequests?userEmail=${student.user.email.toUpperCase()}`, { token: student.token })).statusCode).toBe(200);
    expect((await product.call('GET', `/api/mealRequests?userEmail=${student.user.email}`, { token: admin.token })).statusCode).toBe(200);
    const pulao = await product.addMeal(admin.token, { title: 'Veg Pulao' });
    const asked = await ask(student.token, { mealId: pulao._id });
    const forMeal = await myRequests(student, `&mealId=${pulao._id}`, asked.json().position);
    expect(forMeal.rows.map((row) => row.mealTitle)).toEqual(['Veg Pulao']);
    expect(forMeal.total).toBe(1);
  });

  it("carry the meal's current likes and review count", async () => {
    expect((await product.call('PATCH', `/api/meals/${mealId}/like`, { token: other.token })).statusCode).toBe(200);
    const reviewed = await product.call('POST', '/api/reviews', { token: other.token, body: { mealId, review: 'Lovely' } });
    const { rows } = await myRequests(student, `&mealId=${mealId}`, reviewed.json().position);
    expect(rows[0]).toMatchObject({ mealLikes: 1, mealReviewCount: 1 });
  });

  it('are queued for admins newest first, searched by email or name, whole or 10 a page with the total', async () => {
    let position = '';
    for (let index = 0; index < 11; index++) {
      const account = await product.register(`Queue Person ${index}`, `queue${index}@example.com`);
      position = (await ask(account.token, { mealId })).json().position;
    }
    const all = await queue('', position);
    expect(all.rows[0]!.userName).toBe('Queue Person 10');
    expect(all.total).toBeGreaterThanOrEqual(13);
    expect(all.rows).toHaveLength(all.total);
    expect(await product.call('GET', '/api/requestedMeals/admin?skip=0', { token: admin.token }).then((page) => page.json())).toHaveLength(10);
    expect((await queue('olga')).rows.map((row) => row.userEmail)).toEqual(['olga@example.com']);
    expect((await queue('SAM STUD')).rows.every((row) => row.userName === 'Sam Student')).toBe(true);
    const page2 = await product.call('GET', '/api/requestedMeals/admin?search=queue&skip=10&limit=10', { token: admin.token });
    expect(page2.json()).toHaveLength(1);
    expect(page2.headers['x-total-count']).toBe('11');
    expect((await product.call('GET', '/api/requestedMeals/admin', { token: student.token })).statusCode).toBe(403);
  });

  it('answer 4xx with a message for malformed input and append nothing', async () => {
    const before = await product.eventCount();
    const cases = [
      await ask(student.token, {}),
      await ask(student.token, { mealId: 'not-a-uuid' }),
      await product.call('POST', '/api/mealRequests', { token: student.token, payload: '{"mealId":', headers: { 'content-type': 'application/json' } }),
      await product.call('DELETE', '/api/mealRequests/not-an-id', { token: student.token }),
      await product.call('DELETE', `/api/mealRequests/${student.user._id}.999`, { token: student.token }),
      await product.call('PATCH', `/api/requestedMeals/${crypto.randomUUID()}.1/serve`, { token: admin.token }),
      await product.call('PATCH', `/api/requestedMeals/${crypto.randomUUID()}.1/approve`, { token: admin.token }),
      await product.call('PATCH', '/api/requestedMeals/not-an-id/recall', { token: admin.token }),
      await product.call('GET', '/api/mealRequests', { token: student.token }),
      await product.call('GET', `/api/requestedMeals/admin?search=${'x'.repeat(101)}`, { token: admin.token }),
    ];
    for (const response of cases) {
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(typeof response.json().message).toBe('string');
    }
    expect(await product.eventCount()).toBe(before);
  });

  it('are neither approved nor served once their meal has been deleted: 409 saying why, nothing appended', async () => {
    const dropped = await product.addMeal(admin.token, { title: 'Dropped Dal' });
    const first = await product.register('Dina Dal', 'dina@example.com');
    const second = await product.register('Eli Dal', 'eli@example.com');
    const pending = (await ask(first.token, { mealId: dropped._id })).json()._id as string;
    const approved = (await ask(second.token, { mealId: dropped._id })).json()._id as string;
    expect((await product.call('PATCH', `/api/requestedMeals/${approved}/approve`, { token: admin.token })).statusCode).toBe(200);
    expect((await product.call('DELETE', `/api/meals/${dropped._id}`, { token: admin.token })).statusCode).toBe(200);
    const before = await product.eventCount();
    const approve = await product.call('PATCH', `/api/requestedMeals/${pending}/approve`, { token: admin.token });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toBe('This meal has been deleted from the menu: its request can no longer be approved.');
    const serve = await product.call('PATCH', `/api/requestedMeals/${approved}/serve`, { token: admin.token });
    expect(serve.statusCode).toBe(409);
    expect(serve.json().message).toBe('This meal has been deleted from the menu: its request can no longer be served.');
    expect(await product.eventCount()).toBe(before);
    // The student may still cancel it.
    expect((await product.call('DELETE', `/api/mealRequests/${pending}`, { token: first.token })).statusCode).toBe(200);
  });
});
