import type { AuditEntity, AuditEvent } from '@hostel/contracts';
import { createElement } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { actorInWords, actorThen, entityLabels, entityName, iconOf, isEdit, subjectOf, timeInWords, whatHappened } from './event-words';
import { WhatChanged } from './what-changed';

const linkClasses =
  'font-medium text-orange-800 underline-offset-4 [overflow-wrap:anywhere] hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700';

/** A search of everything this actor did. */
export const actorSearch = (actorId: string) => `${paths.dashboard.audit}?${new URLSearchParams({ actor: actorId })}`;

/**
 * One event of a timeline: its icon, who did what in words, when, its type, the entity it belongs to
 * and the request it was part of (links), what an edit changed, and the record itself under Details.
 */
export function EventItem({
  event,
  current,
  linkCorrelation = true,
}: {
  event: AuditEvent;
  current?: { entity: AuditEntity; id: string } | undefined;
  linkCorrelation?: boolean;
}) {
  const subject = subjectOf(event);
  // No link to the page on show.
  const linked = subject && !(current && subject.entity === current.entity && subject.id === current.id);
  return (
    // Focusable from code only (not a tab stop): 'Load more' moves focus to the first event it brought.
    <li
      tabIndex={-1}
      className="grid grid-cols-[auto_minmax(0,1fr)] gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700"
    >
      <span className="mt-0.5 flex size-9 items-center justify-center rounded-full bg-orange-100 text-orange-900">
        {createElement(iconOf(event.type), { 'aria-hidden': true, className: 'size-4' })}
      </span>
      <div className="grid min-w-0 gap-1">
        <p className="break-words text-slate-900">
          {event.actor === 'system' ? (
            <span className="font-semibold">System</span>
          ) : (
            <Link to={actorSearch(event.actor.id)} className={linkClasses}>
              {actorInWords(actorThen(event))}
            </Link>
          )}{' '}
          {whatHappened(event)}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          <time dateTime={event.occurredAt}>{timeInWords(event.occurredAt)}</time>
          <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800">{event.type}</code>
          {linked ? (
            <Link to={paths.dashboard.auditEntity(subject.entity, subject.id)} className={linkClasses}>
              {`${entityLabels[subject.entity]}: ${entityName(event, subject.entity, subject.id)}`}
            </Link>
          ) : null}
          {linkCorrelation ? (
            <Link to={paths.dashboard.auditCorrelation(event.correlationId)} className={linkClasses}>
              Same request
            </Link>
          ) : null}
        </p>
        {event.subject && isEdit(event) ? <WhatChanged entity={event.subject.entity} id={event.subject.id} version={event.subject.version} /> : null}
        <details className="text-sm text-slate-800">
          <summary className="w-fit cursor-pointer rounded font-medium text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700">
            Details
          </summary>
          <dl className="mt-2 grid grid-cols-1 gap-x-3 gap-y-1 sm:grid-cols-[max-content_minmax(0,1fr)]">
            <dt className="font-medium">Position</dt>
            <dd className="font-mono break-all">{event.position}</dd>
            <dt className="font-medium">Stream</dt>
            <dd className="font-mono break-all">{`${event.stream} (version ${event.version})`}</dd>
            {event.subject ? (
              <>
                <dt className="font-medium">Version</dt>
                {/* Whose version: the page's own entity, or the one linked above (a meal's page lists its requests' events too). */}
                <dd>{`${event.subject.version} of ${linked ? 'the' : 'this'} ${entityLabels[event.subject.entity].toLowerCase()}${linked ? ' linked above' : ''}`}</dd>
              </>
            ) : null}
            <dt className="font-medium">Schema</dt>
            <dd>{`version ${event.schemaVersion}${event.storedData ? ', stored in an older shape (below)' : ''}`}</dd>
            <dt className="font-medium">Caused by</dt>
            <dd className="font-mono break-all">{event.causationId}</dd>
            <dt className="font-medium">Chain hash</dt>
            <dd className="font-mono break-all">{event.hash}</dd>
          </dl>
          <pre className="mt-2 rounded bg-slate-50 p-2 text-xs break-all whitespace-pre-wrap" aria-label="Event data">
            {JSON.stringify(event.data, null, 2)}
          </pre>
          {event.storedData ? (
            <pre className="mt-2 rounded bg-slate-50 p-2 text-xs break-all whitespace-pre-wrap" aria-label="Data as stored">
              {JSON.stringify(event.storedData, null, 2)}
            </pre>
          ) : null}
        </details>
      </div>
    </li>
  );
}
