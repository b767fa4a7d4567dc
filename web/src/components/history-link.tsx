import type { AuditEntity } from '@hostel/contracts';
import { History } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSessionUser } from '@/lib/auth';
import { cn } from '@/lib/cn';

/**
 * 'History': a link from a meal's, an upcoming meal's, a payment's or a user's own place to its audit
 * page, for those who read the audit trail (admins and auditors); nothing for anyone else.
 */
export function HistoryLink({ entity, id, of, className }: { entity: AuditEntity; id: string; of: string; className?: string }) {
  const role = useSessionUser()?.role;
  if (role !== 'admin' && role !== 'auditor') return null;
  return (
    <Link
      to={paths.dashboard.auditEntity(entity, id)}
      aria-label={`History of ${of}`}
      className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), className)}
    >
      <History aria-hidden="true" />
      History
    </Link>
  );
}
