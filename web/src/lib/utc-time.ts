const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * The moment in UTC as `en-US` writes it (`11/26/2026, 10:49:47 PM UTC`), built by hand: the server's
 * text, and the same text again while the browser hydrates, without `Intl` (whose first use on a
 * phone costs tens of milliseconds inside the hydrating task).
 */
export function formatUtc(dateTime: string): string {
  const date = new Date(dateTime);
  if (Number.isNaN(date.getTime())) return dateTime;
  const hours = date.getUTCHours();
  const clock = `${hours % 12 || 12}:${twoDigits(date.getUTCMinutes())}:${twoDigits(date.getUTCSeconds())} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}, ${clock} UTC`;
}
