import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rooms, streamName } from '@hostel/contracts';
import { formatPosition } from '@hostel/eventstore';
import type { DomainEvent } from '@hostel/contracts';
import { mealRequestsProjection } from '@hostel/read-models/meal-requests';
import type { LiveMessage } from '@hostel/read-models';
import { rebuildProjection } from '../src/runtime/rebuild';
import type { RunningProjection } from '../src/runtime/run-projection';
import { createProjectorDatabase, runRecording, waitForCheckpoint } from './projector-database';
import type { ProjectorDatabase } from './projector-database';
import { domainEvent } from './user-events';

let database: ProjectorDatabase;
let runner: RunningProjection;
let published: LiveMessage[];

beforeAll(async () => {
  database = await createProjectorDatabase();
  ({ runner, published } = runRecording(database, mealRequestsProjection, { raw: true }));
});
afterAll(async () => {
  await runner?.stop();
  await database?.close();
});

const userId = '4c1e2d3f-5a6b-5c7d-8e9f-0a1b2c3d4e5f';
const requestId = `${userId}.1`;
const rows = () => database.db.selectFrom('meal_requests').selectAll().orderBy('id').execute();

/** Appends to the student's request stream and waits until the live projection has applied it. */
async function happened(...events: DomainEvent[]) {
  const { position } = await database.store.append(
    streamName('request', userId),
    events.map((event) => domainEvent(event.type, event.data)),
    { expectedVersion: 'any' },
  );
  await waitForCheckpoint(database.db, mealRequestsProjection.name, position);
  // The pushes leave once the batch's transaction has committed, a moment after the checkpoint shows:
  // every event here pushes, so wait for the one that carries this position.
  const at = formatPosition(position);
  await vi.waitFor(() => expect(published.some((message) => (message.payload as { position?: string }).position === at)).toBe(true), { timeout: 10_000 });
  return at;
}
const requested = (id: string, mealTitle: string): DomainEvent => ({
  type: 'MealRequested',
  data: {
    requestId: id,
    userId,
    userEmail: 'sam@example.com',
    userName: 'Sam',
    userBadge: 'gold',
    mealId: `meal-${mealTitle}`,
    mealTitle,
    distributorName: 'Ada',
    requestTime: '2026-11-23T09:00:00.000Z',
  },
});

describe('meal requests projection', () => {
  it('adds a Pending row and tells the student and the admins’ queue', async () => {
    const position = await happened(requested(requestId, 'Curry'));
    expect(await rows()).toEqual([
      {
        id: requestId,
        user_id: userId,
        user_email: 'sam@example.com',
        user_name: 'Sam',
        user_badge: 'gold',
        meal_id: 'meal-Curry',
        meal_title: 'Curry',
        distributor_name: 'Ada',
        status: 'Pending',
        request_time: new Date('2026-11-23T09:00:00.000Z'),
        approved_at: null,
        served_at: null,
        advanced_at: null,
      },
    ]);
    // The runtime adds the position the read model has reached, so a watcher knows which writes a push reflects.
    const payload = { resource: 'mealRequests', id: requestId, position };
    expect(published).toEqual([
      { room: rooms.user(userId), event: 'changed', payload },
      { room: rooms.adminRequests, event: 'changed', payload },
    ]);
  });

  it('marks a served request Delivered, and drops a cancelled one, telling both rooms each time', async () => {
    published.length = 0;
    await happened({ type: 'MealRequestServed', data: { requestId, userId, mealId: 'meal-Curry', servedAt: '2026-11-23T09:30:00.000Z' } });
    expect(await rows()).toMatchObject([
      { id: requestId, status: 'Delivered', served_at: new Date('2026-11-23T09:30:00.000Z'), advanced_at: new Date('2026-11-23T09:30:00.000Z') },
    ]);
    const second = `${userId}.2`;
    await happened(requested(second, 'Soup'), { type: 'MealRequestCancelled', data: { requestId: second, userId, mealId: 'meal-Soup' } });
    expect((await rows()).map((row) => row.id)).toEqual([requestId]);
    expect(published.map((message) => message.room)).toEqual([
      rooms.user(userId),
      rooms.user(userId),
      rooms.adminRequests,
      rooms.user(userId),
      rooms.adminRequests,
      rooms.user(userId),
      rooms.adminRequests,
    ]);
  });

  it('moves a request through the kitchen’s stages with their times, and tells the student each stage', async () => {
    const third = `${userId}.3`;
    const times = { approved: '2026-11-23T10:01:00.000Z', served: '2026-11-23T10:04:00.000Z', recalled: '2026-11-23T10:05:00.000Z' };
    const kitchen = { userId, mealId: 'meal-Stew' };
    await happened(requested(third, 'Stew'));
    published.length = 0;
    const approvedAt = await happened({
      type: 'MealRequestApproved',
      data: { requestId: third, ...kitchen, approvedAt: times.approved, approvedBy: 'admin-1' },
    });
    expect((await rows()).find((row) => row.id === third)).toMatchObject({
      status: 'Approved',
      approved_at: new Date(times.approved),
      advanced_at: new Date(times.approved),
      served_at: null,
    });
    expect(published[0]).toEqual({
      room: rooms.user(userId),
      event: 'stage',
      payload: { id: third, mealTitle: 'Stew', status: 'Approved', position: approvedAt },
    });
    await happened({ type: 'MealRequestServed', data: { requestId: third, ...kitchen, servedAt: times.served, servedBy: 'admin-1' } });
    expect((await rows()).find((row) => row.id === third)).toMatchObject({
      status: 'Delivered',
      served_at: new Date(times.served),
      advanced_at: new Date(times.served),
    });
    const recall = { requestId: third, ...kitchen, recalledAt: times.recalled, recalledBy: 'admin-1' };
    await happened({ type: 'MealRequestRecalled', data: { ...recall, from: 'Delivered', to: 'Approved' } });
    expect((await rows()).find((row) => row.id === third)).toMatchObject({
      status: 'Approved',
      approved_at: new Date(times.approved),
      served_at: null,
      advanced_at: null,
    });
    await happened({ type: 'MealRequestRecalled', data: { ...recall, from: 'Approved', to: 'Pending' } });
    expect((await rows()).find((row) => row.id === third)).toMatchObject({ status: 'Pending', approved_at: null, served_at: null, advanced_at: null });
    expect(published.filter((message) => message.event === 'stage').map((message) => (message.payload as { status: string }).status)).toEqual([
      'Approved',
      'Delivered',
      'Approved',
      'Pending',
    ]);
  });

  it('a rebuild from the log gives the very rows the live runtime built, and pushes nothing', async () => {
    const live = await rows();
    const pushedBefore = published.length;
    await rebuildProjection(mealRequestsProjection, { store: database.store, db: database.db });
    expect(await rows()).toEqual(live);
    expect(published).toHaveLength(pushedBefore);
  });
});
