import { useSyncExternalStore } from 'react';
import { formatUtc } from '@/lib/utc-time';

const never = () => () => undefined;

/** The reader's own text: the server's where their clock reads UTC at that moment, their locale's and zone's otherwise. */
function localText(dateTime: string): string {
  const date = new Date(dateTime);
  return date.getTimezoneOffset() === 0 ? formatUtc(dateTime) : date.toLocaleString();
}

/**
 * A moment in the reader's time zone. A page rendered on the server (which knows no reader) says it in
 * UTC, and hydration renders that same text. A reader whose clock reads UTC then keeps it (nothing is
 * drawn again, no `Intl`); any other gets their locale's and zone's text in a render of its own once the
 * page is hydrated, never inside it.
 */
export function LocalTime({ dateTime, className }: { dateTime: string; className?: string }) {
  const text = useSyncExternalStore(
    never,
    () => localText(dateTime),
    () => formatUtc(dateTime),
  );
  return (
    <time dateTime={dateTime} className={className}>
      {text}
    </time>
  );
}
