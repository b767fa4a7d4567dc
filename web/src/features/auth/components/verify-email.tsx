import { MailedLinkToken } from '@hostel/contracts';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useVerifyEmail } from '../api/verify-email';
import { whereVerifying } from '../verify-return';

/** The remembered page does not change while this page is open. */
const noChanges = () => () => {};

/** The page a verification link opens: it verifies at once, says how that went, and leads back to where the person was. */
export function VerifyEmail({ token }: { token: string }) {
  const verify = useVerifyEmail();
  const tokenValid = MailedLinkToken.safeParse(token).success;
  // Once per page, even when effects run twice (development's strict mode).
  const sent = useRef(false);
  const { mutate } = verify;
  // Read in the browser (the server has no such memory: its page, and hydration, go without it).
  const back = useSyncExternalStore(noChanges, whereVerifying, () => null);

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
      <div className="flex flex-wrap justify-center gap-x-6 gap-y-2">
        {back && back !== paths.home ? (
          <Link to={back} className="font-semibold text-orange-800 underline underline-offset-4">
            Back to where you were
          </Link>
        ) : null}
        <Link to={paths.home} className="font-semibold text-orange-800 underline-offset-4 hover:underline">
          Go to Home
        </Link>
      </div>
    </div>
  );
}
