import { NavList } from '@/components/ui/nav-list';
import { paths } from '@/config/paths';

const links = [
  { to: paths.dashboard.audit, label: 'Search' },
  { to: paths.dashboard.auditLive, label: 'Live tail' },
  { to: paths.dashboard.auditPayments, label: 'Payment trails' },
  { to: paths.dashboard.auditIntegrity, label: 'Integrity' },
] as const;

/** The audit's own pages, above each of them. */
export function AuditNav() {
  return (
    <nav aria-label="Audit" className="mb-6">
      <NavList
        links={links}
        // Only the page itself: a payment's timeline (/payments/:id) is not the payment trails.
        end
        className="flex flex-wrap gap-2"
        linkClassName="inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700"
        current="border-orange-700 bg-orange-700 text-white"
        other="border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
      />
    </nav>
  );
}
