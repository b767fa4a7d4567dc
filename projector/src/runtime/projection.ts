import type { DomainEvent, EventType, LiveEvent, LiveMessages, ReadModelTables } from '@hostel/contracts';
import type { Transaction } from 'kysely';

/** A live message to push after the batch that caused it has committed. */
export type LiveMessage = { room: string } & { [E in LiveEvent]: { event: E; payload: LiveMessages[E] } }[LiveEvent];

/** An event as a projection sees it: the domain event plus where and when it was recorded. */
export type ProjectedEvent = DomainEvent & { streamId: string; occurredAt: string; actor: string };

/**
 * A read model's projection: the event types it handles and how each changes its tables. It is
 * named after the read model it builds. `apply` runs inside the batch's transaction and names its tables unqualified (a rebuild points them
 * at its scratch copies through the search_path); `live`
 * collects what to push once that transaction has committed (never during a rebuild).
 */
export interface Projection {
  name: string;
  handles: readonly EventType[];
  apply(trx: Transaction<ReadModelTables>, event: ProjectedEvent, live: (message: LiveMessage) => void): Promise<void>;
  /** The tables this projection alone writes: a rebuild replays into fresh copies of them and swaps them in. */
  tables: readonly string[];
}
