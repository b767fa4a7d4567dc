import { useState } from 'react';
import { localMidnight, useWaitingTimes } from '../api/serve-queue';
import { formatWait } from './queue-model';
import { failedAgain, ReadFailed } from '@/components/ui/read-failed';

/** Today's waits from request to Delivered, for Admin Profile: the average and the time nine in ten were served within. */
export function WaitingSummary() {
  // "Today" is this screen's: from its local midnight.
  const [since] = useState(() => localMidnight(new Date()));
  const waiting = useWaitingTimes(since);
  // What was read stays when a later read fails (after a push): the failure is said under it.
  const text = waiting.data
    ? waiting.data.averageMs === null || waiting.data.p90Ms === null
      ? 'Waiting times: no meals delivered yet today'
      : `Today's wait: average ${formatWait(waiting.data.averageMs)}, 90% within ${formatWait(waiting.data.p90Ms)} (${waiting.data.delivered} delivered)`
    : waiting.isPending
      ? 'Waiting times: …'
      : 'Waiting times: unavailable';
  return (
    <>
      <p className="rounded-lg bg-slate-100 px-4 py-2 text-base font-semibold text-slate-900">{text}</p>
      <ReadFailed error={failedAgain(waiting)} saying="Failed to read the waiting times again" />
    </>
  );
}
