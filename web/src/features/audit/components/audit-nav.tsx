import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

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
      <ul className="flex flex-wrap gap-2">
        {links.map(({ to, label }) => (
          <li key={to}>
            <NavLink
              to={to}
              // Only the page itself: a payment's timeline (/payments/:id) is not the payment trails.
              end
              className={({ isActive }) =>
                cn(
                  'inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700',
                  isActive ? 'border-orange-700 bg-orange-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
                )
              }
            >
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
