import { AUDIT_SUBJECTS } from '@hostel/contracts';
import type { AuditEntity } from '@hostel/contracts';
import { mealRequestsStream, mealStream, parseEvent, paymentStream, upcomingStream, userStream } from '@hostel/domain';
import type { ParsedEvent } from '@hostel/domain';
import type { EventStore } from '@hostel/eventstore';

export { changesBetween, diff, foldEntity } from '@hostel/read-models/audit-log';

/** The stream that holds an entity's own events (a request's: its student's stream of requests). */
function streamOf(entity: AuditEntity, id: string): string {
  switch (entity) {
    case 'meals':
      return mealStream(id);
    case 'upcoming':
      return upcomingStream(id);
    case 'users':
      return userStream(id);
    case 'payments':
      return paymentStream(id);
    case 'requests':
      return mealRequestsStream(id.split('.')[0] ?? id);
  }
}

/**
 * The entity's own events in its own stream, read from the event store itself (the terminal's
 * replay): a request's among its student's. Likes and reviews kept in streams of their own are not
 * in it; the audit's pages read them from the audit log.
 */
export async function entityHistory(store: EventStore, entity: AuditEntity, id: string): Promise<{ stream: string; events: ParsedEvent[] }> {
  const stream = streamOf(entity, id);
  const { key, types } = AUDIT_SUBJECTS[entity];
  const events = (await store.readStream(stream))
    .map(parseEvent)
    .filter((event) => (types as readonly string[]).includes(event.type) && (event.data as Record<string, unknown>)[key] === id);
  return { stream, events };
}
