/**
 * The live-likes measurement, shared by bench:live-likes (the embedded product) and bench:scale (it and
 * the distributed topology): clients watching the upcoming room, likes sent at a steady rate, and for
 * every like and client the time until the push that carried it.
 */
import { io, type Socket } from 'socket.io-client';
import { rooms } from '@hostel/contracts';
import { comparePositions, parsePosition, type Position } from '@hostel/eventstore';
import { ApiError } from '../product-api';
import { percentile } from '../percentile';

/** A push a watching client received: when, and the position the read model had then reached. */
export interface Push {
  at: number;
  position: Position;
}

/** A like sent: when, when its answer came, and its position in the log. */
export interface SentLike {
  sentAt: number;
  answeredAt: number;
  position: Position;
}

/**
 * `count` socket.io clients on the upcoming room, spread round-robin over `bases`, connecting WAVE at a
 * time (thousands at once would measure the handshake storm, not the evening); `clients[i]` keeps client
 * i's pushes in arrival order.
 */
export async function watchUpcoming(bases: readonly string[], count: number): Promise<{ clients: Push[][]; disconnect(): void }> {
  const WAVE = 500;
  const sockets: Socket[] = [];
  const clients: Push[][] = [];
  const disconnect = () => {
    for (const socket of sockets) socket.disconnect();
  };
  const connect = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const socket = io(bases[index % bases.length]!, { path: '/socket.io', transports: ['websocket'], forceNew: true });
      sockets.push(socket);
      const pushes: Push[] = [];
      clients.push(pushes);
      socket.on('counts', ({ resource, position }: { resource: string; position?: string }) => {
        const parsed = position === undefined ? undefined : parsePosition(position);
        if (resource === 'upcomingMeals' && parsed) pushes.push({ at: performance.now(), position: parsed });
      });
      socket.on('connect_error', reject);
      socket.on('connect', () => socket.emit('subscribe', rooms.upcoming, () => resolve()));
    });
  try {
    for (let first = 0; first < count; first += WAVE)
      await Promise.all(Array.from({ length: Math.min(WAVE, count - first) }, (_, offset) => connect(first + offset)));
  } catch (error) {
    disconnect();
    throw error;
  }
  return { clients, disconnect };
}

/** Likes that failed for one reason: how many, and when (seconds into the run) and how long after sending. */
export interface FailedLikes {
  count: number;
  firstAtS: number;
  lastAtS: number;
  /** Milliseconds from sending each to its failure. */
  afterMs: number[];
}

/**
 * Why a request failed, as a breakdown's key: the status and message the product (or the gateway)
 * answered, or, with no answer, the network's error (undici's code: a reset, a timeout, a refused
 * connection).
 */
export function failureReason(error: unknown): string {
  if (error instanceof ApiError) return `${error.status} ${error.said}`;
  if (error instanceof Error) {
    const cause = error.cause as { code?: string; message?: string } | undefined;
    if (error.message === 'fetch failed' && cause) return `no answer: ${cause.code ?? cause.message ?? 'unknown'}`;
    return `${error.name}: ${error.message.slice(0, 200)}`;
  }
  return String(error).slice(0, 200);
}

/**
 * Sends `count` likes at a steady `rate` a second: each leaves at its slot, whatever the answers
 * before it are doing. `like(n)` sends the n-th and answers its position; a like it fails counts in
 * `failures`, and in `failed` under its reason (failureReason). `seconds`: until the last answer.
 */
export async function likeAtSteadyRate(count: number, rate: number, like: (index: number) => Promise<Position>) {
  const likes: SentLike[] = [];
  const failed = new Map<string, FailedLikes>();
  let failures = 0;
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  for (let index = 0; index < count; index++) {
    const wait = started + (index * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sentAt = performance.now();
    inFlight.push(
      like(index).then(
        (position) => void likes.push({ sentAt, answeredAt: performance.now(), position }),
        (error: unknown) => {
          failures++;
          const now = performance.now();
          const atS = (now - started) / 1000;
          const reason = failureReason(error);
          const seen = failed.get(reason) ?? { count: 0, firstAtS: atS, lastAtS: atS, afterMs: [] };
          seen.count++;
          seen.lastAtS = atS;
          seen.afterMs.push(now - sentAt);
          failed.set(reason, seen);
        },
      ),
    );
  }
  await Promise.all(inFlight);
  return { likes, failures, failed, seconds: (performance.now() - started) / 1000 };
}

/** The failed likes by reason, most first, one line each: `count × reason (first–last s into the run, p50 ms after sending)`. */
export function failureBreakdown(failed: ReadonlyMap<string, FailedLikes>): string[] {
  return [...failed]
    .sort(([, a], [, b]) => b.count - a.count)
    .map(
      ([reason, { count, firstAtS, lastAtS, afterMs }]) =>
        `${count} × ${reason} (${firstAtS.toFixed(1)}–${lastAtS.toFixed(1)} s into the run, ${percentile(afterMs, 50).toFixed(0)} ms after sending)`,
    );
}

/**
 * The last pushes are on their way: waits until every client has seen the latest like, or 5 s. Then,
 * for every client and like, the time from sending the like to the first push at or past its
 * position (pushes of a burst arrive merged), and how many likes never reached a client.
 */
export async function pushLatencies(clients: Push[][], likes: SentLike[]): Promise<{ latencies: number[]; missed: number }> {
  const last = likes.reduce((latest, like) => (comparePositions(like.position, latest) > 0 ? like.position : latest), likes[0]!.position);
  const seenAll = () => clients.every((pushes) => pushes.length > 0 && comparePositions(pushes.at(-1)!.position, last) >= 0);
  const deadline = performance.now() + 5000;
  while (!seenAll() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

  const latencies: number[] = [];
  let missed = 0;
  for (const pushes of clients) {
    for (const like of likes) {
      // Pushes arrive in position order: the first at or past the like's position brought it.
      let low = 0;
      let high = pushes.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (comparePositions(pushes[middle]!.position, like.position) >= 0) high = middle;
        else low = middle + 1;
      }
      const push = pushes[low];
      if (push) latencies.push(push.at - like.sentAt);
      else missed++;
    }
  }
  return { latencies, missed };
}
