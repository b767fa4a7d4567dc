/**
 * Where someone was while they still had their email to verify: the page the reminder last showed on,
 * kept in this browser, so the page the mailed link opens (often a new tab, later) can send them back.
 */
const KEY = 'hostel.verify-return';

/** Only this site's own pages: a path, never another origin (`//host`), never the verify page itself. */
const isOwnPage = (path: string | null): path is string => !!path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/verify-email');

export function rememberWhereVerifying(path: string) {
  if (!isOwnPage(path)) return;
  try {
    localStorage.setItem(KEY, path);
  } catch {
    // Storage refused (private mode, full): the verify page offers Home alone.
  }
}

export function whereVerifying(): string | null {
  try {
    const path = localStorage.getItem(KEY);
    return isOwnPage(path) ? path : null;
  } catch {
    return null;
  }
}
