/**
 * The event-store port. Services depend on this interface only; the adapters (PostgreSQL for the
 * embedded default and CI, KurrentDB in production) are chosen at start-up.
 */

/**
 * A position in the global, commit-ordered log: a pair of unsigned 64-bit numbers compared
 * lexicographically. PostgreSQL: (transaction id, global position); KurrentDB: (commit, prepare).
 * Serialised as `"<a>/<b>"` so it survives JSON, headers and URLs.
 */
export interface Position {
  readonly a: bigint;
  readonly b: bigint;
}

export const START: Position = { a: 0n, b: 0n };

export function comparePositions(left: Position, right: Position): -1 | 0 | 1 {
  if (left.a !== right.a) return left.a < right.a ? -1 : 1;
  if (left.b !== right.b) return left.b < right.b ? -1 : 1;
  return 0;
}

export function formatPosition(position: Position): string {
  return `${position.a}/${position.b}`;
}

/** Parses a serialised position; answers undefined for anything malformed (never throws). */
export function parsePosition(text: string): Position | undefined {
  const match = /^(\d{1,20})\/(\d{1,20})$/.exec(text.trim());
  if (!match) return undefined;
  const a = BigInt(match[1]!);
  const b = BigInt(match[2]!);
  const max = 2n ** 64n - 1n;
  return a <= max && b <= max ? { a, b } : undefined;
}

/**
 * The version a stream must be at for an append to succeed. Stream versions count from 0 (the
 * first event). `'no_stream'`: the stream must not exist; `'any'`: no check.
 */
export type ExpectedVersion = bigint | 'no_stream' | 'any';

export interface EventToAppend {
  /**
   * A UUID, unique across the store. Appending event ids that are already stored in the same stream
   * is a retry: it answers the original append's result and writes nothing.
   */
  eventId: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

export interface RecordedEvent {
  eventId: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  streamId: string;
  streamVersion: bigint;
  position: Position;
}

/** An event as the store holds it: its data and metadata as the JSON text stored, not parsed. */
export interface StoredEvent extends Omit<RecordedEvent, 'data' | 'metadata'> {
  data: string;
  metadata: string;
}

export interface AppendResult {
  /** Version of the stream's last event after the append (`-1n`: still no event, from an empty append). */
  nextVersion: bigint;
  /** Position of the last appended event (an empty append: of the stream's last event, or `START`). */
  position: Position;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. */
  from?: Position;
  /** Largest number of events to answer. */
  batch?: number;
}

export interface Subscription {
  /** Stops the subscription; resolves once no handler call is running. */
  stop(): Promise<void>;
  /** Resolves when the subscription ends by `stop()`, rejects when a handler or the store fails. */
  readonly done: Promise<void>;
}

export interface SubscribeOptions {
  from?: Position;
  batch?: number;
  /**
   * Called with each batch of events in commit order; the next batch is read only after the
   * returned promise settles. A rejection ends the subscription (and rejects `done`).
   */
  onEvents(events: RecordedEvent[]): Promise<void>;
  /** Called when the subscription has read everything committed so far (after catch-up and each live batch). */
  onCaughtUp?(position: Position): void;
}

/** A stream's state folded up to `version`, kept to fold from instead of the whole stream. */
export interface Snapshot {
  version: bigint;
  state: unknown;
}

export interface AppendOptions {
  expectedVersion: ExpectedVersion;
  /**
   * Another stream the events were decided on, and the version it stood at then: if it has moved on
   * since, nothing is appended and WrongExpectedVersionError names that stream. PostgreSQL checks it
   * in the append's own statement; KurrentDB, which has no condition across streams, just before.
   */
  unchangedSince?: { stream: string; version: bigint | 'no_stream' };
}

export interface EventStore {
  append(stream: string, events: EventToAppend[], options: AppendOptions): Promise<AppendResult>;
  /**
   * The events of one stream in version order (from `fromVersion`, inclusive, when given); an empty
   * array for a stream that does not exist.
   */
  readStream(stream: string, options?: { fromVersion?: bigint }): Promise<RecordedEvent[]>;
  /**
   * The latest snapshot of `stream` kept under `kind` (a decider's fold, and the version of that fold:
   * a new fold writes a new kind), if any, and the stream's events after it (all of them without
   * one), in one read where the store allows. Snapshots are a cache, never the truth: deleting every
   * one changes no answer, only how much of a stream is read.
   */
  readFromSnapshot(stream: string, kind: string): Promise<{ snapshot: Snapshot | undefined; events: RecordedEvent[] }>;
  /** Keeps `state` as the fold of `stream` up to `version` under `kind` (replacing an older one). */
  writeSnapshot(stream: string, kind: string, snapshot: Snapshot): Promise<void>;
  /** Events of our stream categories after `from`, in commit order. Never skips a late commit. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** readAll's events as the store holds them, data and metadata unparsed: what the audit ledger hashes (audit:verify reads the whole log so). */
  readAllStored(options?: ReadAllOptions): Promise<StoredEvent[]>;
  subscribe(options: SubscribeOptions): Subscription;
  close(): Promise<void>;
}

/** The stream was not at the expected version (a concurrent writer won, or the stream (does not) exist). */
export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly stream: string,
    readonly expected: ExpectedVersion,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${stream} is at ${String(actual)}, expected ${String(expected)}`);
  }
}
