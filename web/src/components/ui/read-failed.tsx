import { cn } from '@/lib/cn';

/** A read as TanStack Query keeps it: whether it failed, why, and what it read before, if anything. */
interface Read {
  isError: boolean;
  error: Error | null;
  data?: unknown;
}

/** Why a read failed while what it read before is still on show (a read again after a push, a reconnect); else null. */
export const failedAgain = (read: Read) => (read.isError && read.data !== undefined ? read.error : null);

/**
 * Said under what is on show when a later read of it fails: the content stays as it was (rows, a review
 * being written, a Details opened), so a failure never takes away what someone was reading; `saying`, then why.
 */
export function ReadFailed({ error, saying, className }: { error: Error | null | undefined; saying: string; className?: string }) {
  if (!error) return null;
  return (
    <p role="alert" className={cn('text-sm font-medium text-red-700', className)}>
      {`${saying}: ${error.message}`}
    </p>
  );
}
