import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useSession, useSessionUser } from '@/lib/auth';

/**
 * Signed-in users only. Waits for the session restore to finish first, so that reloading a dashboard
 * page with a valid refresh cookie does not bounce to the sign-in screen.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'restoring') {
    return (
      <p role="status" className="p-8 text-center text-slate-700">
        Loading...
      </p>
    );
  }
  if (session.status === 'signed-out') return <Navigate to={paths.signIn} replace state={{ from: location }} />;
  return children;
}

/** Admin pages: anyone else is sent to their own profile. */
export function RequireAdmin() {
  const user = useSessionUser();
  if (user?.role !== 'admin') return <Navigate to={paths.dashboard.userProfile} replace />;
  return <Outlet />;
}

/** The audit trail: admins and auditors; anyone else is sent to their own profile, as from an admin page. */
export function RequireAuditAccess() {
  const user = useSessionUser();
  if (user?.role !== 'admin' && user?.role !== 'auditor') return <Navigate to={paths.dashboard.userProfile} replace />;
  return <Outlet />;
}

/** Sends another spelling of a route (e.g. /signup) to its canonical one, keeping query and hash. */
export function CanonicalRedirect({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}
