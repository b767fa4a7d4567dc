import { MailedLinkToken } from '@hostel/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useVerifyEmail } from '../api/verify-email';

/** The page a verification link opens: it verifies at once and says how that went. */
export function VerifyEmail({ token }: { token: string }) {
  const verify = useVerifyEmail();
  const tokenValid = MailedLinkToken.safeParse(token).success;
  // Once per page, even when effects run twice (development's strict mode).
  const sent = useRef(false);
  const { mutate } = verify;

  useEffect(() => {
    if (!tokenValid || sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [tokenValid, token, mutate]);

  const failed = !tokenValid || verify.isError;
  const answer = !tokenValid
    ? 'This link is not valid. Please ask for a new one.'
    : verify.isSuccess
      ? verify.data.message
      : verify.isError
        ? verify.error.message
        : 'Verifying your email...';

  return (
    <div className="grid gap-5 text-center">
      <p role="status" className={failed ? 'font-medium text-red-700' : 'text-slate-800'}>
        {answer}
      </p>
      {failed ? <p className="text-sm text-slate-700">Signed in, you can ask for a new link from the note at the top of the page.</p> : null}
      <Link to={paths.home} className="font-semibold text-orange-800 underline-offset-4 hover:underline">
        Go to Home
      </Link>
    </div>
  );
}
