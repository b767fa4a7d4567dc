/** At most one announcement a second: a screen reader keeps up, and a burst is told as one. */
export const ANNOUNCE_INTERVAL_MS = 1000;

/** How a screen says that `count` things arrived, the newest described as `newest`. */
export type ArrivalWords = (count: number, newest: string) => string;

/**
 * Arrivals told through one polite live region (the audit's live tail, the kitchen's queue): the first
 * is said at once, and whatever arrives within the interval after an announcement is said together
 * when it ends, in the screen's own words ('3 new requests'). Pure apart from the clock and a timer,
 * both of which tests fake.
 */
export function createAnnouncer(say: (text: string) => void, words: ArrivalWords, intervalMs = ANNOUNCE_INTERVAL_MS) {
  let pending = 0;
  let latest = '';
  let lastSaid = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    timer = undefined;
    if (pending === 0) return;
    say(words(pending, latest));
    pending = 0;
    lastSaid = Date.now();
  };

  return {
    /** `count` things arrived, the newest described as `newest`. */
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
      timer = undefined;
      pending = 0;
    },
  };
}
