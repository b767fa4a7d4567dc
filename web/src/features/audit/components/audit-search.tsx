import { zodResolver } from '@hookform/resolvers/zod';
import { AUDIT_ENTITIES, type AuditEntity } from '@hostel/contracts';
import { Search } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { type AuditFilter, type AuditOrder, useSearchEvents } from '../api/search-events';
import { EntityFinder } from './entity-finder';
import { EventTimeline } from './event-timeline';
import { entityLabels, EVENT_TYPES, typeInWords } from './event-words';
import { ExportButtons } from './export-buttons';
import { OrderSwitch } from './order-switch';

/** The filters as the form holds them: an entity as a type and an id, times as the browser's local date-time fields. */
const FiltersForm = z
  .object({
    entityType: z.union([z.literal(''), z.enum(AUDIT_ENTITIES)]),
    entityId: z.string().trim().max(200, 'An id has at most 200 characters'),
    actor: z.string().trim().max(254, 'At most 254 characters'),
    type: z.string(),
    from: z.string(),
    to: z.string(),
  })
  .refine(({ entityType, entityId }) => !entityType || entityId, { path: ['entityId'], message: 'Enter the id of the entity' })
  .refine(({ from, to }) => !from || !to || from <= to, { path: ['to'], message: 'The end must not be before the start' });
type FiltersForm = z.infer<typeof FiltersForm>;

const FILTER_NAMES = ['entity', 'actor', 'type', 'from', 'to'] as const;
const MINUTE_MS = 60_000;

/** The search in the address bar: a page of results can be linked to, and links elsewhere can open a search. */
export function filterOf(params: URLSearchParams): AuditFilter {
  return Object.fromEntries(FILTER_NAMES.flatMap((name) => (params.get(name) ? [[name, params.get(name)]] : [])));
}

const pad = (value: number) => String(value).padStart(2, '0');
/** An ISO time as a local date-time field shows it (to the minute). */
function localInput(iso: string | undefined) {
  if (!iso || Number.isNaN(Date.parse(iso))) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function formOf(filter: AuditFilter): FiltersForm {
  const [kind, id] = filter.entity?.includes(':') ? (filter.entity.split(/:(.*)/s) as [string, string]) : ['', filter.entity ?? ''];
  return {
    entityType: (AUDIT_ENTITIES as readonly string[]).includes(kind) ? (kind as AuditEntity) : '',
    entityId: id,
    actor: filter.actor ?? '',
    type: filter.type ?? '',
    from: localInput(filter.from),
    to: localInput(filter.to),
  };
}

/** A field's minute as an instant; the end of a range counts its whole minute ('to 18:05' includes 18:05:30). */
function filterFromForm(form: FiltersForm): AuditFilter {
  const instant = (value: string, extra = 0) => (value ? new Date(new Date(value).getTime() + extra).toISOString() : undefined);
  const entity = form.entityId ? (form.entityType ? `${form.entityType}:${form.entityId}` : form.entityId) : undefined;
  return { entity, actor: form.actor || undefined, type: form.type || undefined, from: instant(form.from), to: instant(form.to, MINUTE_MS - 1) };
}

function SearchFilters({ filter, onSearch }: { filter: AuditFilter; onSearch: (filter: AuditFilter) => void }) {
  const defaults = formOf(filter);
  // The selects also take their default from React: the form's default alone left them on 'Any' (seen in happy-dom).
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(FiltersForm), defaultValues: defaults });
  const [entityType, entityId] = useWatch({ control, name: ['entityType', 'entityId'] });

  return (
    <form noValidate aria-label="Search the audit log" className="grid gap-4" onSubmit={handleSubmit((form) => onSearch(filterFromForm(form)))}>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <FormField id="audit-entity-type" label="Entity type">
          <Select defaultValue={defaults.entityType} {...fieldAria('audit-entity-type', undefined)} {...register('entityType')}>
            <option value="">Any</option>
            {AUDIT_ENTITIES.map((entity) => (
              <option key={entity} value={entity}>
                {entityLabels[entity]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="audit-entity-id" label="Entity id" error={errors.entityId?.message}>
          <Input autoComplete="off" spellCheck={false} {...fieldAria('audit-entity-id', errors.entityId?.message)} {...register('entityId')} />
        </FormField>
        <FormField id="audit-actor" label="Actor (email or user id)" error={errors.actor?.message}>
          <Input autoComplete="off" spellCheck={false} {...fieldAria('audit-actor', errors.actor?.message)} {...register('actor')} />
        </FormField>
        <FormField id="audit-type" label="Event type">
          <Select defaultValue={defaults.type} {...fieldAria('audit-type', undefined)} {...register('type')}>
            <option value="">Any</option>
            {EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {typeInWords(type)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="audit-from" label="From" error={errors.from?.message}>
          <Input type="datetime-local" {...fieldAria('audit-from', errors.from?.message)} {...register('from')} />
        </FormField>
        <FormField id="audit-to" label="To" error={errors.to?.message}>
          <Input type="datetime-local" {...fieldAria('audit-to', errors.to?.message)} {...register('to')} />
        </FormField>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit">
          <Search aria-hidden="true" />
          Search
        </Button>
        <Button variant="outline" onClick={() => onSearch({})}>
          Clear filters
        </Button>
        {entityType && entityId.trim() ? (
          <Link
            to={paths.dashboard.auditEntity(entityType, entityId.trim())}
            className="text-sm font-semibold text-orange-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700"
          >
            {`Open this ${entityLabels[entityType].toLowerCase()}'s timeline`}
          </Link>
        ) : null}
      </div>
    </form>
  );
}

/**
 * Search the whole log: the search box for meals and people by name, then filters by entity, actor,
 * event type and time range; results as a timeline, newest first unless switched, with 'Load more';
 * the current search exported as NDJSON or CSV. The search and its order are in the address.
 */
export function AuditSearch() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const order: AuditOrder = params.get('order') === 'asc' ? 'asc' : 'desc';
  const events = useSearchEvents(filter, order);
  const go = (next: AuditFilter, nextOrder: AuditOrder) =>
    setParams(
      new URLSearchParams([
        ...Object.entries(next).filter((entry): entry is [string, string] => Boolean(entry[1])),
        ...(nextOrder === 'asc' ? [['order', 'asc'] as [string, string]] : []),
      ]),
    );

  return (
    <div className="grid gap-6">
      <EntityFinder />
      {/* A new search in the address bar (a link to an actor's events, say) starts the form afresh. */}
      <SearchFilters key={params.toString()} filter={filter} onSearch={(next) => go(next, order)} />
      <ExportButtons filter={filter} />
      <section aria-labelledby="audit-results" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="audit-results" className="text-xl font-semibold text-slate-900">
            Events
          </h2>
          <OrderSwitch order={order} onChange={(next) => go(filter, next)} />
        </div>
        <EventTimeline label="Events found" query={events} emptyText="No events match this search." />
      </section>
    </div>
  );
}
