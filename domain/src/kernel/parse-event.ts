import { eventSchemas } from '@hostel/contracts';
import type { DomainEvent } from '@hostel/contracts';
import type { Position, RecordedEvent } from '@hostel/eventstore';
import { upcast } from './upcasters';

/**
 * A stored event read back: the domain event in today's shape, checked against its contract, and
 * where, when, by whom and why it was recorded. `storedData` (with the stored `schemaVersion`) is
 * the data as it was written, when an upcaster changed it.
 */
export type ParsedEvent = DomainEvent & {
  eventId: string;
  streamId: string;
  streamVersion: bigint;
  position: Position;
  occurredAt: string;
  actor: string;
  correlationId: string;
  causationId: string;
  schemaVersion: number;
  storedData?: unknown;
  /** The event exactly as the store holds it (what the audit ledger hashes). */
  recorded: RecordedEvent;
};

/**
 * Parses a stored event, for the command side (to fold a stream), the projector (to apply it) and
 * the audit alike: upcast to the current schema version, then checked against the contract. The log
 * is trusted, but a drift from the contracts must fail loudly, never be folded quietly.
 */
export function parseEvent(recorded: RecordedEvent): ParsedEvent {
  const schema = eventSchemas[recorded.type as keyof typeof eventSchemas];
  if (!schema) throw new Error(`No contract for event type ${recorded.type} (in ${recorded.streamId})`);
  const metadata = recorded.metadata as { occurredAt?: string; actor?: string; correlationId?: string; causationId?: string; schemaVersion?: number };
  const schemaVersion = metadata.schemaVersion ?? 1;
  const current = upcast(recorded.type, schemaVersion, recorded.data);
  return {
    type: recorded.type,
    data: schema.parse(current),
    eventId: recorded.eventId,
    streamId: recorded.streamId,
    streamVersion: recorded.streamVersion,
    position: recorded.position,
    occurredAt: metadata.occurredAt ?? new Date(0).toISOString(),
    actor: metadata.actor ?? 'unknown',
    correlationId: metadata.correlationId ?? recorded.eventId,
    causationId: metadata.causationId ?? metadata.correlationId ?? recorded.eventId,
    schemaVersion,
    ...(current === recorded.data ? {} : { storedData: recorded.data }),
    recorded,
  } as ParsedEvent;
}
