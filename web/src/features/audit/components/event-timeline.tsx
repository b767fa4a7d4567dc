import type { AuditEntity, AuditEvent, AuditPage } from '@hostel/contracts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { plural } from '@/lib/plural';
import { EventItem } from './event-item';
import { entityLabels } from './event-words';
import { failedAgain, LoadFailed, ReadFailed } from '@/components/ui/read-failed';

/**
 * On an entity's page, which of the events shown are its versions (its own events) and which only
 * mention it (a meal's request): the page counts its versions above, and the two must not read as a
 * contradiction. Nothing to add when every one is a version.
 */
function ofWhich(events: AuditEvent[], current: { entity: AuditEntity; id: string }) {
  const versions = events.filter((event) => event.subject?.entity === current.entity && event.subject.id === current.id).length;
  const others = events.length - versions;
  if (others === 0) return '';
  const label = entityLabels[current.entity].toLowerCase();
  return `: ${plural(versions, 'version')} of this ${label} and ${others === 1 ? '1 other event' : `${others} other events`} that ${others === 1 ? 'mentions' : 'mention'} it`;
}

/**
 * Events in commit order, a keyset page at a time: 'Load more' asks for the page after the last event
 * shown (`after=`), never an offset.
 */
export function EventTimeline({
  label,
  query,
  emptyText,
  current,
  correlation,
}: {
  label: string;
  query: UseInfiniteQueryResult<InfiniteData<AuditPage>>;
  emptyText: string;
  /** The entity whose page this is: its own events don't link back to it. */
  current?: { entity: AuditEntity; id: string };
  /** The request whose page this is: its events don't link back to it. */
  correlation?: string;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const events = query.data?.pages.flatMap((page) => page.events) ?? [];
  // Where focus goes once 'Load more' has brought its events: the first of them (the button may be gone with the last page).
  const focusAt = useRef<number | undefined>(undefined);
  useEffect(() => {
    const first = focusAt.current === undefined ? undefined : listRef.current?.children[focusAt.current];
    if (!(first instanceof HTMLElement)) return;
    focusAt.current = undefined;
    first.focus();
  }, [events.length]);

  if (query.isPending) return <p role="status">Loading events...</p>;
  // Only when there is nothing to show: a later read that fails (the next page, a refetch) leaves the
  // events on show as they are, a Details opened among them still open, and says so below them.
  if (query.isError && !query.data) {
    return <LoadFailed retry={query}>{'Failed to load events: ' + query.error.message}</LoadFailed>;
  }
  if (events.length === 0) return <p className="text-slate-700">{emptyText}</p>;

  const loadMore = () => {
    focusAt.current = events.length;
    void query.fetchNextPage();
  };
  return (
    <div className="grid gap-3">
      <ol ref={listRef} aria-label={label} className="grid gap-3">
        {events.map((event) => (
          <EventItem key={event.position} event={event} current={current} linkCorrelation={event.correlationId !== correlation} />
        ))}
      </ol>
      <p className="text-sm text-slate-700">{`${plural(events.length, 'event')} shown${current ? ofWhich(events, current) : ''}${query.hasNextPage ? ', more follow' : ''}.`}</p>
      <ReadFailed error={failedAgain(query)} saying={query.isFetchNextPageError ? 'Failed to load more events' : 'Failed to read the events again'} />
      {query.hasNextPage ? (
        <Button variant="outline" className="justify-self-start" disabled={query.isFetchingNextPage} aria-busy={query.isFetchingNextPage} onClick={loadMore}>
          {query.isFetchingNextPage ? 'Loading more...' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}
