import { PageHeading } from '@/components/layouts/page-heading';
import { RoleRedirect } from '@/features/dashboard/components/role-redirect';
import { AdminProfile } from '@/features/profile/components/admin-profile';
import { MyProfile } from '@/features/profile/components/my-profile';
import { ManageUsers } from '@/features/users/components/manage-users';

export function DashboardIndexRoute() {
  return <RoleRedirect />;
}

export function MyProfileRoute() {
  return (
    <>
      <PageHeading>My Profile</PageHeading>
      <MyProfile />
    </>
  );
}

export function AdminProfileRoute() {
  return (
    <>
      <PageHeading>Admin Profile</PageHeading>
      <AdminProfile />
    </>
  );
}

export function ManageUsersRoute() {
  return (
    <>
      <PageHeading>Manage Users</PageHeading>
      <ManageUsers />
    </>
  );
}
