import type { DomainEvent } from '@hostel/contracts';
import { handleCommand } from '@hostel/domain';
import type { Decider } from '@hostel/domain';
import type { EventStore } from '@hostel/eventstore';

/**
 * One aggregate's commands for a capability's routes: `(request, id, command)` decides `command` on
 * the stream `streamOf(id)` names, as the signed-in caller ('anonymous' for nobody), the request's id
 * its correlation id.
 */
export function commandsOn<Command, Event extends DomainEvent, State>(
  store: EventStore,
  streamOf: (id: string) => string,
  decider: Decider<Command, Event, State>,
) {
  return (request: { id: string; actor: { sub: string } | null }, id: string, command: Command) =>
    handleCommand(store, streamOf(id), decider, command, { actor: request.actor?.sub ?? 'anonymous', correlationId: request.id });
}
