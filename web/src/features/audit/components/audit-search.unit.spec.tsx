import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntitySearch, AuditExportLink } from '@hostel/contracts';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { seed } from '@/testing/api/db';
import { requests, server } from '@/testing/api/server';
import {
  answerEntity,
  answerSearch,
  audrey,
  auditEvent,
  boss,
  inLog,
  mealHistory,
  ordered,
  person,
  registration,
  sam,
  step,
  threeRequests,
} from '@/testing/audit-history';
import { fillIn } from '@/testing/fill-in';
import { renderApp } from '@/testing/render-app';

const mealId = '0b1f5f59-3c1e-4a43-9a3b-5d2d7c0e8a11';
const events = () => screen.getAllByRole('listitem').filter((item) => item.closest('ol')?.getAttribute('aria-label') === 'Events found');

/** Sam's 60 likes of one meal in the log (more than a page), Audrey signed in to search it. */
function sixtyLikesInLog() {
  seed({ users: [audrey, sam], signedInAs: audrey.email });
  return inLog(
    Array.from({ length: 60 }, (_, index) =>
      auditEvent({ type: 'MealLiked', stream: `meal-${mealId}`, version: index + 1, actor: person(sam), data: { mealId, userId: sam._id } }),
    ),
  );
}

describe('Audit Log (search)', () => {
  it('given the log, when opened, then shows its events newest first in words, naming what and whom as they were named then, with links', async () => {
    seed({ users: [audrey, boss, sam], signedInAs: audrey.email });
    const log = inLog([...registration(boss), ...registration(sam), ...mealHistory(mealId)]);
    answerSearch((query) => ({ events: ordered(log, query) }));
    renderApp('/dashboard/audit');

    expect(await screen.findByRole('heading', { name: 'Audit Log', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Events found' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(9);
    expect(screen.getByRole('button', { name: 'Newest first' })).toHaveAttribute('aria-pressed', 'true');
    expect(items[0]).toHaveTextContent('Sam Student reviewed Dal Tadka Deluxe: “Rich and smoky”');
    expect(items[1]).toHaveTextContent('Sam Student liked Dal Tadka Deluxe');
    expect(items[2]).toHaveTextContent('Boss edited Dal Tadka Deluxe: title, ingredients');
    // Before the rename, the meal went by its first name.
    expect(items[3]).toHaveTextContent('Boss edited Dal Tadka: price');
    expect(items[4]).toHaveTextContent('Boss added the meal Dal Tadka (Lunch, $5.00)');
    expect(items[6]).toHaveTextContent('Sam Student registered the account of Sam Student (sam@example.com)');
    expect(within(items[4]!).getByText('MealAdded')).toBeInTheDocument();
    expect(within(items[4]!).getByRole('link', { name: 'Boss' })).toHaveAttribute('href', `/dashboard/audit?actor=${encodeURIComponent(boss._id)}`);
    // Targets by their names: the meal it is a version of, the user whose account it is.
    expect(within(items[4]!).getByRole('link', { name: 'Meal: Dal Tadka' })).toHaveAttribute('href', `/dashboard/audit/meals/${mealId}`);
    expect(within(items[0]!).getByRole('link', { name: 'Meal: Dal Tadka Deluxe' })).toHaveAttribute('href', `/dashboard/audit/meals/${mealId}`);
    expect(within(items[6]!).getByRole('link', { name: 'User: Sam Student' })).toHaveAttribute('href', `/dashboard/audit/users/${encodeURIComponent(sam._id)}`);
    expect(within(items[4]!).getByRole('link', { name: 'Same request' })).toHaveAttribute('href', `/dashboard/audit/correlations/${log[4]!.correlationId}`);
    // Secrets stay as the server redacted them.
    expect(items[5]).toHaveTextContent('Sam Student set their password');
    expect(items[5]).toHaveTextContent('[redacted]');
  });

  it("given a student's three requests in one stream, then each event names whose request, for which meal", async () => {
    const log = inLog(threeRequests().events);
    seed({ users: [audrey, boss, sam], signedInAs: audrey.email });
    // What the log finds of that type.
    answerSearch((query) => ({ events: log.filter((event) => event.type === query.get('type')) }));
    renderApp('/dashboard/audit?order=asc&type=MealRequestApproved');

    await waitFor(() => expect(events()).toHaveLength(1));
    expect(requests('GET', '/api/audit/events').at(-1)!.query.get('order')).toBe('asc');
    expect(events()[0]).toHaveTextContent("Boss approved Sam Student's request for Dal Makhani");
    expect(within(events()[0]!).getByRole('link', { name: "Meal request: Sam Student's request for Dal Makhani" })).toHaveAttribute(
      'href',
      `/dashboard/audit/requests/${encodeURIComponent(`${sam._id}.1`)}`,
    );
  });

  it('given the order switched off, then asks for the events in the order they happened, in the address too', async () => {
    seed({ users: [audrey, boss, sam], signedInAs: audrey.email });
    const log = inLog(mealHistory(mealId));
    answerSearch((query) => ({ events: ordered(log, query) }));
    const { router } = renderApp('/dashboard/audit');
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Events found' });
    expect(requests('GET', '/api/audit/events').at(-1)!.query.get('order')).toBe('desc');

    await user.click(screen.getByRole('button', { name: 'Newest first' }));

    await waitFor(() => expect(events()[0]).toHaveTextContent('Boss added the meal Dal Tadka'));
    expect(screen.getByRole('button', { name: 'Newest first' })).toHaveAttribute('aria-pressed', 'false');
    expect(requests('GET', '/api/audit/events').at(-1)!.query.get('order')).toBe('asc');
    expect(new URLSearchParams(router.state.location.search).get('order')).toBe('asc');
  });

  it('given the search box, when typing part of a name, an email or a misspelling close enough, then lists meals and people that link to their history', async () => {
    const { events: history, risotto } = threeRequests();
    seed({ users: [audrey, boss, sam], signedInAs: audrey.email });
    answerSearch((query) => ({ events: ordered(inLog(history), query) }));
    // What the audit log's search finds (its SQL matches names, emails and near misspellings): stated here.
    const found: Record<string, AuditEntitySearch['entities']> = {
      mush: [{ entity: 'meals', id: risotto, name: 'Mushroom Risotto', versions: 1 }],
      'sam@': [{ entity: 'users', id: sam._id, name: 'Sam Student', email: sam.email, versions: 2 }],
    };
    server.use(http.get('/api/audit/entities', ({ request }) => HttpResponse.json({ entities: found[new URL(request.url).searchParams.get('q')!] ?? [] })));
    renderApp('/dashboard/audit');
    const user = userEvent.setup();
    const box = await screen.findByRole('searchbox', { name: 'Name or email' });
    expect(screen.getByText('Type at least two letters of a name or an email.')).toBeInTheDocument();

    await user.type(box, 'mush');

    const list = await screen.findByRole('list', { name: 'Found' });
    expect(within(list).getByRole('link', { name: 'Mushroom Risotto' })).toHaveAttribute('href', expect.stringMatching(/^\/dashboard\/audit\/meals\//));
    expect(list).toHaveTextContent('Meal · 1 version');
    expect(screen.getByText('1 match for “mush”.')).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, 'sam@');
    expect(await within(await screen.findByRole('list', { name: 'Found' })).findByRole('link', { name: 'Sam Student' })).toHaveAttribute(
      'href',
      `/dashboard/audit/users/${encodeURIComponent(sam._id)}`,
    );
    expect(screen.getByRole('list', { name: 'Found' })).toHaveTextContent('User · sam@example.com');
    expect(requests('GET', '/api/audit/entities').map((request) => request.query.get('q'))).toEqual(['mush', 'sam@']);
  });

  it('given filters, when searching, then sends entity, actor, type and the time range, and shows what the server found', async () => {
    seed({ users: [audrey, boss, sam], signedInAs: audrey.email });
    const log = inLog(mealHistory(mealId));
    // Sam's like is what the filters find.
    answerSearch((query) => ({ events: query.has('type') ? log.filter((event) => event.type === 'MealLiked') : ordered(log, query) }));
    const { router } = renderApp('/dashboard/audit');
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Events found' });

    await user.selectOptions(screen.getByLabelText('Entity type'), 'Meal');
    await fillIn(user, { 'Entity id': mealId, 'Actor (email or user id)': 'SAM@example.com' });
    await user.selectOptions(screen.getByLabelText('Event type'), 'Meal liked');
    await fillIn(user, { From: '2026-11-20T00:00', To: '2026-11-30T18:05' }, 'Search');

    await waitFor(() => expect(events()).toHaveLength(1));
    expect(events()[0]).toHaveTextContent('Sam Student liked Dal Tadka Deluxe');
    const query = requests('GET', '/api/audit/events').at(-1)!.query;
    expect(query.get('entity')).toBe(`meals:${mealId}`);
    expect(query.get('actor')).toBe('SAM@example.com');
    expect(query.get('type')).toBe('MealLiked');
    expect(query.get('from')).toBe(new Date('2026-11-20T00:00').toISOString());
    // 'To 18:05' takes in the whole minute.
    expect(query.get('to')).toBe(new Date(new Date('2026-11-30T18:05').getTime() + 59_999).toISOString());
    expect(query.get('after')).toBeNull();
    // The search is in the address, so it can be linked to.
    expect(new URLSearchParams(router.state.location.search).get('entity')).toBe(`meals:${mealId}`);
    expect(screen.getByRole('link', { name: "Open this meal's timeline" })).toHaveAttribute('href', `/dashboard/audit/meals/${mealId}`);
  });

  it('given an entity type without its id, when searching, then asks for the id and sends nothing', async () => {
    seed({ users: [audrey], signedInAs: audrey.email });
    answerSearch((query) => ({ events: ordered(inLog(mealHistory(mealId)), query) }));
    renderApp('/dashboard/audit');
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Events found' });
    const sent = requests('GET', '/api/audit/events').length;

    await user.selectOptions(screen.getByLabelText('Entity type'), 'Meal');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('Enter the id of the entity')).toBeInTheDocument();
    expect(screen.getByLabelText('Entity id')).toHaveAttribute('aria-invalid', 'true');
    expect(requests('GET', '/api/audit/events')).toHaveLength(sent);
  });

  it('given an event opened under Details, when the next page fails to load, then the events stay as they were, that one still open, with the failure said and Load more offered again', async () => {
    const likes = sixtyLikesInLog();
    const newest = likes.toReversed();
    answerSearch(() => ({ events: newest.slice(0, 50), next: likes[10]!.position }));
    // The page after the first is refused (a 4xx: not retried).
    server.use(
      http.get('/api/audit/events', ({ request }) =>
        new URL(request.url).searchParams.has('after') ? HttpResponse.json({ message: 'The log is busy' }, { status: 429 }) : undefined,
      ),
    );
    renderApp('/dashboard/audit');
    const user = userEvent.setup();
    await waitFor(() => expect(events()).toHaveLength(50));
    const details = within(events()[0]!).getByText('Details').closest('details')!;
    await user.click(within(events()[0]!).getByText('Details'));
    expect(details).toHaveProperty('open', true);

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load more events: The log is busy');
    expect(events()).toHaveLength(50);
    expect(events()[0]!.querySelector('details')).toBe(details);
    expect(details).toHaveProperty('open', true);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
  });

  it('given more than a page, when clicking Load more, then asks for the page after the last event shown (after=) and appends it', async () => {
    const likes = sixtyLikesInLog();
    // Newest first, 50 a page: the first page ends at the 11th like of the log, the next is after it.
    const newest = likes.toReversed();
    answerSearch((query) =>
      query.get('after') === likes[10]!.position ? { events: newest.slice(50) } : { events: newest.slice(0, 50), next: likes[10]!.position },
    );
    renderApp('/dashboard/audit');
    const user = userEvent.setup();

    await waitFor(() => expect(events()).toHaveLength(50));
    expect(screen.getByText('50 events shown, more follow.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(events()).toHaveLength(60));
    // The button is gone with the last page: focus is on the first event it brought.
    await waitFor(() => expect(events()[50]).toHaveFocus());
    const [first, second] = requests('GET', '/api/audit/events');
    expect(first!.query.get('after')).toBeNull();
    // The page the first one said comes next.
    expect(second!.query.get('after')).toBe(likes[10]!.position);
    expect(second!.query.has('skip')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('60 events shown.')).toBeInTheDocument();
  });

  it("given an edit, when opening What changed, then reads the diff of its version and tells it field by field, a list's elements added and removed", async () => {
    seed({ users: [audrey, boss], signedInAs: audrey.email });
    const log = inLog(mealHistory(mealId));
    answerSearch((query) => ({ events: ordered(log, query) }));
    // The meal's third version (its second edit), as the audit log compares it with the second.
    const changes = [
      { field: 'title', from: 'Dal Tadka', to: 'Dal Tadka Deluxe' },
      { field: 'ingredients', added: ['ghee', 'cumin'], removed: ['garlic'] },
    ];
    answerEntity('meals', mealId, { diffs: { '2→3': { changes, steps: [step(log[2]!, changes)] } } });
    renderApp('/dashboard/audit');
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Events found' });

    const edit = events()[2]!;
    await user.click(within(edit).getByRole('button', { name: 'What changed' }));

    expect(await within(edit).findByText(/added ghee, cumin; removed garlic/)).toHaveTextContent('Ingredients: added ghee, cumin; removed garlic');
    expect(within(edit).getByText(/Title:/).parentElement).toHaveTextContent('Title: from “Dal Tadka” → to “Dal Tadka Deluxe”');
    expect(within(edit).getByRole('button', { name: 'What changed' })).toHaveAttribute('aria-expanded', 'true');
    const diff = requests('GET', `/api/audit/meals/${mealId}/diff`);
    // The meal's third version: its second edit.
    expect(diff.map((request) => [request.query.get('from'), request.query.get('to')])).toEqual([['2', '3']]);
  });

  it('given a search, when exporting as CSV, then the browser downloads what the current filter finds through a link, one event a line', async () => {
    seed({ users: [audrey, boss, sam], signedInAs: audrey.email });
    answerSearch((query) => ({ events: ordered(inLog(mealHistory(mealId)).slice(0, 3), query) }));
    const link = { url: '/api/audit/download?link=signed-for-one-download', expiresAt: '2026-11-30T12:01:00.000Z' } satisfies AuditExportLink;
    server.use(http.get('/api/audit/export-link', () => HttpResponse.json(link)));
    const followed: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push({ name: this.download, href: this.getAttribute('href')! });
    });
    renderApp(`/dashboard/audit?entity=${encodeURIComponent(`meals:${mealId}`)}&actor=boss%40hostel.test`);
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Events found' });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(followed).toHaveLength(1));
    expect(requests('GET', '/api/audit/export-link').map((request) => Object.fromEntries(request.query))).toEqual([
      { format: 'csv', entity: `meals:${mealId}`, actor: 'boss@hostel.test' },
    ]);
    // A plain link, the server's file name kept: the browser streams the file the server's link gives, the page holds none of it.
    expect(followed[0]!.name).toBe('');
    expect(followed[0]!.href).toBe(link.url);
    expect(await screen.findByText('Export started: your browser is saving the file.')).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
