/** At most one announcement a second: a screen reader keeps up, and a burst is told as one. */
export const ANNOUNCE_INTERVAL_MS = 1000;

/**
 * What the queue's one polite live region says about new requests. The first arrival is said at once
 * ('New request: Chicken Biryani for Sam'); whatever arrives within the interval after an announcement
 * is said together when the interval ends ('3 new requests'). Pure apart from the clock and a timer,
 * both of which tests fake.
 */
export function createArrivalAnnouncer(say: (text: string) => void, intervalMs = ANNOUNCE_INTERVAL_MS) {
  let waiting: string[] = [];
  let lastSaid = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    timer = undefined;
    if (waiting.length === 0) return;
    say(waiting.length === 1 ? `New request: ${waiting[0]}` : `${waiting.length} new requests`);
    waiting = [];
    lastSaid = Date.now();
  };

  return {
    /** New requests arrived, each described ('Chicken Biryani for Sam'). */
    arrived(descriptions: readonly string[]) {
      if (descriptions.length === 0) return;
      waiting.push(...descriptions);
      if (timer !== undefined) return;
      const wait = lastSaid + intervalMs - Date.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    dispose() {
      clearTimeout(timer);
      timer = undefined;
      waiting = [];
    },
  };
}
