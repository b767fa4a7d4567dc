import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { keepFocusNearby } from './return-focus';

/** A read as TanStack Query keeps it: whether it failed, why, and what it read before, if anything. */
interface Read {
  isError: boolean;
  error: Error | null;
  data?: unknown;
}

/** A read that can be asked again (a TanStack query): whether it is being read now. */
export interface Retry {
  refetch: (options?: { cancelRefetch?: boolean }) => Promise<unknown>;
  isFetching: boolean;
}

/** Why a read failed while what it read before is still on show (a read again after a push, a reconnect); else null. */
export const failedAgain = (read: Read) => (read.isError && read.data !== undefined ? read.error : null);

/**
 * 'Try again': reads what failed again (once more, not over a read already under way), and says so while
 * it reads. Once the read succeeds the failure and this button are gone: the focus, if it was here, goes
 * on to the nearest control (see keepFocusNearby), not to the top of the page.
 */
export function TryAgain({ read }: { read: Retry }) {
  return (
    <Button ref={keepFocusNearby} variant="outline" size="sm" aria-busy={read.isFetching} onClick={() => void read.refetch({ cancelRefetch: false })}>
      {read.isFetching ? 'Trying again…' : 'Try again'}
    </Button>
  );
}

/**
 * Said under what is on show when a later read of it fails: the content stays as it was (rows, a review
 * being written, a Details opened), so a failure never takes away what someone was reading; `saying`, then
 * why. With `retry`, a Try again follows.
 */
export function ReadFailed({ error, saying, retry, className }: { error: Error | null | undefined; saying: string; retry?: Retry; className?: string }) {
  if (!error) return null;
  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-2', className)}>
      <p role="alert" className="text-sm font-medium text-red-700">{`${saying}: ${error.message}`}</p>
      {retry ? <TryAgain read={retry} /> : null}
    </div>
  );
}

/** Said in place of what could not be read at all (there is nothing to show yet), with a Try again under it. */
export function LoadFailed({ children, retry, className }: { children: ReactNode; retry: Retry; className?: string }) {
  return (
    <div className={cn('grid justify-items-start gap-2', className)}>
      <p role="alert" className="font-medium text-red-700">
        {children}
      </p>
      <TryAgain read={retry} />
    </div>
  );
}
