import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rooms, streamName } from '@hostel/contracts';
import type { EventToAppend } from '@hostel/eventstore';
import { usersProjection } from '@hostel/read-models/users';
import type { LiveMessage } from '@hostel/read-models';
import { rebuildProjection } from '../src/runtime/rebuild';
import type { RunningProjection } from '../src/runtime/run-projection';
import { createProjectorDatabase, runRecording, usersRows, waitForCheckpoint } from './projector-database';
import type { ProjectorDatabase } from './projector-database';
import { domainEvent } from './user-events';

let database: ProjectorDatabase;
let runner: RunningProjection;
let published: LiveMessage[];

beforeAll(async () => {
  database = await createProjectorDatabase();
  ({ runner, published } = runRecording(database, usersProjection, { batchSize: 50 }));
});
afterAll(async () => {
  await runner?.stop();
  await database?.close();
});

/** Appends to the user's stream and waits until the live users projection has applied it. */
async function given(userId: string, ...events: EventToAppend[]): Promise<void> {
  const { position } = await database.store.append(streamName('user', userId), events, { expectedVersion: 'any' });
  await waitForCheckpoint(database.db, usersProjection.name, position);
}
const when = given;

const userRow = (userId: string) => database.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();

const registered = (userId: string, overrides: { email?: string; role?: 'user' | 'admin' } = {}) =>
  domainEvent(
    'UserRegistered',
    {
      userId,
      name: 'Ada Lovelace',
      email: overrides.email ?? `${userId}@example.test`,
      photo: 'https://img.example.test/ada.png',
      role: overrides.role ?? 'user',
    },
    '2026-03-01T10:00:00.000Z',
  );

describe('users projection, through the real runtime', () => {
  it('registration adds the account with its role, no badge, and the registration time', async () => {
    const userId = randomUUID();
    await when(userId, registered(userId));
    expect(await userRow(userId)).toEqual({
      id: userId,
      name: 'Ada Lovelace',
      email: `${userId}@example.test`,
      photo: 'https://img.example.test/ada.png',
      role: 'user',
      badge: null,
      registered_at: new Date('2026-03-01T10:00:00.000Z'),
    });
  });

  it('an account registered from ADMIN_EMAILS is admin from the start', async () => {
    const userId = randomUUID();
    await when(userId, registered(userId, { role: 'admin' }));
    expect((await userRow(userId))?.role).toBe('admin');
  });

  it('a profile update changes name and photo only', async () => {
    const userId = randomUUID();
    await given(userId, registered(userId));
    await when(userId, domainEvent('UserProfileUpdated', { userId, name: 'Ada King', photo: 'https://img.example.test/king.png' }));
    expect(await userRow(userId)).toMatchObject({
      name: 'Ada King',
      photo: 'https://img.example.test/king.png',
      email: `${userId}@example.test`,
      role: 'user',
      badge: null,
    });
  });

  it('a promotion makes the user admin and leaves the rest alone', async () => {
    const userId = randomUUID();
    await given(userId, registered(userId));
    await when(userId, domainEvent('UserPromotedToAdmin', { userId }));
    expect(await userRow(userId)).toMatchObject({ name: 'Ada Lovelace', role: 'admin', badge: null });
  });

  it('a badge grant sets the badge, and a later grant replaces it', async () => {
    const userId = randomUUID();
    await given(userId, registered(userId), domainEvent('UserBadgeGranted', { userId, badge: 'silver' }));
    expect((await userRow(userId))?.badge).toBe('silver');
    await when(userId, domainEvent('UserBadgeGranted', { userId, badge: 'gold' }));
    expect(await userRow(userId)).toMatchObject({ badge: 'gold', role: 'user' });
  });

  it('events it does not handle (a password hash) pass by: no row change, the checkpoint still moves', async () => {
    const userId = randomUUID();
    await given(userId, registered(userId));
    const before = await userRow(userId);
    await when(userId, domainEvent('UserPasswordSet', { userId, passwordHash: '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA' }));
    expect(await userRow(userId)).toEqual(before);
  });

  it('after each committed change it pushes to the admin list and to the user', async () => {
    const userId = randomUUID();
    await when(userId, registered(userId), domainEvent('UserPromotedToAdmin', { userId }));
    // The push follows the commit the checkpoint poll saw, so it may be a moment behind it.
    const forUser = await vi.waitFor(
      () => {
        const messages = published.filter((message) => message.room === rooms.user(userId));
        expect(messages).toHaveLength(2);
        return messages;
      },
      { timeout: 10_000 },
    );
    expect(forUser).toEqual([
      { room: rooms.user(userId), event: 'changed', payload: { resource: 'user', id: userId } },
      { room: rooms.user(userId), event: 'changed', payload: { resource: 'user', id: userId } },
    ]);
    // Pushed once the batch has committed, a moment after its checkpoint shows.
    await vi.waitFor(() => expect(published).toContainEqual({ room: rooms.adminUsers, event: 'changed', payload: { resource: 'users' } }), { timeout: 10_000 });
  });

  it('a rebuild from the log gives the very rows the live runtime built', async () => {
    // Given: everything above, applied live, plus one more user with a full history.
    const userId = randomUUID();
    await given(
      userId,
      registered(userId),
      domainEvent('UserProfileUpdated', { userId, name: 'Grace Hopper', photo: 'https://img.example.test/grace.png' }),
      domainEvent('UserPromotedToAdmin', { userId }),
      domainEvent('UserBadgeGranted', { userId, badge: 'platinum' }),
    );
    const live = await usersRows(database.db);
    expect(live.length).toBeGreaterThanOrEqual(8);

    // When
    const { events } = await rebuildProjection(usersProjection, { store: database.store, db: database.db, batchSize: 7 });

    // Then
    expect(events).toBeGreaterThanOrEqual(16);
    expect(await usersRows(database.db)).toEqual(live);
  });
});
