import type { DomainEvent } from '@hostel/contracts';
import type { AppendOptions, EventStore } from '@hostel/eventstore';
import { formatPosition, WrongExpectedVersionError } from '@hostel/eventstore';
import type { CommandContext, Decider } from './decider';
import { envelope } from './envelope';
import { reportCommand } from './command-observers';
import { conflict } from './errors';
import { parseEvent } from './parse-event';

export interface CommandResult<State> {
  state: State;
  /** Position of the last event the command wrote, or of the stream's last event when nothing changed. */
  position: string | undefined;
  changed: boolean;
}

/**
 * How long a command keeps deciding again after losing a race for its stream before it answers 409.
 * A budget of time, not a count of tries: twenty students liking one meal at once take twenty
 * rounds to all get through, a quiet stream none.
 */
const CONFLICT_BUDGET_MS = 5000;
/** The longest pause between two tries; each pause is a random share of a doubling ceiling up to it. */
const MAX_BACKOFF_MS = 50;

export interface HandleOptions {
  /** Time to keep trying against concurrent writers before answering 409. Default CONFLICT_BUDGET_MS. */
  conflictBudgetMs?: number;
  /**
   * The stream is almost always new (a like's stream): decide on the initial state and append with
   * `no_stream` without reading it first; only if it exists after all is it read and decided again.
   */
  expectNew?: boolean;
  /**
   * Another stream the command was decided on, at the version it was read at (EventStore's
   * `unchangedSince`): if it moves on first, the WrongExpectedVersionError naming it reaches the
   * caller, whose decision it was.
   */
  unchangedSince?: AppendOptions['unchangedSince'];
}

/** What a snapshot keeps: the fold, and the position of the last event in it (a command that changes nothing answers it). */
interface SnapshotState<State> {
  state: State;
  position: string;
}

/**
 * Loads a stream and folds it into the decider's state: from its latest snapshot when the decider
 * keeps them, writing a new one once `every` more events had to be folded. The snapshot is only a
 * cache: without it the same state comes from the whole stream.
 */
export async function loadState<Event extends DomainEvent, State>(
  store: EventStore,
  stream: string,
  decider: Pick<Decider<never, Event, State>, 'initialState' | 'evolve' | 'snapshot'>,
) {
  const policy = decider.snapshot;
  const read = policy ? await store.readFromSnapshot(stream, policy.kind) : { snapshot: undefined, events: await store.readStream(stream) };
  const from = read.snapshot as { version: bigint; state: SnapshotState<State> } | undefined;
  const recorded = read.events;
  const state = recorded.reduce((current, event) => decider.evolve(current, parseEvent(event) as unknown as Event), from?.state.state ?? decider.initialState);
  const last = recorded.at(-1);
  const version = last?.streamVersion ?? from?.version;
  const position = last ? formatPosition(last.position) : from?.state.position;
  if (policy && last && position && recorded.length >= policy.every) {
    await store.writeSnapshot(stream, policy.kind, { version: last.streamVersion, state: { state, position } satisfies SnapshotState<State> });
  }
  return { state, version, position };
}

/**
 * Load → decide → append with the expected version. A concurrent writer makes the append fail;
 * the command is then decided again on the fresh state, after a pause with "full jitter" (a random
 * share of a doubling ceiling, so writers that just collided spread out instead of colliding in
 * step), until the conflict budget is spent; only then 409.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  stream: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  context: CommandContext,
  options: HandleOptions = {},
): Promise<CommandResult<State>> {
  const started = performance.now();
  try {
    const result = await inLine(store, stream, () => decideAndAppend(store, stream, decider, command, context, options));
    reportCommand(command, stream, context, started, result);
    return result;
  } catch (error) {
    reportCommand(command, stream, context, started, { error });
    throw error;
  }
}

/** Per store, the last command waiting or running on each stream of this process. */
const lines = new WeakMap<EventStore, Map<string, Promise<unknown>>>();

/**
 * Runs `work` once the commands this process took earlier on `stream` are done: commands on one stream
 * in one process then never race each other for its next version (ten likes of one meal arriving
 * together would spend the conflict budget against one another, and the last ones answer 409 on a
 * busy machine). Other processes' writers still meet the retries below.
 */
function inLine<T>(store: EventStore, stream: string, work: () => Promise<T>): Promise<T> {
  const streams = lines.get(store) ?? new Map<string, Promise<unknown>>();
  lines.set(store, streams);
  const ahead = streams.get(stream);
  const mine = ahead ? ahead.then(work, work) : work();
  const done = mine.catch(() => undefined);
  streams.set(stream, done);
  void done.then(() => {
    if (streams.get(stream) === done) streams.delete(stream);
  });
  return mine;
}

async function decideAndAppend<Command, Event extends DomainEvent, State>(
  store: EventStore,
  stream: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  context: CommandContext,
  options: HandleOptions,
): Promise<CommandResult<State>> {
  const deadline = Date.now() + (options.conflictBudgetMs ?? CONFLICT_BUDGET_MS);
  for (let attempt = 1; ; attempt++) {
    const guessNew = options.expectNew === true && attempt === 1;
    const { state, version, position } = guessNew
      ? { state: decider.initialState, version: undefined, position: undefined }
      : await loadState(store, stream, decider);
    const events = decider.decide(command, state);
    if (events.length === 0) return { state, position, changed: false };
    try {
      const result = await store.append(
        stream,
        events.map((event) => envelope(event, context)),
        { expectedVersion: version ?? 'no_stream', ...(options.unchangedSince ? { unchangedSince: options.unchangedSince } : {}) },
      );
      return { state: events.reduce(decider.evolve, state), position: formatPosition(result.position), changed: true };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || error.stream !== stream) throw error;
      // The stream was there after all: no race to wait out, just decide on what it holds.
      if (guessNew) continue;
      if (Date.now() >= deadline) throw conflict('Someone else changed this at the same time. Please try again.');
      const ceiling = Math.min(MAX_BACKOFF_MS, 2 ** attempt);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
    }
  }
}
