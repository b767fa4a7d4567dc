import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { applyChanged } from '@/lib/live-updates';
import type { AuditEvent } from '@hostel/contracts';
import { seed } from '@/testing/api/db';
import { requests, server } from '@/testing/api/server';
import { answerSearch, audrey, auditEvent, inLog, mealHistory, person, registration, sam, type Unplaced } from '@/testing/audit-history';
import { renderApp } from '@/testing/render-app';

const mealId = '0b1f5f59-3c1e-4a43-9a3b-5d2d7c0e8a11';
const like = (version: number) => auditEvent({ type: 'MealLiked', stream: `meal-${mealId}`, version, actor: person(sam), data: { mealId, userId: sam._id } });

/**
 * The log as this test grows it: the search answers the newest of it (`newest=true`), or what landed
 * after the position asked from. `land` adds events, as they land in the log.
 */
function theLog(opening: Unplaced[]) {
  const log: AuditEvent[] = inLog(opening);
  answerSearch((query) => {
    const after = query.get('after');
    return { events: after === null ? log : log.slice(log.findIndex((event) => event.position === after) + 1) };
  });
  return { land: (...events: Unplaced[]) => log.push(...inLog(events, log.length)) };
}
/** What the server's `changed {resource: 'audit'}` push does to the app's cache. */
const push = (queryClient: ReturnType<typeof renderApp>['queryClient']) => act(() => applyChanged(queryClient, { resource: 'audit' }));
const shown = () => within(screen.getByRole('list', { name: 'Latest events, newest first' })).getAllByRole('listitem');

/** Audrey opens the tail on a log holding Sam's registration, and sees it: how to land more, and how many are on show. */
async function tailOnSamsRegistration() {
  seed({ users: [audrey, sam], signedInAs: audrey.email });
  const { land } = theLog(registration(sam));
  const { queryClient } = renderApp('/dashboard/audit/live');
  const opened = registration(sam).length;
  await waitFor(() => expect(shown()).toHaveLength(opened));
  return { land, queryClient, user: userEvent.setup(), opened };
}

describe('the live tail', () => {
  it('given events already in the log, when opened, then shows the newest of them unannounced, then the events that land, newest first, a burst announced once', async () => {
    seed({ users: [audrey, sam], signedInAs: audrey.email });
    const { land } = theLog(registration(sam));
    const { queryClient } = renderApp('/dashboard/audit/live');

    expect(await screen.findByRole('heading', { name: 'Live Tail', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(shown()).toHaveLength(registration(sam).length));
    expect(screen.getByRole('status')).toHaveTextContent('');
    land(...mealHistory(mealId).slice(0, 3));
    await push(queryClient);

    await waitFor(() => expect(shown()).toHaveLength(registration(sam).length + 3));
    expect(shown()[0]).toHaveTextContent('Boss edited Dal Tadka Deluxe: title, ingredients');
    expect(shown()[2]).toHaveTextContent('Boss added the meal Dal Tadka');
    // One polite region, one announcement for the burst.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('3 new events. Latest: Boss edited Dal Tadka Deluxe: title, ingredients'));
    const reads = requests('GET', '/api/audit/events');
    expect(reads.map((read) => [read.query.get('newest'), read.query.get('after')])).toEqual([
      ['true', null],
      [null, '0/2'],
    ]);
  });

  it('given an empty log, when opened, then says so and shows events as they land', async () => {
    seed({ users: [audrey], signedInAs: audrey.email });
    const { land } = theLog([]);
    const { queryClient } = renderApp('/dashboard/audit/live');
    expect(await screen.findByText(/^The log is empty/)).toBeInTheDocument();
    land(like(1));
    await push(queryClient);
    await waitFor(() => expect(shown()).toHaveLength(1));
  });

  it('given an event opened under Details, when a read after a push fails, then the events on show stay, that one still open, the failure said; the next push reads on', async () => {
    const { land, queryClient, user, opened } = await tailOnSamsRegistration();
    const details = within(shown()[0]!).getByText('Details').closest('details')!;
    await user.click(within(shown()[0]!).getByText('Details'));
    expect(details).toHaveProperty('open', true);

    // The read after the push is refused (a 4xx: not retried).
    let refusing = true;
    server.use(http.get('/api/audit/events', () => (refusing ? HttpResponse.json({ message: 'The log is busy' }, { status: 429 }) : undefined)));
    land(like(1));
    await push(queryClient);

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not read the latest events: The log is busy');
    expect(shown()).toHaveLength(opened);
    expect(shown()[0]!.querySelector('details')).toBe(details);
    expect(details).toHaveProperty('open', true);

    refusing = false;
    await push(queryClient);
    await waitFor(() => expect(shown()).toHaveLength(opened + 1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(shown()[1]!.querySelector('details')).toBe(details);
    expect(details).toHaveProperty('open', true);
  });

  it('given the tail paused, when events land and are pushed, then nothing is read or shown until Resume, which brings them all', async () => {
    const { land, queryClient, user, opened } = await tailOnSamsRegistration();
    land(like(1));
    await push(queryClient);
    await waitFor(() => expect(shown()).toHaveLength(opened + 1));

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByText('Paused: new events wait until you resume.')).toBeInTheDocument();
    const readsBefore = requests('GET', '/api/audit/events').length;
    land(like(2), like(3));
    await push(queryClient);
    await push(queryClient);

    expect(requests('GET', '/api/audit/events')).toHaveLength(readsBefore);
    expect(shown()).toHaveLength(opened + 1);

    await user.click(screen.getByRole('button', { name: 'Resume' }));

    await waitFor(() => expect(shown()).toHaveLength(opened + 3));
    expect(requests('GET', '/api/audit/events').at(-1)!.query.get('after')).toBe('0/3');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });
});
