import { START } from '../port';
import type { Position, RecordedEvent, SubscribeOptions, Subscription } from '../port';
import type { Notifications } from './notifications';

// The notifying transaction's events may not be readable yet: an older transaction of this
// database can still hold the read's horizon back. After a notification, look again a few times
// soon rather than only at the next poll.
const RETRY_AFTER_NOTIFY_MS = [5, 10, 25, 50, 100, 200];

export interface SubscriptionDeps {
  read(from: Position, batch: number): Promise<RecordedEvent[]>;
  notifications: Notifications;
  pollIntervalMs: number;
  defaultBatch: number;
}

/**
 * A polling loop woken early by notifications (a hint only: the read decides what is there). The
 * cursor only ever moves to the position of an event handed to `onEvents`, so it cannot pass an
 * event the guarded read has not released yet.
 */
export function startSubscription(deps: SubscriptionDeps, options: SubscribeOptions): Subscription {
  const batch = options.batch ?? deps.defaultBatch;
  if (!Number.isSafeInteger(batch) || batch < 1) throw new RangeError(`batch must be a positive integer, got ${batch}`);

  let stopping = false;
  let notified = false;
  let retries = RETRY_AFTER_NOTIFY_MS.length;
  let interrupt: (() => void) | undefined;

  const stopListening = deps.notifications.listen(() => {
    notified = true;
    retries = 0;
    interrupt?.();
  });

  const pause = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(finish, ms);
      function finish(): void {
        clearTimeout(timer);
        interrupt = undefined;
        resolve();
      }
      interrupt = finish;
    });

  async function run(): Promise<void> {
    let cursor = options.from ?? START;
    let caughtUp = false;
    while (!stopping) {
      notified = false;
      const events = await deps.read(cursor, batch);
      if (stopping) return;
      const last = events.at(-1);
      if (last) {
        await options.onEvents(events);
        cursor = last.position;
      }
      if (events.length === batch || stopping) continue;
      if (last || !caughtUp) {
        caughtUp = true;
        options.onCaughtUp?.(cursor);
      }
      if (notified) continue;
      const retry = RETRY_AFTER_NOTIFY_MS[retries];
      if (retry !== undefined) retries += 1;
      await pause(retry ?? deps.pollIntervalMs);
    }
  }

  const done = run().finally(stopListening);
  return {
    done,
    async stop() {
      stopping = true;
      interrupt?.();
      await done.catch(() => undefined);
    },
  };
}
