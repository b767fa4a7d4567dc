import { PageHeading } from '@/components/layouts/page-heading';
import { AllMeals } from '@/features/meals/components/all-meals';

/** /AllMeals, a module of its own: the grid hydrates without the meal page's forms and their schemas. */
export function AllMealsRoute() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeading>Explore All Meals</PageHeading>
      <AllMeals />
    </div>
  );
}
