import { type AuditEntity, AuditEntityParams } from '@hostel/contracts';
import { useParams } from 'react-router';
import { PageHeading } from '@/components/layouts/page-heading';
import { useEntityTimeline } from '../api/get-entity-timeline';
import { EventTimeline } from './event-timeline';
import { entityLabels } from './event-words';
import { ExportButtons } from './export-buttons';
import { VersionSlider } from './version-slider';

function EntityAuditOf({ entity, id }: { entity: AuditEntity; id: string }) {
  const timeline = useEntityTimeline(entity, id);
  const events = timeline.data?.pages.flatMap((page) => page.events) ?? [];
  const label = entityLabels[entity].toLowerCase();

  return (
    <>
      <PageHeading className="mb-2">{`${entityLabels[entity]} timeline`}</PageHeading>
      <p className="mb-6 text-sm text-slate-700">
        Id <code className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-900 [overflow-wrap:anywhere]">{id}</code>
      </p>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:items-start">
        <section aria-labelledby="entity-as-it-stood" className="grid gap-3">
          <h2 id="entity-as-it-stood" className="text-xl font-semibold text-slate-900">
            As it stood
          </h2>
          <VersionSlider entity={entity} id={id} events={events} />
        </section>
        <section aria-labelledby="entity-events" className="grid min-w-0 gap-3">
          <h2 id="entity-events" className="text-xl font-semibold text-slate-900">
            Timeline
          </h2>
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
