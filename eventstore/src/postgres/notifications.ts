import pg from 'pg';
import type { ClientConfig } from 'pg';

/** Wake-up calls for subscribers, from one dedicated LISTEN connection per store. */
export interface Notifications {
  /**
   * Calls `wake` on each notification on the channel, and after each (re)connect since
   * notifications sent while disconnected are lost. Answers the function that stops the calls.
   * The connection is open while at least one listener is registered.
   */
  listen(wake: () => void): () => void;
  close(): Promise<void>;
}

const RECONNECT_DELAYS_MS = [100, 500, 1_000, 2_000, 5_000];

/**
 * The LISTEN connection is a client of its own rather than one borrowed from the pool: it is held
 * for as long as anyone subscribes, and a small pool would starve. Subscribers poll as well, so
 * an outage here only slows them down until the reconnect succeeds.
 */
export function createNotifications(config: ClientConfig, channel: string): Notifications {
  const listeners = new Set<() => void>();
  let client: pg.Client | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let closed = false;

  const wakeAll = (): void => {
    for (const wake of listeners) wake();
  };

  function connect(): void {
    if (closed || listeners.size === 0 || client || reconnectTimer) return;
    const candidate = new pg.Client(config);
    client = candidate;
    candidate.on('notification', (message) => {
      if (message.channel === channel) wakeAll();
    });
    // Without an 'error' listener a dropped idle connection would crash the process.
    candidate.on('error', () => drop(candidate));
    candidate.on('end', () => drop(candidate));
    candidate
      .connect()
      .then(() => candidate.query(`LISTEN "${channel}"`))
      .then(
        () => {
          if (client !== candidate) return;
          failures = 0;
          wakeAll();
        },
        () => drop(candidate),
      );
  }

  function drop(candidate: pg.Client): void {
    if (client !== candidate) return;
    client = undefined;
    candidate.end().catch(() => undefined);
    if (closed || listeners.size === 0) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
    failures += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect();
    }, delay);
  }

  async function disconnect(): Promise<void> {
    clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    const current = client;
    client = undefined;
    await current?.end().catch(() => undefined);
  }

  return {
    listen(wake) {
      listeners.add(wake);
      connect();
      return () => {
        listeners.delete(wake);
        if (listeners.size === 0) void disconnect();
      };
    },
    async close() {
      closed = true;
      listeners.clear();
      await disconnect();
    },
  };
}
