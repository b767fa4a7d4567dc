import type { EventType, LiveEvent, LiveMessages } from '@hostel/contracts';
import type { ParsedEvent } from '@hostel/domain';
import type { Transaction } from 'kysely';

/** A live message to push after the batch that caused it has committed. */
export type LiveMessage = { room: string } & { [E in LiveEvent]: { event: E; payload: LiveMessages[E] } }[LiveEvent];

/** An event as a projection sees it: the domain event, parsed at the one read boundary (domain's parseEvent), with where, when and by whom it was recorded. */
export type ProjectedEvent = ParsedEvent;

/**
 * A read model's projection: the event types it handles and how each changes its tables. It is
 * named after the read model it builds, and sees only that read model's tables (`Tables`).
 * `apply` runs inside the batch's transaction and names its tables unqualified (a rebuild points
 * them at its scratch copies through the search_path); `live` collects what to push once that
 * transaction has committed (never during a rebuild). The projector's runtime runs it.
 *
 * Without `Tables`, a projection of any read model (or a policy), as the runtime takes them: its
 * transaction holds every table, which kysely's types (invariant in the database) cannot say.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: the runtime's view of every projection
export interface Projection<Tables = any> {
  /** The read model's name: its checkpoint, what read routes wait for (`config.reads`), what `npm run rebuild` takes. */
  name: string;
  handles: readonly EventType[];
  apply(trx: Transaction<Tables>, event: ProjectedEvent, live: (message: LiveMessage) => void): Promise<void>;
  /**
   * Applies several events (each of a type it `handles`, in commit order) with exactly the effect on
   * its tables, and the live messages in the same order, of `apply` on each in turn, but in a few
   * set-based statements: what the batch does to a row is folded in memory before the row is written
   * (see batch-writes.ts). The runtime uses it for catch-up batches and rebuilds; a live batch of one
   * event goes through `apply`. A read model's projection is written once, as this (`batched`); a
   * policy, which only queues jobs, has `apply` alone.
   */
  applyBatch?(trx: Transaction<Tables>, events: readonly ProjectedEvent[], live: (message: LiveMessage) => void): Promise<void>;
  /** The tables this projection alone writes: a rebuild replays into fresh copies of them and swaps them in. */
  tables: readonly (keyof Tables & string)[];
}

/** The ids a batch's events name in `field` (each handled event names its row there): the keys a BatchRows loads. */
export function idsIn(events: readonly ProjectedEvent[], field: string): string[] {
  return events.map((event) => (event.data as Record<string, string>)[field]!);
}

/**
 * A read model's projection, written once as its batch: `apply` (a live event alone, its pushes
 * carrying that event's correlation id) is its batch of one, so the two can never disagree.
 */
export function batched<Tables>(
  projection: Omit<Projection<Tables>, 'apply' | 'applyBatch'> & Required<Pick<Projection<Tables>, 'applyBatch'>>,
): Projection<Tables> {
  return { ...projection, apply: (trx, event, live) => projection.applyBatch(trx, [event], live) };
}
