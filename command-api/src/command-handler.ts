import type { DomainEvent, EventMetadata } from '@hostel/contracts';
import { eventSchemas } from '@hostel/contracts';
import type { EventStore, RecordedEvent } from '@hostel/eventstore';
import { formatPosition, WrongExpectedVersionError } from '@hostel/eventstore';
import { conflict } from '@hostel/platform/http';

/** A pure aggregate: decide a command against the state evolved from the stream's events. */
export interface Decider<Command, Event extends DomainEvent, State> {
  initialState: State;
  evolve(state: State, event: Event): State;
  /** Throws an AppError to refuse; answers [] when there is nothing to change. */
  decide(command: Command, state: State): Event[];
}

/** Who and why, carried into every event's metadata. */
export interface CommandContext {
  actor: string;
  correlationId: string;
  causationId?: string;
}

export interface CommandResult<State> {
  state: State;
  /** Position of the last event the command wrote, or of the stream's last event when nothing changed. */
  position: string | undefined;
  changed: boolean;
}

const MAX_ATTEMPTS = 4;

export interface HandleOptions {
  /** Tries before answering 409; a stream many people write at once (likes) needs more. */
  maxAttempts?: number;
}

export function toDomainEvent(recorded: RecordedEvent): DomainEvent {
  const schema = eventSchemas[recorded.type as keyof typeof eventSchemas];
  if (!schema) throw new Error(`Unknown event type ${recorded.type} in ${recorded.streamId}`);
  return { type: recorded.type, data: schema.parse(recorded.data) } as DomainEvent;
}

/** Loads a stream and folds it into the decider's state. */
export async function loadState<Event extends DomainEvent, State>(
  store: EventStore,
  stream: string,
  decider: Pick<Decider<never, Event, State>, 'initialState' | 'evolve'>,
) {
  const recorded = await store.readStream(stream);
  const state = recorded.reduce((current, event) => decider.evolve(current, toDomainEvent(event) as Event), decider.initialState);
  const last = recorded.at(-1);
  return { state, version: last?.streamVersion, position: last ? formatPosition(last.position) : undefined };
}

/**
 * Load → decide → append with the expected version. A concurrent writer makes the append fail;
 * the command is then decided again on the fresh state, a few times, before answering 409.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  stream: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  context: CommandContext,
  options: HandleOptions = {},
): Promise<CommandResult<State>> {
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    const { state, version, position } = await loadState(store, stream, decider);
    const events = decider.decide(command, state);
    if (events.length === 0) return { state, position, changed: false };
    try {
      const result = await store.append(stream, events.map((event) => envelope(event, context)), {
        expectedVersion: version ?? 'no_stream',
      });
      return { state: events.reduce(decider.evolve, state), position: formatPosition(result.position), changed: true };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (attempt >= maxAttempts) throw conflict('Someone else changed this at the same time. Please try again.');
      // Spread the retries out, so writers that just collided do not collide again in step.
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

function envelope(event: DomainEvent, context: CommandContext) {
  const eventId = crypto.randomUUID();
  const metadata: EventMetadata = {
    eventId,
    actor: context.actor,
    correlationId: context.correlationId,
    causationId: context.causationId ?? context.correlationId,
    occurredAt: new Date().toISOString(),
    schemaVersion: 1,
  };
  return { eventId, type: event.type, data: event.data, metadata };
}

/**
 * Reads again every `intervalMs` until `done` holds or `timeoutMs` has passed; answers the last read.
 * For answers that should only be given once a policy's follow-up has landed (a granted badge, a
 * published meal), bounded so a slow follow-up never holds a request for long.
 */
export async function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, intervalMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() >= deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
