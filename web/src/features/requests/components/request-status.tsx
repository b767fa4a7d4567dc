import type { MealRequestStatus } from '@hostel/contracts';
import { cn } from '@/lib/cn';

/** SPEC: Approved green, Pending yellow, anything else red. The word is always shown, so colour is never the only cue. */
const colours: Record<string, string> = {
  Approved: 'border-emerald-300 bg-emerald-100 text-emerald-900',
  Pending: 'border-amber-300 bg-amber-100 text-amber-900',
};
const otherwise = 'border-red-300 bg-red-100 text-red-900';

export function RequestStatus({ status }: { status: MealRequestStatus }) {
  return <span className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold', colours[status] ?? otherwise)}>{status}</span>;
}
