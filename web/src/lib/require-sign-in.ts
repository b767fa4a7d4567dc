import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useNotice } from '@/components/ui/notice-dialog';
import { paths } from '@/config/paths';
import { useSession } from './auth';

/**
 * For actions that need an account (like, review, request): runs the action when signed in;
 * otherwise warns 'Please login first' and goes to /SignUp (SPEC section 5). While the session is
 * still being restored the click is ignored rather than sending a signed-in user away.
 */
export function useRequireSignIn() {
  const session = useSession();
  const notice = useNotice();
  const navigate = useNavigate();
  return useCallback(
    (action: () => void) => {
      if (session.status === 'signed-in') return action();
      if (session.status === 'restoring') return;
      notice({ title: 'Please login first', tone: 'info' });
      void navigate(paths.signIn);
    },
    [session.status, notice, navigate],
  );
}
