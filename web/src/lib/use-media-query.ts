import { useSyncExternalStore } from 'react';

/**
 * Whether the reader's browser matches a media query (their system's wishes: less motion, a dark theme),
 * following its changes. The server's page, and so hydration, is drawn as if it did not match; the
 * reader's wish applies right after.
 */
export function useMediaQuery(query: string): boolean {
  const media = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : undefined);
  return useSyncExternalStore(
    (onChange) => {
      const list = media();
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => media()?.matches ?? false,
    () => false,
  );
}
