/** What the sign-in popup posts to its opener when the provider round trip ends. */
export type OidcResult = { ok: true } | { ok: false; message: string };

/** The popup closed without a result (the user closed it, or the browser cut the opener link). */
export type PopupOutcome = OidcResult | { ok: false; closed: true };

const POPUP_NAME = 'oidc-sign-in';
const POPUP_FEATURES = 'width=500,height=650';
const CLOSED_POLL_MS = 500;

function readResult(data: unknown): OidcResult | null {
  if (!data || typeof data !== 'object' || !('type' in data) || data.type !== 'oidc-result') return null;
  if ('ok' in data && data.ok === true) return { ok: true };
  const message = 'message' in data && typeof data.message === 'string' ? data.message : 'Sign-in failed';
  return { ok: false, message };
}

/**
 * Waits for the popup's answer. Only a message from our own origin *and* from this very popup counts:
 * any other window (an ad frame, another tab, a page the provider redirected to) could post a look-alike.
 */
export function waitForPopupResult(popup: Window, host: Window = window): Promise<PopupOutcome> {
  return new Promise((resolve) => {
    const finish = (outcome: PopupOutcome) => {
      host.removeEventListener('message', onMessage);
      clearInterval(closedPoll);
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== host.location.origin || event.source !== popup) return;
      const result = readResult(event.data);
      if (result) finish(result);
    };
    const closedPoll = setInterval(() => {
      if (popup.closed) finish({ ok: false, closed: true });
    }, CLOSED_POLL_MS);
    host.addEventListener('message', onMessage);
  });
}

/** Opens the provider's sign-in in a named popup; null when the browser blocked it. */
export function openSignInPopup(host: Window = window): Window | null {
  return host.open('/api/auth/oidc/start', POPUP_NAME, POPUP_FEATURES);
}
