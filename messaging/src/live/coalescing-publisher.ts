import type { LiveMessages } from '@hostel/contracts';
import type { LivePublisher } from './port';

type Change = LiveMessages['changed'];
type Counts = LiveMessages['counts'];

/** How a later message of a window folds into the one waiting to be sent. */
const mergers = {
  // A push is a signal to refetch: the latest position, and the id only if every change named it.
  changed: (pending: Change, next: Change): Change => (pending.id === next.id ? next : withoutId(next)),
  // The latest counts of each id.
  counts: (pending: Counts, next: Counts): Counts => {
    const counts = { ...pending.counts };
    for (const [id, latest] of Object.entries(next.counts)) counts[id] = { ...counts[id], ...latest };
    return { ...next, counts };
  },
};
type Coalesced = keyof typeof mergers;
const isCoalesced = (event: string): event is Coalesced => event in mergers;

/**
 * Pushes a room's `changed` (and `counts`) messages for one resource at most once per `windowMs`: the
 * first of a quiet spell at once, then everything else arriving within the window as one message at
 * its end. Merging loses nothing a client uses, and a burst of likes costs each watcher one frame per
 * window instead of one per like. Other events pass straight through.
 */
export function coalesceChanges(publisher: LivePublisher, windowMs: number): LivePublisher {
  const windows = new Map<string, { pending: Change | Counts | undefined }>();

  function open(room: string, event: Coalesced, key: string) {
    const window: { pending: Change | Counts | undefined } = { pending: undefined };
    windows.set(key, window);
    const timer = setTimeout(() => {
      windows.delete(key);
      if (!window.pending) return;
      publisher.publish(room, event, window.pending);
      // What was just sent opens the next window, so a steady stream stays at one push per window.
      open(room, event, key);
    }, windowMs);
    timer.unref();
  }

  return {
    publish(room, event, payload) {
      if (!isCoalesced(event)) return publisher.publish(room, event, payload);
      const message = payload as Change | Counts;
      const key = `${room}\u0000${event}\u0000${message.resource}`;
      const window = windows.get(key);
      if (!window) {
        publisher.publish(room, event, payload);
        return open(room, event, key);
      }
      const merge = mergers[event] as (pending: Change | Counts, next: Change | Counts) => Change | Counts;
      window.pending = window.pending ? merge(window.pending, message) : message;
    },
  };
}

function withoutId({ id: _id, ...change }: Change): Change {
  return change;
}
