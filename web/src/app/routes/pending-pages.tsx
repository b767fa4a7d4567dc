import { PageHeading } from '@/components/layouts/page-heading';

/*
 * Routes whose screens arrive with later work (meals, upcoming meals, checkout, requests, reviews,
 * payments). They exist now so links and deep links resolve; each shows its heading and nothing else.
 */

function Pending({ title, inMainLayout = false }: { title: string; inMainLayout?: boolean }) {
  return inMainLayout ? (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeading>{title}</PageHeading>
    </div>
  ) : (
    <PageHeading>{title}</PageHeading>
  );
}

export const UpcomingMealsRoute = () => <Pending inMainLayout title="Upcoming Meals" />;

export const RequestedMealsRoute = () => <Pending title="My Requested Meals" />;
export const ServeMealsRoute = () => <Pending title="Serve Meals" />;
export const UpcomingMealsAdminRoute = () => <Pending title="Upcoming Meals" />;
