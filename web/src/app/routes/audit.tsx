import { Outlet } from 'react-router';
import { titled } from '@/components/layouts/page-heading';
import { AuditNav } from '@/features/audit/components/audit-nav';
import { AuditSearch } from '@/features/audit/components/audit-search';
import { CorrelationView } from '@/features/audit/components/correlation-view';
import { EntityAudit } from '@/features/audit/components/entity-audit';
import { IntegrityPanel } from '@/features/audit/components/integrity-panel';
import { LiveTail } from '@/features/audit/components/live-tail';
import { PaymentTrails } from '@/features/audit/components/payment-trails';

/** Every audit page: the audit's own navigation, then the page. */
export function AuditLayoutRoute() {
  return (
    <>
      <AuditNav />
      <Outlet />
    </>
  );
}

export const AuditSearchRoute = titled('Audit Log', AuditSearch);
export const LiveTailRoute = titled('Live Tail', LiveTail);
export const PaymentTrailsRoute = titled('Payment Trails', PaymentTrails);
export const IntegrityRoute = titled('Integrity', IntegrityPanel);
export const CorrelationRoute = titled('One Request', CorrelationView);
/** Its heading names the kind of entity, so the page writes it. */
export const EntityAuditRoute = EntityAudit;
