import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { mealOnShow, useMeal } from '@/features/meals/api/get-meal';
import { MealDetail } from '@/features/meals/components/meal-detail';
import { RequestMealAction } from '@/features/requests/components/request-meal-action';
import { useCanAct, useSessionUser } from '@/lib/auth';
import { useUserProfile } from '@/lib/user-profile';

// Below the meal, its reviews: the server draws them with the page, and the browser hydrates them in a
// task of their own once their code has come, after the meal's part (one long task made two).
const MealReviews = lazy(async () => ({ default: (await import('@/features/reviews/components/meal-reviews')).MealReviews }));
// Below the reviews, with the form library and its schema: the page hydrates without them,
// and the form's part hydrates once they come (the server draws it all the same).
const AddReviewForm = lazy(async () => ({ default: (await import('@/features/reviews/components/review-form')).AddReviewForm }));

/** 'Error loading user data: ' and why, when the signed-in user's record (which Request Meal needs) failed to load. */
function UserDataError() {
  const user = useSessionUser();
  const profile = useUserProfile(user?.email);
  if (!profile.isError) return null;
  return (
    <p role="alert" className="basis-full font-medium text-red-700">
      {'Error loading user data: ' + profile.error.message}
    </p>
  );
}

/**
 * /meal/{id}: the meal (from the meals feature), the request action, and its reviews (an auditor gets
 * neither the request action nor the review box); a meal that
 * could not be loaded (say, deleted) offers neither its reviews nor a box to add one. When the user's
 * own record fails to load, the page says so rather than letting Request Meal do nothing.
 */
export function MealDetailRoute() {
  const { id = '' } = useParams();
  const meal = useMeal(id);
  // An auditor reads the meal and its reviews; nothing here would let them change it.
  const canAct = useCanAct();
  return (
    <div className="mx-auto grid max-w-6xl gap-12 px-4 py-10">
      <MealDetail
        mealId={id}
        actions={
          canAct ? (
            <>
              <RequestMealAction mealId={id} />
              <UserDataError />
            </>
          ) : null
        }
      />
      {mealOnShow(meal) ? (
        <div className="grid gap-6 md:max-w-3xl">
          <Suspense fallback={<p role="status">Loading reviews...</p>}>
            <MealReviews mealId={id} />
          </Suspense>
          {canAct ? (
            <Suspense fallback={null}>
              <AddReviewForm mealId={id} />
            </Suspense>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
