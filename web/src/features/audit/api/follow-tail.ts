import type { AuditEvent } from '@hostel/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';
import { newestEvents, searchEvents } from './search-events';

/** What the live tail holds: where it has read up to, the newest events (newest first), and what the last read brought. */
export interface Tail {
  /** The last position read (exclusive start of the next read); undefined: the log was empty. */
  cursor: string | undefined;
  events: AuditEvent[];
  /** How many events the last read brought (to announce), and whether more were waiting after it. */
  arrived: number;
  behind: boolean;
}

/** The newest this many stay on show: a tail left open all day keeps its memory flat. */
export const TAIL_KEEP = 100;
const TAIL_PAGE = 100;
/** The newest events a tail opens on, so an auditor sees where the log stands before anything lands. */
export const TAIL_OPENS_ON = 20;
/** Pages one read follows; a bigger burst is read on in the next one (`behind`). */
const PAGES_PER_READ = 10;

/**
 * The first read opens on the newest events of the log (shown, not announced: they did not just land);
 * each later one reads what landed after the cursor.
 */
export async function followTail(api: ApiClient, previous: Tail | undefined): Promise<Tail> {
  if (!previous) {
    const { events } = await newestEvents(api, TAIL_OPENS_ON);
    return { cursor: events.at(-1)?.position, events: events.reverse(), arrived: 0, behind: false };
  }
  let cursor = previous.cursor;
  const landed: AuditEvent[] = [];
  let behind = false;
  for (let read = 0; ; read++) {
    if (read === PAGES_PER_READ) {
      behind = true;
      break;
    }
    const page = await searchEvents(api, {}, 'asc', cursor, TAIL_PAGE);
    landed.push(...page.events);
    cursor = page.events.at(-1)?.position ?? cursor;
    if (!page.next) break;
  }
  return { cursor, events: [...landed.reverse(), ...previous.events].slice(0, TAIL_KEEP), arrived: landed.length, behind };
}

/**
 * The live tail. Its key starts with 'audit', so the server's `changed {resource: 'audit'}` push (an event
 * landed) makes it read on from its cursor; paused, the query is disabled and pushes read nothing, and
 * resuming reads what landed meanwhile. Forgotten when the page closes: reopened, it opens on the newest events again.
 */
export const TAIL_QUERY_KEY = ['audit', 'tail'] as const;

export function useLiveTail({ paused }: { paused: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: TAIL_QUERY_KEY,
    queryFn: () => followTail(api, queryClient.getQueryData<Tail>(TAIL_QUERY_KEY)),
    enabled: !paused,
    staleTime: Infinity,
    gcTime: 0,
  });
}
