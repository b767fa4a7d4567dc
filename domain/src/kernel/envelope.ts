import type { DomainEvent, EventMetadata } from '@hostel/contracts';
import type { EventToAppend } from '@hostel/eventstore';
import type { CommandContext } from './decider';
import { currentSchemaVersion } from './upcasters';

/** A decided event as it is appended: a fresh id and the metadata every event carries (who, why, when). */
export function envelope(event: DomainEvent, context: CommandContext, occurredAt = new Date()): EventToAppend {
  const eventId = crypto.randomUUID();
  const metadata: EventMetadata = {
    eventId,
    actor: context.actor,
    correlationId: context.correlationId,
    causationId: context.causationId ?? context.correlationId,
    occurredAt: occurredAt.toISOString(),
    // Written at today's version of its type; readers upcast older ones (upcasters.ts).
    schemaVersion: currentSchemaVersion(event.type),
  };
  return { eventId, type: event.type, data: event.data, metadata };
}
