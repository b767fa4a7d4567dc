import { Link, useRouteError } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  return (
    <div className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-24 text-center">
      <PageHeading className="mb-0">Page not found</PageHeading>
      <p className="text-slate-700">There is no page at this address.</p>
      <Link to={paths.home} className="font-semibold text-orange-800 underline underline-offset-4">
        Back to Home
      </Link>
    </div>
  );
}

/** Shown instead of a screen that failed to render, so one fault never blanks the whole app. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  console.error(error);
  return (
    <main id="main" className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-24 text-center">
      <PageHeading className="mb-0">Something went wrong</PageHeading>
      <a href={paths.home} className="font-semibold text-orange-800 underline underline-offset-4">
        Back to Home
      </a>
    </main>
  );
}
