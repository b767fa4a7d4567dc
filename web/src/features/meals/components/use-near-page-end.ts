import { useEffect, useEffectEvent } from 'react';

/** SPEC section 9: the next page loads once 80% of the page is scrolled, checked at most every 150 ms. */
const THRESHOLD = 0.8;
const THROTTLE_MS = 150;

/**
 * Calls `onNearEnd` when the reader has scrolled past the threshold, throttled, while `enabled`.
 * It checks again whenever `contentSize` changes, so a page too short to scroll keeps filling.
 */
export function useNearPageEnd(onNearEnd: () => void, enabled: boolean, contentSize: number) {
  // The caller's latest callback, without checking again each time it changes.
  const nearEnd = useEffectEvent(onNearEnd);

  useEffect(() => {
    if (!enabled) return;
    const check = () => {
      const { scrollHeight } = document.documentElement;
      if (scrollHeight > 0 && (window.scrollY + window.innerHeight) / scrollHeight >= THRESHOLD) nearEnd();
    };
    let last = 0;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      const wait = last + THROTTLE_MS - Date.now();
      clearTimeout(trailing);
      if (wait <= 0) {
        last = Date.now();
        check();
      } else {
        // The last scroll of a burst still counts, once the throttle window has passed.
        trailing = setTimeout(onScroll, wait);
      }
    };
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(trailing);
      window.removeEventListener('scroll', onScroll);
    };
  }, [enabled, contentSize]);
}
