import { PageHeading } from '@/components/layouts/page-heading';
import { UpcomingMeals } from '@/features/upcoming/components/upcoming-meals';

/** /UpcomingMeals: a chunk of its own, so the meal page's script goes without it. */
export function UpcomingMealsRoute() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeading>Upcoming Meals</PageHeading>
      <UpcomingMeals />
    </div>
  );
}
