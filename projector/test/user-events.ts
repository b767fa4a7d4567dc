import { randomUUID } from 'node:crypto';
import { BADGES, streamName } from '@hostel/contracts';
import type { EventData, EventMetadata, EventType } from '@hostel/contracts';
import { comparePositions, START } from '@hostel/eventstore';
import type { EventStore, EventToAppend, Position } from '@hostel/eventstore';

/** An event as the command side stores it: contract data plus the metadata every event carries. */
export function domainEvent<T extends EventType>(type: T, data: EventData<T>, occurredAt = new Date().toISOString()): EventToAppend {
  const eventId = randomUUID();
  const metadata: EventMetadata = { eventId, actor: 'test', correlationId: eventId, causationId: eventId, occurredAt, schemaVersion: 1 };
  return { eventId, type, data, metadata };
}

const later = (a: Position, b: Position): Position => (comparePositions(a, b) >= 0 ? a : b);

/** When user `index` did things: distinct whole seconds, so rows compare exactly. */
const at = (index: number, step: number) => new Date(Date.UTC(2026, 0, 1) + (index * 10 + step) * 1000).toISOString();

/**
 * The first part of user `index`'s history: registration and a first profile edit. Every tenth
 * user registers as admin (ADMIN_EMAILS).
 */
function registration(index: number, userId: string): EventToAppend[] {
  return [
    domainEvent(
      'UserRegistered',
      {
        userId,
        name: `User ${index}`,
        email: `user${index}@example.test`,
        photo: `https://img.example.test/${index}.png`,
        role: index % 10 === 0 ? 'admin' : 'user',
      },
      at(index, 0),
    ),
    domainEvent('UserProfileUpdated', { userId, name: `User ${index} (edited)`, photo: `https://img.example.test/${index}-b.png` }, at(index, 1)),
  ];
}

/** The rest: a second edit, a promotion for every third user, a badge for every second. */
function laterLife(index: number, userId: string): EventToAppend[] {
  return [
    domainEvent('UserProfileUpdated', { userId, name: `User ${index} v2`, photo: `https://img.example.test/${index}-c.png` }, at(index, 2)),
    ...(index % 3 === 0 ? [domainEvent('UserPromotedToAdmin', { userId }, at(index, 3))] : []),
    ...(index % 2 === 0 ? [domainEvent('UserBadgeGranted', { userId, badge: BADGES[index % BADGES.length]! }, at(index, 4))] : []),
  ];
}

/** Runs `work(0)` … `work(count - 1)` with at most `concurrency` running at once. */
async function forEachConcurrently(count: number, concurrency: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/**
 * Appends the histories of `users` accounts (numbered from `firstIndex`) through the store, in
 * two rounds of concurrent appends so the streams interleave in the log and the events span many
 * transactions. Answers how many events were appended and the position of the last one.
 */
export async function appendUserHistories(
  store: EventStore,
  options: { users: number; firstIndex?: number; concurrency?: number },
): Promise<{ events: number; last: Position }> {
  const first = options.firstIndex ?? 0;
  const userIds = Array.from({ length: options.users }, () => randomUUID());
  let events = 0;
  let last = START;
  for (const round of [registration, laterLife]) {
    await forEachConcurrently(options.users, options.concurrency ?? 8, async (offset) => {
      const userId = userIds[offset]!;
      const batch = round(first + offset, userId);
      const result = await store.append(streamName('user', userId), batch, { expectedVersion: round === registration ? 'no_stream' : 'any' });
      events += batch.length;
      last = later(last, result.position);
    });
  }
  return { events, last };
}
