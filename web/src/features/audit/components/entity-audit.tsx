import { type AuditEntity, AuditEntityParams } from '@hostel/contracts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { useEntityState } from '../api/get-entity-state';
import { useEntityTimeline } from '../api/get-entity-timeline';
import type { AuditOrder } from '../api/search-events';
import { EventTimeline } from './event-timeline';
import { entityLabels, entityName, nameThen, plural } from './event-words';
import { ExportButtons } from './export-buttons';
import { OrderSwitch } from './order-switch';
import { VersionSlider } from './version-slider';

function EntityAuditOf({ entity, id }: { entity: AuditEntity; id: string }) {
  const [order, setOrder] = useState<AuditOrder>('desc');
  const timeline = useEntityTimeline(entity, id, order);
  // Its name as its latest version's event named it (a request: whose, and for what).
  const latest = useEntityState(entity, id).data;
  const name = latest ? entityName(latest.event, entity, id) : undefined;
  const email = latest && entity === 'users' ? nameThen(latest.event, 'users', id)?.email : undefined;
  const label = entityLabels[entity].toLowerCase();

  return (
    <>
      <p className="text-sm font-semibold tracking-wide text-orange-800 uppercase">{`${entityLabels[entity]} history`}</p>
      <PageHeading className="mb-2 [overflow-wrap:anywhere]">{name ?? `${entityLabels[entity]} history`}</PageHeading>
      <p className="mb-6 text-sm text-slate-700 [overflow-wrap:anywhere]">
        {email ? `${email} · ` : null}
        Id <code className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-900">{id}</code>
        {latest ? ` · ${plural(latest.versions, 'version')}` : null}
      </p>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] lg:items-start">
        <section aria-labelledby="entity-as-it-stood" className="grid min-w-0 gap-3">
          <h2 id="entity-as-it-stood" className="text-xl font-semibold text-slate-900">
            As it stood
          </h2>
          <VersionSlider entity={entity} id={id} />
        </section>
        <section aria-labelledby="entity-events" className="grid min-w-0 gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="entity-events" className="text-xl font-semibold text-slate-900">
              Timeline
            </h2>
            <OrderSwitch order={order} onChange={setOrder} />
          </div>
          <ExportButtons filter={{ entity: `${entity}:${id}` }} description={`Exports every event of this ${label}'s timeline, each with its chain hash.`} />
          <EventTimeline label={`Events of this ${label}`} query={timeline} emptyText={`No events mention this ${label}.`} current={{ entity, id }} />
        </section>
      </div>
    </>
  );
}

/** An entity's page (/dashboard/audit/meals/:id, …): the state at any of its versions, beside its whole timeline. */
export function EntityAudit() {
  const parsed = AuditEntityParams.safeParse(useParams());
  if (!parsed.success) {
    return (
      <>
        <PageHeading>Nothing to show</PageHeading>
        <p className="text-slate-800">The audit keeps timelines of meals, upcoming meals, meal requests, users and payments only.</p>
      </>
    );
  }
  // A new entity starts a new slider.
  return <EntityAuditOf key={`${parsed.data.entity}:${parsed.data.id}`} entity={parsed.data.entity} id={parsed.data.id} />;
}
