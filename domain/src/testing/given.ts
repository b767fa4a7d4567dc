import type { DomainEvent } from '@hostel/contracts';
import { DomainError } from '../kernel/errors';
import type { Decider } from '../kernel/decider';

/**
 * Given a decider's past events, when a command is decided: the events it answers, or the domain
 * error (kind and message) it refuses with. Any other throw is a bug and fails the test as is.
 */
export function givenDecider<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>) {
  return (...history: Event[]) => {
    const state = history.reduce(decider.evolve, decider.initialState);
    return {
      when: (command: Command) => {
        try {
          return { events: decider.decide(command, state), error: undefined };
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          return { events: undefined, error: { kind: error.kind, message: error.message } };
        }
      },
    };
  };
}
