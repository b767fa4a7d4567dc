import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, seed } from '@/testing/api/db';
import { makeQueue, mealHistory, requestHistory } from '@/testing/fixtures';
import { given } from '@/testing/api/http';
import { requests } from '@/testing/api/server';
import { renderApp } from '@/testing/render-app';
import { admin, ana, ben, biryani, dal, minutesAgo, NOW, porridge, queueAnswers, requestOf } from './kitchen-fixtures';

const sam = makeUser({
  _id: '00000000-0000-4000-8000-0000000005a1',
  name: 'Sam Student',
  email: 'samuel.longname-student@university.example.com',
  badge: 'Silver',
});

const tickets = () => screen.queryAllByRole('article');
const ticketIds = () => tickets().map((ticket) => ticket.getAttribute('data-queue-item'));
const ticket = (title: string, who: string) => screen.getByRole('article', { name: new RegExp(`^${title} for ${who}`) });
const openMenu = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Display' }));
  return screen.findByRole('menu');
};

function systemPrefersDark(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: dark && query === '(prefers-color-scheme: dark)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('The kitchen display (kiosk)', () => {
  // Only the clock is faked: the screen's one-second tick and the fake API's timers stay real.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: NOW }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('keeps its header to the essentials: heading, Live, the counts; every control sits in one Display menu', async () => {
    const breakfast = requestOf(porridge, ana, minutesAgo(2));
    const all = [requestOf(biryani, sam, minutesAgo(3)), breakfast];
    seed({ users: [admin, sam, ana], signedInAs: admin.email });
    queueAnswers(({ url }) =>
      new URL(url).searchParams.get('category') === 'Breakfast'
        ? makeQueue([breakfast], { counts: { Pending: 1 } })
        : makeQueue(all, { counts: { Pending: 2 } }),
    );
    renderApp('/kitchen');
    const user = userEvent.setup();
    await waitFor(() => expect(tickets()).toHaveLength(2));

    // No toolbar of controls on the screen itself, and the key hint is for screen readers only.
    expect(screen.queryByRole('combobox', { name: 'Category' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Thresholds/)).not.toBeInTheDocument();
    expect(screen.getByText(/^Keys: arrows move/)).toHaveClass('sr-only');
    expect(screen.getByLabelText('Today in the kitchen')).toHaveTextContent('Pending2');

    const menu = await openMenu(user);
    for (const name of ['All categories', 'Breakfast', 'Lunch', 'Dinner', 'Oldest first', 'Newest first', "System's", 'Light', 'Dark']) {
      expect(within(menu).getByRole('menuitemradio', { name })).toBeInTheDocument();
    }
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Group repeated meals' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Leave kitchen display' })).toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitemradio', { name: 'Breakfast' }));
    await waitFor(() => expect(tickets()).toHaveLength(1));
    expect(requests('GET', '/api/serveQueue').at(-1)?.query.get('category')).toBe('Breakfast');
    // A filtered screen says so.
    expect(screen.getByText('Breakfast only')).toBeInTheDocument();

    // The thresholds are changed in a dialog opened from the menu.
    await user.click(within(await openMenu(user)).getByRole('menuitem', { name: 'Thresholds: 5 / 10 min…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Waiting thresholds' });
    await user.clear(within(dialog).getByLabelText('Late after (minutes)'));
    await user.type(within(dialog).getByLabelText('Late after (minutes)'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save thresholds' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(ticket('Porridge', 'Ana Ate')).toHaveAttribute('data-age', 'late');
  });

  it('shows compact tickets: the day’s short number, the meal, the clock and the name; the email on demand, broken only between its parts', async () => {
    // Tickets as the read model numbers them: the day's requests in turn, none for an earlier day's.
    const yesterday = requestOf(dal, ana, new Date(NOW - 20 * 3_600_000).toISOString(), { ticket: null });
    const first = requestOf(biryani, sam, minutesAgo(3), { ticket: 1 });
    const second = requestOf(porridge, ben, minutesAgo(2), { ticket: 2 });
    seed({ users: [admin, sam, ana, ben], signedInAs: admin.email });
    queueAnswers(() => makeQueue([yesterday, first, second]));
    renderApp('/kitchen');
    const user = userEvent.setup();
    await waitFor(() => expect(tickets()).toHaveLength(3));

    const samsTicket = ticket('Chicken Biryani', 'Sam Student');
    expect(within(samsTicket).getByTestId('ticket-number')).toHaveTextContent('#1');
    expect(within(ticket('Porridge', 'Ben Bite')).getByTestId('ticket-number')).toHaveTextContent('#2');
    // An earlier day's request has no number today (and says so to a screen reader).
    expect(within(ticket('Dal Makhani', 'Ana Ate')).getByTestId('ticket-number')).toHaveTextContent('#–');
    expect(ticket('Dal Makhani', 'Ana Ate')).toHaveAccessibleName(/from an earlier day/);
    expect(samsTicket).toHaveAccessibleName(/^Chicken Biryani for Sam Student, Pending, ticket 1/);
    expect(within(samsTicket).getByTestId('wait-clock')).toHaveTextContent('03:00');

    // The email is not on the ticket until asked for.
    const email = within(samsTicket).getByTestId('ticket-email');
    expect(email).not.toBeVisible();
    const name = within(samsTicket).getByRole('button', { name: 'Sam Student, show email' });
    expect(name).toHaveAttribute('aria-expanded', 'false');
    await user.click(name);
    expect(email).toBeVisible();
    expect(email).toHaveTextContent('samuel.longname-student@university.example.com · Lunch');
    expect(within(samsTicket).getByRole('button', { name: 'Sam Student, hide email' })).toHaveAttribute('aria-expanded', 'true');
    // It may break after the @ and the dots (<wbr>), never inside a word (no break-all).
    expect(email.className).not.toMatch(/break-all/);
    expect(email.querySelectorAll('wbr')).toHaveLength(4);
  });

  it('flashes a new ticket and announces it politely; the tickets already there do not flash', async () => {
    let items = [requestOf(biryani, sam, minutesAgo(2))];
    seed({ users: [admin, sam, ana], signedInAs: admin.email });
    queueAnswers(() => makeQueue(items));
    const { liveFeed } = renderApp('/kitchen');
    await waitFor(() => expect(tickets()).toHaveLength(1));
    expect(ticket('Chicken Biryani', 'Sam Student')).not.toHaveAttribute('data-fresh');

    items = [...items, requestOf(porridge, ana, minutesAgo(0))];
    act(() => liveFeed.deliver('changed', { resource: 'mealRequests' }));
    await waitFor(() => expect(tickets()).toHaveLength(2));
    expect(ticket('Porridge', 'Ana Ate')).toHaveAttribute('data-fresh', 'true');
    expect(ticket('Porridge', 'Ana Ate').className).toMatch(/ring-sky-500/);
    expect(ticket('Chicken Biryani', 'Sam Student')).not.toHaveAttribute('data-fresh');
    const region = screen.getByTestId('arrivals');
    expect(region).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(region).toHaveTextContent('New request: Porridge for Ana Ate'));
  });

  it('lists oldest first or newest first as chosen, and remembers the choice (the kitchen display and Serve Meals alike)', async () => {
    const a = requestOf(biryani, sam, minutesAgo(5));
    const b = requestOf(porridge, ana, minutesAgo(3));
    const c = requestOf(dal, ben, minutesAgo(1));
    seed({ users: [admin, sam, ana, ben], signedInAs: admin.email });
    // Oldest first, as the read model answers the waiting requests.
    queueAnswers(() => makeQueue([a, b, c]));
    const { unmount } = renderApp('/kitchen');
    const user = userEvent.setup();
    await waitFor(() => expect(ticketIds()).toEqual([a._id, b._id, c._id]));
    expect(screen.getByRole('heading', { name: /^Waiting \(3\)/ })).toHaveTextContent('oldest first');

    const menu = await openMenu(user);
    expect(within(menu).getByRole('menuitemradio', { name: 'Oldest first' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Newest first' }));
    expect(ticketIds()).toEqual([c._id, b._id, a._id]);
    expect(screen.getByRole('heading', { name: /^Waiting \(3\)/ })).toHaveTextContent('newest first');

    unmount();
    const again = renderApp('/kitchen');
    await waitFor(() => expect(ticketIds()).toEqual([c._id, b._id, a._id]));
    again.unmount();

    renderApp('/dashboard/serveMeals');
    await waitFor(() => expect(ticketIds()).toEqual([c._id, b._id, a._id]));
    const order = screen.getByRole('switch', { name: /Newest first/ });
    expect(order).toHaveAttribute('aria-checked', 'true');
    await user.click(order);
    expect(ticketIds()).toEqual([a._id, b._id, c._id]);
    expect(localStorage.getItem('hostel.kitchen.order')).toBe('oldest');
  });

  it('groups repeated meals as "2 × Dal Makhani" lists, in the chosen order; a meal asked once stays a plain ticket', async () => {
    const firstDal = requestOf(dal, sam, minutesAgo(6));
    const lone = requestOf(porridge, ana, minutesAgo(4));
    const secondDal = requestOf(dal, ben, minutesAgo(2));
    seed({ users: [admin, sam, ana, ben], signedInAs: admin.email });
    queueAnswers(() => makeQueue([firstDal, lone, secondDal]));
    renderApp('/kitchen');
    const user = userEvent.setup();
    await waitFor(() => expect(tickets()).toHaveLength(3));

    await user.click(within(await openMenu(user)).getByRole('menuitemcheckbox', { name: 'Group repeated meals' }));
    const group = screen.getByRole('heading', { name: '2 × Dal Makhani' }).closest('li')!;
    expect(
      within(group)
        .getAllByRole('article')
        .map((element) => element.getAttribute('data-queue-item')),
    ).toEqual([firstDal._id, secondDal._id]);
    expect(screen.queryByRole('heading', { name: /^1 ×/ })).not.toBeInTheDocument();
    expect(ticket('Porridge', 'Ana Ate').closest('[data-meal-group]')).toBeNull();

    // Newest first: the group stands where its newest request stands (first), the lone Porridge after it.
    await user.click(within(await openMenu(user)).getByRole('menuitemradio', { name: 'Newest first' }));
    expect(within(screen.getByRole('heading', { name: '2 × Dal Makhani' }).closest('li')!).getAllByRole('article')[0]).toHaveAttribute(
      'data-queue-item',
      secondDal._id,
    );
    expect(ticketIds()).toEqual([secondDal._id, firstDal._id, lone._id]);
  });

  it("takes the system's dark theme, or the one chosen on the screen (remembered); leaving the display leaves the app's own", async () => {
    systemPrefersDark(true);
    seed({ users: [admin, sam], signedInAs: admin.email });
    const lone = requestOf(biryani, sam, minutesAgo(1));
    queueAnswers(() => makeQueue([lone]));
    const { unmount } = renderApp('/kitchen');
    const user = userEvent.setup();
    await waitFor(() => expect(tickets()).toHaveLength(1));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(ticket('Chicken Biryani', 'Sam Student').className).toMatch(/dark:bg-slate-900/);

    await user.click(within(await openMenu(user)).getByRole('menuitemradio', { name: 'Light' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
    unmount();
    expect(document.documentElement).not.toHaveAttribute('data-theme');

    // The light one chosen is kept, whatever the system says; then dark chosen on a light system.
    const again = renderApp('/kitchen');
    await waitFor(() => expect(tickets()).toHaveLength(1));
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
    systemPrefersDark(false);
    await user.click(within(await openMenu(user)).getByRole('menuitemradio', { name: 'Dark' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    again.unmount();

    // Serve Meals, inside the app, is never darkened.
    renderApp('/dashboard/serveMeals');
    await waitFor(() => expect(tickets()).toHaveLength(1));
    expect(document.documentElement).not.toHaveAttribute('data-theme');
  });

  it("shows the day's waiting figures only once a delivery was timed, not the 00:00 of one delivered the instant it was asked for", async () => {
    // One delivered the instant it was asked for (long past its recall window, so off the queue):
    // counted, not timed (the read model's answer, stated).
    const since = minutesAgo(12 * 60);
    const waiting = requestOf(biryani, sam, minutesAgo(1));
    let queue = makeQueue([waiting], { counts: { Pending: 1, Delivered: 1 }, waiting: { since, delivered: 1, timed: 0, averageMs: null, p90Ms: null } });
    seed({ users: [admin, sam, ana], signedInAs: admin.email });
    queueAnswers(() => queue);
    const { liveFeed } = renderApp('/kitchen');
    await waitFor(() => expect(tickets()).toHaveLength(1));
    const figures = screen.getByLabelText('Today in the kitchen');
    expect(figures).toHaveTextContent('Delivered today1');
    expect(figures).not.toHaveTextContent(/Average wait|90% within|00:00/);

    // Ben's, asked for four minutes ago, is delivered now: timed.
    const timed = requestOf(dal, ben, minutesAgo(4), { status: 'Delivered', servedAt: minutesAgo(0), recallableUntil: new Date(NOW + 120_000).toISOString() });
    queue = makeQueue([waiting, timed], {
      counts: { Pending: 1, Delivered: 2 },
      waiting: { since, delivered: 2, timed: 1, averageMs: 4 * 60_000, p90Ms: 4 * 60_000 },
    });
    act(() => liveFeed.deliver('changed', { resource: 'mealRequests' }));
    await waitFor(() => expect(figures).toHaveTextContent('Average wait04:00'));
    expect(figures).toHaveTextContent('90% within04:00');
    expect(figures).toHaveTextContent('Delivered today2');
  });

  it('while reconnecting, dims the queue under a banner and pauses its actions (buttons and keys); live again, all is back', async () => {
    const pending = requestOf(biryani, sam, minutesAgo(2));
    seed({ users: [admin, sam], signedInAs: admin.email });
    given(mealHistory(biryani), requestHistory(sam, pending));
    queueAnswers(() => makeQueue([pending]));
    const { liveFeed } = renderApp('/kitchen');
    await waitFor(() => expect(tickets()).toHaveLength(1));
    act(() => liveFeed.setState('live'));
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
    expect(screen.getByTestId('queue')).not.toHaveAttribute('data-paused');
    const approve = () => screen.getByRole('button', { name: 'Approve Chicken Biryani for Sam Student' });
    expect(approve()).toBeEnabled();

    act(() => liveFeed.setState('reconnecting'));
    const banner = await screen.findByTestId('offline-banner');
    expect(banner).toHaveRole('alert');
    expect(banner).toHaveTextContent(/Offline, reconnecting… The queue may be out of date: Approve, Serve and Recall are paused/);
    expect(screen.getByTestId('queue')).toHaveAttribute('data-paused', 'true');
    expect(screen.getByTestId('queue').className).toMatch(/opacity-50/);
    expect(approve()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Serve Chicken Biryani for Sam Student' })).toBeDisabled();
    // Enter on the focused ticket does nothing either.
    ticket('Chicken Biryani', 'Sam Student').focus();
    fireEvent.keyDown(ticket('Chicken Biryani', 'Sam Student'), { key: 'Enter' });
    expect(requests('PATCH', `/api/requestedMeals/${encodeURIComponent(pending._id)}/approve`)).toHaveLength(0);

    act(() => liveFeed.setState('live'));
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument());
    expect(screen.getByTestId('queue')).not.toHaveAttribute('data-paused');
    expect(approve()).toBeEnabled();
    fireEvent.keyDown(ticket('Chicken Biryani', 'Sam Student'), { key: 'Enter' });
    await waitFor(() => expect(requests('PATCH', `/api/requestedMeals/${encodeURIComponent(pending._id)}/approve`)).toHaveLength(1));
  });
});
