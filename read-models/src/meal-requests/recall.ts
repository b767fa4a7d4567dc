/**
 * Until when a request's last move on (Approve or Serve, at `advancedAt`) may be recalled, as the
 * kitchen's queue answers it: null once the window has passed, or when there is nothing to recall.
 */
export function recallableUntil(advancedAt: Date | null | undefined, recallWindowMs: number, now: Date): string | null {
  return advancedAt && advancedAt.getTime() > now.getTime() - recallWindowMs ? new Date(advancedAt.getTime() + recallWindowMs).toISOString() : null;
}
