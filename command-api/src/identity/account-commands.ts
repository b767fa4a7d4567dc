import { handleCommand, loadState, userDecider, userStream } from '@hostel/domain';
import type { UserCommand } from '@hostel/domain';
import type { EventStore } from '@hostel/eventstore';

/** The account `userId` as its stream folds now (`exists: false` for none). */
export function loadAccount(store: EventStore, userId: string) {
  return loadState(store, userStream(userId), userDecider);
}

/**
 * Decides a command on the stream of the account it names, as that account: the identity flows act
 * for the person signing up, in or back in.
 */
export function decideForAccount(store: EventStore, correlationId: string, command: UserCommand) {
  return handleCommand(store, userStream(command.userId), userDecider, command, { actor: command.userId, correlationId });
}
