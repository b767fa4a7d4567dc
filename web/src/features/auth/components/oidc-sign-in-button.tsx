import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useNotice } from '@/components/ui/notice-dialog';
import { useAuthSession } from '@/lib/auth';
import { useAuthConfig } from '../api/get-auth-config';
import { openSignInPopup, waitForPopupResult } from './oidc-popup';

const SUCCESS_AUTO_CLOSE_MS = 1500;

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1 .7-2.4 1.1-4 1.1-3.1 0-5.7-2.1-6.6-4.9h-4v3.1A12 12 0 0 0 12 24z" />
      <path fill="#FBBC05" d="M5.4 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.4 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8z" />
    </svg>
  );
}

/**
 * Popup sign-in with the configured OpenID Connect provider (Google by default). Hidden unless the
 * server says it is enabled. On success the refresh cookie set by the popup is swapped for a token.
 */
export function OidcSignInButton({ failureTitle, onSuccess }: { failureTitle: string; onSuccess: () => void }) {
  const config = useAuthConfig();
  const session = useAuthSession();
  const notice = useNotice();
  const [busy, setBusy] = useState(false);

  if (!config.data?.oidc.enabled) return null;

  const signIn = async () => {
    const popup = openSignInPopup();
    if (!popup) {
      notice({ title: failureTitle, text: 'The sign-in window was blocked. Allow pop-ups for this site and try again.', tone: 'error' });
      return;
    }
    setBusy(true);
    try {
      const outcome = await waitForPopupResult(popup);
      if (!outcome.ok && !('closed' in outcome)) {
        notice({ title: failureTitle, text: outcome.message, tone: 'error' });
        return;
      }
      // A popup that closed without a word may still have signed in (its message can be lost when the
      // provider's pages cut the opener link), so the refresh cookie decides.
      if (!(await session.refresh())) {
        notice({ title: failureTitle, text: outcome.ok ? 'Could not start the session.' : 'The sign-in window was closed.', tone: 'error' });
        return;
      }
      const state = session.getState();
      const name = state.status === 'signed-in' ? state.user.name : '';
      notice({ title: 'Logged in as ' + name, tone: 'success', autoCloseMs: SUCCESS_AUTO_CLOSE_MS });
      onSuccess();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="outline" className="w-full" disabled={busy} aria-busy={busy} onClick={() => void signIn()}>
      <GoogleMark />
      Continue with Google
    </Button>
  );
}
