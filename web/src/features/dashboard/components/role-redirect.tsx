import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { useRoleSync, useSessionUser } from '@/lib/auth';
import { useUserRole } from '../api/get-user-role';

const landing = { admin: paths.dashboard.adminProfile, auditor: paths.dashboard.audit, user: paths.dashboard.userProfile } as const;

/** `/dashboard` itself: looks up the role, then replaces itself with the role's first page (an auditor's is the audit trail). */
export function RoleRedirect() {
  const user = useSessionUser();
  const role = useUserRole(user?.email);
  const inStep = useRoleSync(role.data);

  if (role.isError) {
    return (
      <p role="alert" className="font-medium text-red-700">
        {'Error loading user role: ' + role.error.message}
      </p>
    );
  }
  if (role.data && inStep) {
    return <Navigate to={landing[role.data]} replace />;
  }
  return <p role="status">Loading dashboard...</p>;
}
