import { PageHeading } from '@/components/layouts/page-heading';

/*
 * Dashboard routes whose screens arrive with the meal-requests work. They exist now so the sidebar's
 * links resolve; each shows its heading and says what is coming.
 */
function Pending({ title }: { title: string }) {
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <p className="text-slate-700">Meal requests open soon.</p>
    </>
  );
}

export const RequestedMealsRoute = () => <Pending title="My Requested Meals" />;
export const ServeMealsRoute = () => <Pending title="Serve Meals" />;
