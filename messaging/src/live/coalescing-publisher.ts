import type { LiveMessages } from '@hostel/contracts';
import type { LivePublisher } from './port';

type Change = LiveMessages['changed'];

/**
 * Pushes a room's `changed` messages for one resource at most once per `windowMs`: the first of a
 * quiet spell at once, then everything else arriving within the window as one message at its end
 * (the latest position; the id only if every merged change named the same one). A push is a signal
 * to refetch, so merging loses nothing, and a burst of likes costs each watcher one frame per window
 * instead of one per like. Other events pass straight through.
 */
export function coalesceChanges(publisher: LivePublisher, windowMs: number): LivePublisher {
  const windows = new Map<string, { pending: Change | undefined }>();

  function open(room: string, key: string) {
    const window: { pending: Change | undefined } = { pending: undefined };
    windows.set(key, window);
    const timer = setTimeout(() => {
      windows.delete(key);
      if (!window.pending) return;
      publisher.publish(room, 'changed', window.pending);
      // What was just sent opens the next window, so a steady stream stays at one push per window.
      open(room, key);
    }, windowMs);
    timer.unref();
  }

  return {
    publish(room, event, payload) {
      if (event !== 'changed') return publisher.publish(room, event, payload);
      const change = payload as Change;
      const key = `${room}\u0000${change.resource}`;
      const window = windows.get(key);
      if (!window) {
        publisher.publish(room, 'changed', change);
        return open(room, key);
      }
      const merged = window.pending;
      window.pending = merged && merged.id !== change.id ? withoutId(change) : change;
    },
  };
}

function withoutId({ id: _id, ...change }: Change): Change {
  return change;
}
