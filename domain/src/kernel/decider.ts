import type { DomainEvent } from '@hostel/contracts';

/**
 * A pure aggregate: decide a command against the state evolved from the stream's events. No clock,
 * ids or I/O inside: they arrive with the command. `decide` throws a DomainError to refuse and answers
 * [] when there is nothing to change.
 */
export interface Decider<Command, Event extends DomainEvent, State> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
  /**
   * For a stream that grows with use: keep its fold as a snapshot every `every` events, and fold
   * only what came after it. `kind` names the fold: change it (`user@2`) whenever evolve or the
   * state's shape changes, so an old snapshot is never read as a new one.
   */
  snapshot?: SnapshotPolicy;
}

export interface SnapshotPolicy {
  kind: string;
  every: number;
}

/** Who and why, carried into every event's metadata. */
export interface CommandContext {
  actor: string;
  correlationId: string;
  causationId?: string;
}

/**
 * The end of a switch over every command or event type: TypeScript refuses it while a type is left
 * unhandled. A value of no known type (a bug) is answered as it came.
 */
export function exhaustive(value: never): never {
  return value;
}
