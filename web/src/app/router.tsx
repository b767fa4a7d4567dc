import { lazy, Suspense, useState } from 'react';
import { createBrowserRouter, type HydrationState, matchRoutes, type RouteObject, RouterProvider } from 'react-router';
import { MainLayout } from '@/components/layouts/main-layout';
import { paths } from '@/config/paths';
import { VerifyEmailNote } from '@/features/auth/components/verify-email-note';
import { CanonicalRedirect, RequireAdmin, RequireAuditAccess, RequireAuth } from './routes/guards';
import { HomeRoute } from './routes/home';
import { NotFoundRoute, RouteErrorBoundary } from './routes/not-found';

// Each screen but the home page loads on first visit, so `/` ships only what it renders.
const meal = () => import('./routes/meals');
const upcoming = () => import('./routes/upcoming');
const allMeals = () => import('./routes/all-meals');
const checkout = () => import('./routes/checkout');
const auth = () => import('./routes/auth');
const dashboard = () => import('./routes/dashboard');
const audit = () => import('./routes/audit');
const kitchen = () => import('./routes/kitchen');
// The dashboard's frame too: the public pages' script goes without it.
const DashboardLayout = lazy(async () => ({ default: (await import('@/components/layouts/dashboard-layout')).DashboardLayout }));

/** Shown while a screen's code loads when the app starts on it. */
const loading = (
  <p role="status" className="min-h-svh p-8 text-center text-slate-700">
    Loading...
  </p>
);

/**
 * The route table of SPEC section 2. Matching ignores case (so /dashboard/AllReviews and
 * /dashboard/allReviews are one page), except /SignUp: other spellings are redirected to it.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <MainLayout banner={<VerifyEmailNote />} />,
    hydrateFallbackElement: loading,
    errorElement: <RouteErrorBoundary />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'AllMeals', lazy: async () => ({ Component: (await allMeals()).AllMealsRoute }) },
      { path: 'UpcomingMeals', lazy: async () => ({ Component: (await upcoming()).UpcomingMealsRoute }) },
      { path: 'checkout/:packageName', lazy: async () => ({ Component: (await checkout()).CheckoutRoute }) },
      { path: 'meal/:id', lazy: async () => ({ Component: (await meal()).MealDetailRoute }) },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
  {
    path: paths.signIn,
    caseSensitive: true,
    lazy: async () => ({ Component: (await auth()).SignInRoute }),
    hydrateFallbackElement: loading,
    errorElement: <RouteErrorBoundary />,
  },
  { path: '/signup', element: <CanonicalRedirect to={paths.signIn} /> },
  {
    path: paths.register,
    lazy: async () => ({ Component: (await auth()).RegisterRoute }),
    hydrateFallbackElement: loading,
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.resetPassword,
    lazy: async () => ({ Component: (await auth()).ResetPasswordRoute }),
    hydrateFallbackElement: loading,
    errorElement: <RouteErrorBoundary />,
  },
  {
    path: paths.verifyEmail,
    lazy: async () => ({ Component: (await auth()).VerifyEmailRoute }),
    hydrateFallbackElement: loading,
    errorElement: <RouteErrorBoundary />,
  },
  {
    // The kitchen display (admins): the serve queue full screen, outside the dashboard's layout.
    path: paths.kitchen,
    element: (
      <RequireAuth>
        <RequireAdmin />
      </RequireAuth>
    ),
    hydrateFallbackElement: loading,
    errorElement: <RouteErrorBoundary />,
    children: [{ index: true, lazy: async () => ({ Component: (await kitchen()).KitchenRoute }) }],
  },
  {
    path: paths.dashboard.root,
    element: (
      <RequireAuth>
        <Suspense fallback={loading}>
          <DashboardLayout banner={<VerifyEmailNote />} />
        </Suspense>
      </RequireAuth>
    ),
    hydrateFallbackElement: loading,
    errorElement: <RouteErrorBoundary />,
    children: [
      { index: true, lazy: async () => ({ Component: (await dashboard()).DashboardIndexRoute }) },
      { path: 'userProfile', lazy: async () => ({ Component: (await dashboard()).MyProfileRoute }) },
      { path: 'requestedMeals', lazy: async () => ({ Component: (await dashboard()).RequestedMealsRoute }) },
      { path: 'myReviews', lazy: async () => ({ Component: (await dashboard()).MyReviewsRoute }) },
      { path: 'paymentHistory', lazy: async () => ({ Component: (await dashboard()).PaymentHistoryRoute }) },
      {
        element: <RequireAdmin />,
        children: [
          { path: 'adminProfile', lazy: async () => ({ Component: (await dashboard()).AdminProfileRoute }) },
          { path: 'manageUsers', lazy: async () => ({ Component: (await dashboard()).ManageUsersRoute }) },
          { path: 'addMeal', lazy: async () => ({ Component: (await dashboard()).AddMealRoute }) },
          { path: 'adminAllMeals', lazy: async () => ({ Component: (await dashboard()).AdminAllMealsRoute }) },
          { path: 'AllReviews', lazy: async () => ({ Component: (await dashboard()).AllReviewsRoute }) },
          { path: 'serveMeals', lazy: async () => ({ Component: (await dashboard()).ServeMealsRoute }) },
          { path: 'upcomingMealsAdmin', lazy: async () => ({ Component: (await dashboard()).UpcomingMealsAdminRoute }) },
        ],
      },
      {
        // The audit trail: admins and auditors.
        path: 'audit',
        element: <RequireAuditAccess />,
        children: [
          {
            lazy: async () => ({ Component: (await audit()).AuditLayoutRoute }),
            children: [
              { index: true, lazy: async () => ({ Component: (await audit()).AuditSearchRoute }) },
              { path: 'live', lazy: async () => ({ Component: (await audit()).LiveTailRoute }) },
              { path: 'payments', lazy: async () => ({ Component: (await audit()).PaymentTrailsRoute }) },
              { path: 'integrity', lazy: async () => ({ Component: (await audit()).IntegrityRoute }) },
              { path: 'correlations/:id', lazy: async () => ({ Component: (await audit()).CorrelationRoute }) },
              { path: ':entity/:id', lazy: async () => ({ Component: (await audit()).EntityAuditRoute }) },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * Before hydrating a page the server rendered: loads the code of the screens at `location` (their
 * routes' `lazy`) into the route table, so the first render is the server's page, not the loading fallback.
 */
export async function loadRoutesAt(location: Location): Promise<void> {
  const lazy = (matchRoutes(routes, location) ?? []).map(({ route }) => route).filter((route) => typeof route.lazy === 'function');
  await Promise.all(
    lazy.map(async (route) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, await load(), { lazy: undefined });
    }),
  );
}

/** `hydrationData`: the router's state of a page the server rendered (app/ssr/state.ts). */
export function AppRouter({ hydrationData }: { hydrationData?: HydrationState }) {
  const [router] = useState(() => createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined));
  return <RouterProvider router={router} />;
}
