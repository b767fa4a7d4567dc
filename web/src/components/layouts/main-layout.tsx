import { lazy, type ReactNode, Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { HydrateLater } from '@/components/hydrate-later';
import { Button } from '@/components/ui/button';
import { MENU_LINK, NavList } from '@/components/ui/nav-list';
import { PRODUCT_NAME, paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { Logo } from './logo';
import { NewsletterLinks, NewsletterSignUp } from './newsletter';
import { MAIN_ID, SkipLink } from './skip-link';
import { SocialIcons } from './social-icons';

// A member's menu (Radix's dropdown and its positioning) loads once someone is signed in: a visitor's page goes without it.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));

const navLinks = [
  { to: paths.home, label: 'Home' },
  { to: paths.allMeals, label: 'Meals' },
  { to: paths.upcomingMeals, label: 'Upcoming Meals' },
] as const;

function Navbar() {
  const session = useSession();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">
        <Logo />
        <nav aria-label="Main" className="order-3 w-full sm:order-none sm:w-auto">
          <NavList links={navLinks} end className="flex flex-wrap gap-1" linkClassName={MENU_LINK} current="bg-orange-100 font-semibold text-orange-950" />
        </nav>
        <div className="flex min-h-10 items-center">
          {session.status === 'signed-in' ? (
            <Suspense fallback={null}>
              <UserMenu user={session.user} />
            </Suspense>
          ) : session.status === 'signed-out' ? (
            <Button asChild>
              <Link to={paths.signIn}>Join Us</Link>
            </Button>
          ) : null}
        </div>
      </div>
    </header>
  );
}

function Footer() {
  return (
    <footer className="bg-slate-900 text-slate-100">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-3">
        <div className="grid content-start gap-3">
          <p className="text-lg font-bold">{PRODUCT_NAME}</p>
          <p className="text-sm text-slate-300">Daily meals, honest reviews and upcoming menus for every hostel student.</p>
        </div>
        <div className="grid content-start gap-3">
          <h2 className="font-semibold">Follow us</h2>
          <SocialIcons />
        </div>
        <NewsletterSignUp />
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-sm text-slate-300">© 2025 {PRODUCT_NAME}. All rights reserved.</p>
    </footer>
  );
}

/** Header with the site navigation, the page (below an optional banner, e.g. a note for the signed-in user), and the footer. */
export function MainLayout({ banner }: { banner?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SkipLink />
      <Navbar />
      {/* At least a screen tall, so the footer starts below the fold: a page filling in as its data and
          code arrive pushes nothing the reader sees (layout shift). */}
      <main id={MAIN_ID} tabIndex={-1} className="min-h-svh flex-1 outline-none">
        {banner}
        <Outlet />
      </main>
      {/* Below the fold on every page: hydrated after the page. */}
      <HydrateLater>
        <Footer />
      </HydrateLater>
      <NewsletterLinks />
    </div>
  );
}
