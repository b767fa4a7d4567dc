/** At most one announcement a second: a screen reader keeps up, and a burst is told as one. */
export const ANNOUNCE_INTERVAL_MS = 1000;

/**
 * Summarises events for a polite live region: the first arrival is said at once, and whatever arrives
 * within the interval after an announcement is said together when it ends ('3 new events. Latest: …').
 */
export function createAnnouncer(say: (text: string) => void, intervalMs = ANNOUNCE_INTERVAL_MS) {
  let pending = 0;
  let latest = '';
  let lastSaid = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    timer = undefined;
    if (pending === 0) return;
    say(pending === 1 ? `1 new event: ${latest}` : `${pending} new events. Latest: ${latest}`);
    pending = 0;
    lastSaid = Date.now();
  };

  return {
    /** `count` events arrived, the newest described as `newest`. */
    arrived(count: number, newest: string) {
      if (count <= 0) return;
      pending += count;
      latest = newest;
      if (timer !== undefined) return;
      const wait = lastSaid + intervalMs - Date.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    dispose() {
      clearTimeout(timer);
    },
  };
}
