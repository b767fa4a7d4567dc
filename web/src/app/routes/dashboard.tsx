import { PageHeading } from '@/components/layouts/page-heading';
import { AddMealForm } from '@/features/meals/components/add-meal-form';
import { AdminAllMeals } from '@/features/meals/components/admin-all-meals';
import { PaymentHistory } from '@/features/payments/components/payment-history';
import { AllReviews } from '@/features/reviews/components/all-reviews';
import { MyReviews } from '@/features/reviews/components/my-reviews';
import { AdminUpcomingMeals } from '@/features/upcoming/components/admin-upcoming-meals';
import { RoleRedirect } from '@/features/dashboard/components/role-redirect';
import { AdminProfile } from '@/features/profile/components/admin-profile';
import { MyProfile } from '@/features/profile/components/my-profile';
import { MyRequestedMeals } from '@/features/requests/components/my-requested-meals';
import { ServeMeals } from '@/features/requests/components/serve-meals';
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

export function MyReviewsRoute() {
  return (
    <>
      <PageHeading>My Reviews</PageHeading>
      <MyReviews />
    </>
  );
}

export function AllReviewsRoute() {
  return (
    <>
      <PageHeading>All Reviews</PageHeading>
      <AllReviews />
    </>
  );
}

export function AddMealRoute() {
  return (
    <>
      <PageHeading>Add Meal</PageHeading>
      <AddMealForm />
    </>
  );
}

export function AdminAllMealsRoute() {
  return (
    <>
      <PageHeading>All Meals</PageHeading>
      <AdminAllMeals />
    </>
  );
}

export function PaymentHistoryRoute() {
  return (
    <>
      <PageHeading>Payment History</PageHeading>
      <PaymentHistory />
    </>
  );
}

export function UpcomingMealsAdminRoute() {
  return (
    <>
      <PageHeading>Upcoming Meals</PageHeading>
      <AdminUpcomingMeals />
    </>
  );
}

export function RequestedMealsRoute() {
  return (
    <>
      <PageHeading>My Requested Meals</PageHeading>
      <MyRequestedMeals />
    </>
  );
}

export function ServeMealsRoute() {
  return (
    <>
      <PageHeading>Serve Meals</PageHeading>
      <ServeMeals />
    </>
  );
}
