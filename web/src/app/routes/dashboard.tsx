import { titled } from '@/components/layouts/page-heading';
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
import { WaitingSummary } from '@/features/requests/components/waiting-summary';
import { ManageUsers } from '@/features/users/components/manage-users';

export function DashboardIndexRoute() {
  return <RoleRedirect />;
}

export const MyProfileRoute = titled('My Profile', MyProfile);
// The kitchen's waiting times join the admin's profile here: features do not import each other.
function AdminProfileWithWaits() {
  return (
    <AdminProfile>
      <WaitingSummary />
    </AdminProfile>
  );
}
export const AdminProfileRoute = titled('Admin Profile', AdminProfileWithWaits);
export const ManageUsersRoute = titled('Manage Users', ManageUsers);
export const MyReviewsRoute = titled('My Reviews', MyReviews);
export const AllReviewsRoute = titled('All Reviews', AllReviews);
export const AddMealRoute = titled('Add Meal', AddMealForm);
export const AdminAllMealsRoute = titled('All Meals', AdminAllMeals);
export const PaymentHistoryRoute = titled('Payment History', PaymentHistory);
export const UpcomingMealsAdminRoute = titled('Upcoming Meals', AdminUpcomingMeals);
export const RequestedMealsRoute = titled('My Requested Meals', MyRequestedMeals);
export const ServeMealsRoute = titled('Serve Meals', ServeMeals);
