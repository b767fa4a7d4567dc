import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/** The same moment for everyone, in UTC: what the server's page says before the browser takes over. */
const utc = (dateTime: string) => `${new Date(dateTime).toLocaleString('en-US', { timeZone: 'UTC' })} UTC`;

/**
 * A moment in the reader's own locale and time zone. A page rendered on the server (which knows
 * neither) says it in UTC, and hydration keeps that until its first effect, then shows the reader's:
 * two clocks never disagree inside hydration.
 */
export function LocalTime({ dateTime, className }: { dateTime: string; className?: string }) {
  const text = useSyncExternalStore(
    never,
    () => new Date(dateTime).toLocaleString(),
    () => utc(dateTime),
  );
  return (
    <time dateTime={dateTime} className={className}>
      {text}
    </time>
  );
}
