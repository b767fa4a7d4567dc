import { UtensilsCrossed } from 'lucide-react';
import { Link } from 'react-router';
import { PRODUCT_NAME, paths } from '@/config/paths';
import { cn } from '@/lib/cn';

export function Logo({ className }: { className?: string }) {
  return (
    <Link
      to={paths.home}
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-lg font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700',
        className,
      )}
    >
      <span className="flex size-9 items-center justify-center rounded-lg bg-orange-700 text-white">
        <UtensilsCrossed aria-hidden="true" className="size-5" />
      </span>
      {PRODUCT_NAME}
    </Link>
  );
}
