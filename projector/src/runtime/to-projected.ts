import { eventSchemas } from '@hostel/contracts';
import type { RecordedEvent } from '@hostel/eventstore';
import type { ProjectedEvent } from './projection';

/** Validates a stored event against its contract; the log is trusted, but a schema drift must fail loudly. */
export function toProjected(recorded: RecordedEvent): ProjectedEvent {
  const schema = eventSchemas[recorded.type as keyof typeof eventSchemas];
  if (!schema) throw new Error(`No contract for event type ${recorded.type}`);
  const metadata = recorded.metadata as { occurredAt?: string; actor?: string };
  return {
    type: recorded.type,
    data: schema.parse(recorded.data),
    streamId: recorded.streamId,
    occurredAt: metadata.occurredAt ?? new Date(0).toISOString(),
    actor: metadata.actor ?? 'unknown',
  } as ProjectedEvent;
}
