import { LogOut, Menu, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { MENU_LINK, NavList } from '@/components/ui/nav-list';
import { paths } from '@/config/paths';
import { useRoleSync, useSessionUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useUserProfile } from '@/lib/user-profile';
import { Logo } from './logo';
import { MAIN_ID, SkipLink } from './skip-link';

/** Each dashboard page's name in the sidebar. */
const labels = {
  adminProfile: 'Admin Profile',
  manageUsers: 'Manage Users',
  addMeal: 'Add Meal',
  adminAllMeals: 'All Meals',
  allReviews: 'All Reviews',
  serveMeals: 'Serve Meals',
  upcomingMealsAdmin: 'Upcoming Meals',
  audit: 'Audit',
  userProfile: 'My Profile',
  requestedMeals: 'Requested Meals',
  myReviews: 'My Reviews',
  paymentHistory: 'Payment History',
} as const;

const sidebar = (pages: readonly (keyof typeof labels)[]) => pages.map((page) => ({ to: paths.dashboard[page], label: labels[page] }));

/** The sidebar by role. Auditors read the audit trail and change nothing: their profile and the trail. */
const linksOf = {
  admin: sidebar(['adminProfile', 'manageUsers', 'addMeal', 'adminAllMeals', 'allReviews', 'serveMeals', 'upcomingMealsAdmin', 'audit']),
  auditor: sidebar(['userProfile', 'audit']),
  user: sidebar(['userProfile', 'requestedMeals', 'myReviews', 'paymentHistory']),
};

const FALLBACK_NAME = 'User';
const FALLBACK_EMAIL = 'user@example.com';

/** The dashboard: a sidebar for the user's role (a drawer on small screens) beside the page, below an optional banner. */
export function DashboardLayout({ banner }: { banner?: ReactNode }) {
  const sessionUser = useSessionUser();
  const profile = useUserProfile(sessionUser?.email);
  // A promotion reaches the sidebar as soon as the profile read shows it.
  useRoleSync(profile.data?.role);
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  // The drawer, open over the page on a small screen, closes with Escape as a menu does, back on its button.
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      const inside = event.target instanceof Node && (drawer.current?.contains(event.target) || menuButton.current?.contains(event.target));
      if (event.key !== 'Escape' || !inside) return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  const user = profile.data ?? sessionUser;
  const links = linksOf[sessionUser?.role ?? 'user'];

  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <SkipLink />
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 md:hidden">
        <Logo />
        <Button
          ref={menuButton}
          variant="outline"
          size="icon"
          aria-label="Dashboard menu"
          aria-expanded={open}
          aria-controls="dashboard-sidebar"
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </Button>
      </header>
      <aside
        id="dashboard-sidebar"
        aria-label="Dashboard sidebar"
        ref={drawer}
        className={cn(
          'w-full flex-col gap-6 border-r border-slate-200 bg-white p-5 md:sticky md:top-0 md:flex md:h-screen md:w-72 md:shrink-0 md:overflow-y-auto',
          open ? 'flex' : 'hidden',
        )}
      >
        <Logo className="hidden md:inline-flex" />
        <div className="grid justify-items-center gap-2 rounded-xl bg-orange-50 p-4 text-center">
          <Avatar src={user?.photo} alt={`Photo of ${user?.name || FALLBACK_NAME}`} className="size-20" />
          <p className="font-semibold text-slate-900">{user?.name || FALLBACK_NAME}</p>
          <p className="text-sm break-all text-slate-700">{user?.email || FALLBACK_EMAIL}</p>
        </div>
        <nav aria-label="Dashboard">
          <NavList
            links={links}
            onNavigate={() => setOpen(false)}
            className="grid gap-1"
            linkClassName={MENU_LINK}
            current="bg-orange-700 text-white hover:bg-orange-800"
          />
        </nav>
        <Button asChild variant="outline" className="mt-auto">
          <Link to={paths.home}>
            <LogOut aria-hidden="true" />
            Exit
          </Link>
        </Button>
      </aside>
      <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-8">
        {banner ? <div className="-mx-4 -mt-4 mb-4 md:-mx-8 md:-mt-8 md:mb-6">{banner}</div> : null}
        <Outlet />
      </main>
    </div>
  );
}
