import { useState } from 'react';
import type { WaitingTimes } from '@hostel/contracts';
import { plural } from '@/lib/plural';
import { localMidnight, useWaitingTimes } from '../api/serve-queue';
import { waitInWords } from './queue-model';
import { failedAgain, ReadFailed } from '@/components/ui/read-failed';

/**
 * The day's figures in words. `delivered` counts what Serve Meals counts (every delivery today); the
 * waits are over the timed ones only (TIMED_WAIT_MIN_MS), so deliveries none of which was timed are
 * still said as delivered.
 */
function waitingInWords({ delivered, timed, averageMs, p90Ms }: WaitingTimes) {
  if (delivered === 0) return 'Waiting times: no meals delivered yet today';
  if (averageMs === null || p90Ms === null)
    return `Waiting times: ${plural(delivered, 'meal')} delivered today, none timed yet (served within seconds of ${delivered === 1 ? 'its request' : 'their requests'})`;
  const untimed = delivered - timed;
  const over =
    untimed === 0
      ? `${delivered} delivered`
      : `over ${timed} of ${delivered} delivered; ${untimed} served within seconds of ${untimed === 1 ? 'its request' : 'their requests'}, not timed`;
  // Durations in words: a kitchen clock's 18:12 reads here like a time of day.
  return `Today's wait: average ${waitInWords(averageMs)}, 90% within ${waitInWords(p90Ms)} (${over})`;
}

/** Today's waits from request to Delivered, for Admin Profile: the average and the time nine in ten were served within. */
export function WaitingSummary() {
  // "Today" is this screen's: from its local midnight.
  const [since] = useState(() => localMidnight(new Date()));
  const waiting = useWaitingTimes(since);
  // What was read stays when a later read fails (after a push): the failure is said under it.
  const text = waiting.data ? waitingInWords(waiting.data) : waiting.isPending ? 'Waiting times: …' : 'Waiting times: unavailable';
  return (
    <>
      <p className="rounded-lg bg-slate-100 px-4 py-2 text-base font-semibold text-slate-900">{text}</p>
      <ReadFailed error={failedAgain(waiting)} saying="Failed to read the waiting times again" />
    </>
  );
}
