import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';

/** A page link as a menu item: the navbar's and the dashboard sidebar's. */
export const MENU_LINK =
  'block rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700';

/**
 * A list of links to pages, the link to the page on show marked (`aria-current`, by NavLink) and
 * styled `current` (the others `other`). `end`: only the page itself is current, not the pages below it.
 */
export function NavList({
  links,
  end = false,
  className,
  linkClassName,
  current,
  other,
  onNavigate,
}: {
  links: readonly { to: string; label: string }[];
  end?: boolean;
  className: string;
  linkClassName: string;
  current: string;
  other?: string;
  onNavigate?: () => void;
}) {
  return (
    <ul className={className}>
      {links.map(({ to, label }) => (
        <li key={to}>
          <NavLink to={to} end={end} onClick={onNavigate} className={({ isActive }) => cn(linkClassName, isActive ? current : other)}>
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
