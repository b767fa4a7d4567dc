import { MailCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSessionUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useResendVerification } from '../api/resend-verification';
import { rememberWhereVerifying } from '../verify-return';

/**
 * For a signed-in user who has not verified their email yet: a quiet reminder, and a new link on request.
 * The page it shows on is remembered, for the verify page to lead back to.
 */
export function VerifyEmailNote() {
  const user = useSessionUser();
  const resend = useResendVerification();
  const { pathname, search } = useLocation();
  const unverified = user?.emailVerified === false;
  useEffect(() => {
    if (unverified) rememberWhereVerifying(pathname + search);
  }, [unverified, pathname, search]);
  // Unknown (an older answer without the flag) counts as verified: no note rather than a wrong one.
  if (!unverified) return null;

  const answer = resend.isSuccess ? resend.data.message : resend.isError ? resend.error.message : '';
  return (
    <div className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1">
        <MailCheck aria-hidden="true" className="size-4 shrink-0" />
        <p>Please verify your email address: open the link we mailed you.</p>
        <Button
          variant="link"
          size="sm"
          className="h-auto px-0 text-amber-950 underline"
          disabled={resend.isPending}
          aria-busy={resend.isPending}
          onClick={() => resend.mutate()}
        >
          Resend verification email
        </Button>
        <p role="status" className={cn(resend.isError && 'font-medium text-red-800')}>
          {answer}
        </p>
      </div>
    </div>
  );
}
