import {
  ANY,
  BACKWARDS,
  END,
  jsonEvent,
  KurrentDBClient,
  NO_STREAM,
  START as KURRENT_START,
  StreamNotFoundError,
  streamNameFilter,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import type { AllStreamSubscription, AppendStreamState, JSONType, ReadPosition, RecordedEvent as KurrentRecordedEvent } from '@kurrent/kurrentdb-client';
import { comparePositions, START, WrongExpectedVersionError } from '../port';
import type { AppendOptions, AppendResult, EventStore, EventToAppend, ExpectedVersion, Position, RecordedEvent, SubscribeOptions, Subscription } from '../port';

export interface KurrentDbEventStoreOptions {
  /** e.g. `kurrentdb://admin:changeit@localhost:2113?tls=false`. */
  connectionString: string;
  /**
   * Stream-name prefixes that are ours, e.g. `['user-', 'meal-']`. readAll and subscribe answer
   * events of these streams only; everything else in `$all` (system streams, other apps) is skipped.
   */
  categories: readonly string[];
}

const DEFAULT_BATCH = 1000;

/**
 * The KurrentDB adapter of the event-store port (production). Positions are the `$all` positions
 * (a = commit, b = prepare). `close()` disposes the client it created.
 */
export function createKurrentDbEventStore(options: KurrentDbEventStoreOptions): EventStore {
  if (options.categories.length === 0) throw new Error('KurrentDB event store needs at least one stream category');
  const client = KurrentDBClient.connectionString(options.connectionString);
  const filter = streamNameFilter({ prefixes: [...options.categories] });
  const subscriptions = new Set<Subscription>();
  let closed = false;

  const toRecorded = (event: KurrentRecordedEvent | undefined): RecordedEvent | undefined => {
    // Links (not resolved) and system events ("$…" types such as stream metadata) are not ours.
    if (!event || event.type.startsWith('$')) return undefined;
    if (!event.position) throw new Error(`KurrentDB reported no position for ${event.streamId}@${event.revision}`);
    return {
      eventId: event.id,
      type: event.type,
      data: event.data,
      metadata: isRecord(event.metadata) ? event.metadata : {},
      streamId: event.streamId,
      streamVersion: event.revision,
      position: { a: event.position.commit, b: event.position.prepare },
    };
  };

  async function lastEvent(stream: string): Promise<RecordedEvent | undefined> {
    try {
      for await (const resolved of client.readStream(stream, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        return toRecorded(resolved.event);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return undefined;
  }

  /** The result of an earlier append of exactly these event ids to this stream, if stored. */
  async function findStoredAppend(stream: string, events: readonly EventToAppend[]): Promise<AppendResult | undefined> {
    const wanted = new Set(events.map((event) => event.eventId.toLowerCase()));
    const found = (await readStream(stream)).filter((event) => wanted.has(event.eventId.toLowerCase()));
    const last = found.at(-1);
    if (!last || found.length !== wanted.size) return undefined;
    return { nextVersion: last.streamVersion, position: last.position };
  }

  async function append(stream: string, events: EventToAppend[], { expectedVersion, unchangedSince }: AppendOptions): Promise<AppendResult> {
    // No condition across streams here: the other stream is read just before the append, so a
    // change to it in between goes unseen (on PostgreSQL the append's own statement checks it).
    if (unchangedSince && events.length > 0) {
      const other = (await lastEvent(unchangedSince.stream))?.streamVersion ?? 'no_stream';
      if (other !== unchangedSince.version) throw new WrongExpectedVersionError(unchangedSince.stream, unchangedSince.version, other);
    }
    if (events.length === 0) {
      const last = await lastEvent(stream);
      const current = last?.streamVersion ?? 'no_stream';
      if (expectedVersion !== 'any' && expectedVersion !== current) {
        throw new WrongExpectedVersionError(stream, expectedVersion, current);
      }
      return last ? { nextVersion: last.streamVersion, position: last.position } : { nextVersion: -1n, position: START };
    }
    try {
      const result = await client.appendToStream(
        stream,
        events.map((event) =>
          jsonEvent({
            id: event.eventId,
            type: event.type,
            // The client types JSON payloads as object, array or string; any JSON value serialises.
            data: (event.data ?? null) as JSONType,
            metadata: event.metadata,
          }),
        ),
        { streamState: toStreamState(expectedVersion) },
      );
      if (result.position) {
        return { nextVersion: result.nextExpectedRevision, position: toPosition(result.position) };
      }
      // An append the server recognised as a retry may come back without a position.
      const original = await findStoredAppend(stream, events);
      if (!original) throw new Error(`KurrentDB answered no position for the append to ${stream}`);
      return original;
    } catch (error) {
      if (!(error instanceof KurrentWrongExpectedVersionError)) throw error;
      const original = await findStoredAppend(stream, events);
      if (original) return original;
      throw new WrongExpectedVersionError(stream, expectedVersion, error.actualState);
    }
  }

  async function readStream(stream: string, options: { fromVersion?: bigint } = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(stream, options.fromVersion ? { fromRevision: options.fromVersion } : {})) {
        const event = toRecorded(resolved.event);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async function readAll({ from = START, batch = DEFAULT_BATCH } = {}): Promise<RecordedEvent[]> {
    if (!Number.isSafeInteger(batch) || batch < 1) throw new RangeError(`batch must be a positive integer, got ${batch}`);
    const events: RecordedEvent[] = [];
    // Reading from a position may include the event at it; one extra event keeps the batch full.
    for await (const resolved of client.readAll({ fromPosition: toReadPosition(from), filter, maxCount: batch + 1 })) {
      const event = toRecorded(resolved.event);
      if (!event || comparePositions(event.position, from) <= 0) continue;
      events.push(event);
      if (events.length === batch) break;
    }
    return events;
  }

  function subscribe(subscribeOptions: SubscribeOptions): Subscription {
    const { onEvents, onCaughtUp } = subscribeOptions;
    const batch = subscribeOptions.batch ?? DEFAULT_BATCH;
    let stopping = false;
    let live: AllStreamSubscription | undefined;

    async function run(): Promise<void> {
      let cursor = subscribeOptions.from ?? START;
      // Catch up page by page, so a consumer far behind gets full batches...
      for (;;) {
        const events = await readAll({ from: cursor, batch });
        if (stopping) return;
        const last = events.at(-1);
        if (last) {
          await onEvents(events);
          cursor = last.position;
        }
        if (stopping) return;
        if (events.length < batch) break;
      }
      onCaughtUp?.(cursor);
      if (stopping) return;
      // ...then follow $all live, from where the pages ended.
      live = client.subscribeToAll({ fromPosition: toReadPosition(cursor), filter });
      try {
        for await (const resolved of live) {
          if (stopping) return;
          const event = toRecorded(resolved.event);
          if (!event || comparePositions(event.position, cursor) <= 0) continue;
          await onEvents([event]);
          cursor = event.position;
          onCaughtUp?.(cursor);
        }
      } catch (error) {
        // Cancelling the gRPC stream on stop() may surface as a premature close.
        if (!stopping) throw error;
      }
    }

    const done = run();
    const subscription: Subscription = {
      done,
      async stop() {
        stopping = true;
        if (live) {
          await live.unsubscribe();
          live.destroy();
        }
        await done.catch(() => undefined);
      },
    };
    subscriptions.add(subscription);
    const forget = (): void => {
      subscriptions.delete(subscription);
    };
    done.then(forget, forget);
    return subscription;
  }

  /**
   * Snapshots live in streams of their own, outside our categories (so no subscription sees them),
   * keeping only their latest event.
   */
  const snapshotStream = (stream: string, kind: string) => `snapshots-${kind}:${stream}`;

  async function readSnapshot(stream: string, kind: string) {
    try {
      for await (const resolved of client.readStream(snapshotStream(stream, kind), { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        const data = resolved.event?.data as { version?: string; state?: unknown } | undefined;
        if (data?.version !== undefined) return { version: BigInt(data.version), state: data.state };
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return undefined;
      throw error;
    }
    return undefined;
  }

  async function writeSnapshot(stream: string, kind: string, snapshot: { version: bigint; state: unknown }) {
    const name = snapshotStream(stream, kind);
    const newer = await readSnapshot(stream, kind);
    if (newer && newer.version >= snapshot.version) return;
    await client.appendToStream(name, jsonEvent({ type: 'Snapshot', data: { version: snapshot.version.toString(), state: snapshot.state } as JSONType }));
    if (!newer) await client.setStreamMetadata(name, { maxCount: 1 });
  }

  async function readFromSnapshot(stream: string, kind: string) {
    const snapshot = await readSnapshot(stream, kind);
    return { snapshot, events: await readStream(stream, snapshot ? { fromVersion: snapshot.version + 1n } : {}) };
  }

  return {
    append,
    readStream,
    readAll,
    // The client hands JSON events over parsed: written again, they are JSON text of the same values.
    readAllStored: async (options) =>
      (await readAll(options)).map((event) => ({ ...event, data: JSON.stringify(event.data), metadata: JSON.stringify(event.metadata) })),
    readFromSnapshot,
    writeSnapshot,
    subscribe,
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await client.dispose();
    },
  };
}

function toStreamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  return expected;
}

function toPosition(position: { commit: bigint; prepare: bigint }): Position {
  return { a: position.commit, b: position.prepare };
}

function toReadPosition(position: Position): ReadPosition {
  return comparePositions(position, START) === 0 ? KURRENT_START : { commit: position.a, prepare: position.b };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}
