import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, seed } from '@/testing/api/db';
import { decided, given } from '@/testing/api/http';
import { current, makeQueue, mealHistory, requestHistory } from '@/testing/fixtures';
import { requests, server } from '@/testing/api/server';
import { renderApp } from '@/testing/render-app';
import { admin, ana, ben, biryani, minutesAgo, NOW, porridge, queueAnswers, requestOf } from './kitchen-fixtures';

const sam = makeUser({ _id: '00000000-0000-4000-8000-0000000005a0', name: 'Sam Student', email: 'sam@example.com', badge: 'Silver' });

/** The queue's cards in the order they stand, as `title|user` (from each card's name). */
const cardNames = () => screen.queryAllByRole('article').map((card) => card.getAttribute('data-queue-item'));
const card = (title: string, who: string) => screen.getByRole('article', { name: new RegExp(`^${title} for ${who}`) });
const queueReads = () => requests('GET', '/api/serveQueue');

describe('The kitchen queue on Serve Meals', () => {
  // Only the clock is faked: the screen's one-second tick and the fake API's timers stay real.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: NOW }));
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('lists waiting requests oldest first, each wait counting up, late and very late shown by colour, icon and words; counts on top', async () => {
    const fresh = requestOf(porridge, sam, minutesAgo(1));
    const late = requestOf(biryani, ana, minutesAgo(6));
    const veryLate = requestOf(biryani, ben, minutesAgo(12), { status: 'Approved', approvedAt: minutesAgo(1), recallableUntil: minutesAgo(-1) });
    seed({ users: [admin, sam, ana, ben], signedInAs: admin.email });
    // As the read model answers it: waiting requests oldest first, counted by stage.
    queueAnswers(() => makeQueue([veryLate, late, fresh], { counts: { Pending: 2, Approved: 1, Delivered: 0 } }));
    renderApp('/dashboard/serveMeals');

    await waitFor(() => expect(cardNames()).toEqual([veryLate._id, late._id, fresh._id]));
    const counts = screen.getByLabelText('Today in the kitchen');
    expect(counts).toHaveTextContent('Pending2');
    expect(counts).toHaveTextContent('Approved1');
    expect(counts).toHaveTextContent('Delivered today0');

    const samsCard = card('Porridge', 'Sam Student');
    expect(within(samsCard).getByTestId('wait-clock')).toHaveTextContent('01:00');
    expect(samsCard).toHaveAttribute('data-age', 'fresh');
    expect(card('Chicken Biryani', 'Ana Ate')).toHaveAttribute('data-age', 'late');
    expect(within(card('Chicken Biryani', 'Ana Ate')).getByText('Late')).toBeInTheDocument();
    expect(card('Chicken Biryani', 'Ana Ate').className).toContain('amber');
    expect(within(card('Chicken Biryani', 'Ben Bite')).getByText('Very late')).toBeInTheDocument();
    expect(card('Chicken Biryani', 'Ben Bite').className).toContain('red');

    // The clock moves on: Sam's wait counts up, and past five minutes it is late.
    vi.setSystemTime(NOW + 4 * 60_000 + 5_000);
    await waitFor(() => expect(within(card('Porridge', 'Sam Student')).getByTestId('wait-clock')).toHaveTextContent('05:05'));
    expect(card('Porridge', 'Sam Student')).toHaveAttribute('data-age', 'late');
  });

  it('groups only the meals asked for more than once (2 × Chicken Biryani; no box around a single Porridge), and filters by category', async () => {
    const breakfast = requestOf(porridge, ana, minutesAgo(2));
    const all = [requestOf(biryani, sam, minutesAgo(3)), breakfast, requestOf(biryani, ben, minutesAgo(1))];
    seed({ users: [admin, sam, ana, ben], signedInAs: admin.email });
    queueAnswers(({ url }) => makeQueue(new URL(url).searchParams.get('category') === 'Breakfast' ? [breakfast] : all));
    renderApp('/dashboard/serveMeals');
    const user = userEvent.setup();
    await waitFor(() => expect(cardNames()).toHaveLength(3));

    await user.click(screen.getByRole('switch', { name: /Group by meal/ }));

    const group = screen.getByRole('heading', { name: '2 × Chicken Biryani' }).closest('li')!;
    expect(within(group).getAllByRole('article')).toHaveLength(2);
    // Its tickets do not show the meal the group's heading names again (a screen reader still hears it in each ticket's name).
    for (const article of within(group).getAllByRole('article')) expect(within(article).getByText('Chicken Biryani')).toHaveClass('sr-only');
    expect(within(card('Porridge', 'Ana Ate')).getByText('Porridge')).not.toHaveClass('sr-only');
    expect(screen.queryByRole('heading', { name: /1 × / })).not.toBeInTheDocument();
    // The single Porridge stands as a plain ticket in the list, where its request stands (second oldest).
    expect(card('Porridge', 'Ana Ate').closest('[data-meal-group]')).toBeNull();
    expect(screen.getAllByRole('heading', { name: /^(2 × Chicken Biryani|Porridge for)/ }).map((heading) => heading.textContent?.slice(0, 11))).toEqual([
      '2 × Chicken',
      'Porridge fo',
    ]);
    expect(screen.getByRole('switch', { name: /Group by meal/ })).toHaveAttribute('aria-checked', 'true');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Breakfast');

    await waitFor(() => expect(screen.queryAllByRole('article')).toHaveLength(1));
    expect(queueReads().at(-1)?.query.get('category')).toBe('Breakfast');
    expect(screen.queryByRole('heading', { name: /×/ })).not.toBeInTheDocument();
  });

  it('takes its thresholds from the screen and keeps them in this browser', async () => {
    seed({ users: [admin, sam], signedInAs: admin.email });
    const porridgeForSam = requestOf(porridge, sam, minutesAgo(3));
    queueAnswers(() => makeQueue([porridgeForSam]));
    const { unmount } = renderApp('/dashboard/serveMeals');
    const user = userEvent.setup();
    await waitFor(() => expect(cardNames()).toHaveLength(1));
    expect(card('Porridge', 'Sam Student')).toHaveAttribute('data-age', 'fresh');

    await user.click(screen.getByText('Thresholds: 5 / 10 min'));
    await user.clear(screen.getByLabelText('Late after (minutes)'));
    await user.type(screen.getByLabelText('Late after (minutes)'), '2');
    await user.clear(screen.getByLabelText('Very late after (minutes)'));
    await user.type(screen.getByLabelText('Very late after (minutes)'), '1');
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Very late must come after late.');
    expect(card('Porridge', 'Sam Student')).toHaveAttribute('data-age', 'fresh');

    await user.clear(screen.getByLabelText('Very late after (minutes)'));
    await user.type(screen.getByLabelText('Very late after (minutes)'), '3');
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    expect(card('Porridge', 'Sam Student')).toHaveAttribute('data-age', 'very-late');
    expect(screen.getByText('Thresholds: 2 / 3 min')).toBeInTheDocument();

    // Kept: the next visit starts with them (the kitchen display has them in its menu).
    unmount();
    renderApp('/kitchen');
    await waitFor(() => expect(cardNames()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Display' }));
    expect(await screen.findByRole('menuitem', { name: 'Thresholds: 2 / 3 min…' })).toBeInTheDocument();
    expect(card('Porridge', 'Sam Student')).toHaveAttribute('data-age', 'very-late');
  });

  it('keeps its Thresholds panel open when opened before the queue answers: the early click counts once the queue arrives', async () => {
    seed({ users: [admin, sam], signedInAs: admin.email });
    const porridgeForSam = requestOf(porridge, sam, minutesAgo(3));
    queueAnswers(() => makeQueue([porridgeForSam]));
    // The queue's first read is held until the panel has been opened.
    let answerQueue!: () => void;
    const held = new Promise<void>((resolve) => (answerQueue = resolve));
    server.use(
      http.get('/api/serveQueue', async () => {
        await held;
        return HttpResponse.json(makeQueue([porridgeForSam]));
      }),
    );
    renderApp('/dashboard/serveMeals');
    const user = userEvent.setup();

    const summary = await screen.findByText('Thresholds: 5 / 10 min');
    expect(screen.getByText('Loading the queue...')).toBeInTheDocument();
    const panel = summary.closest('details')!;
    await user.click(summary);
    expect(panel).toHaveProperty('open', true);

    answerQueue();
    await waitFor(() => expect(cardNames()).toEqual([porridgeForSam._id]));
    // The same panel, still open: not drawn again closed when the queue arrived.
    expect(screen.getByText('Thresholds: 5 / 10 min').closest('details')).toBe(panel);
    expect(panel).toHaveProperty('open', true);
    expect(screen.getByLabelText('Late after (minutes)')).toBeVisible();
  });

  it('works from the keyboard: arrows move between requests, Enter moves one on, Backspace takes it back; each change offers Undo', async () => {
    const first = requestOf(biryani, sam, minutesAgo(3));
    const second = requestOf(porridge, ana, minutesAgo(2));
    seed({ users: [admin, sam, ana], signedInAs: admin.email });
    given(mealHistory(biryani), mealHistory(porridge), requestHistory(sam, first), requestHistory(ana, second));
    // Each request at the stage its stream is at: the kitchen's commands are decided by the domain's decider.
    queueAnswers(() => makeQueue(current([first, second])));
    renderApp('/dashboard/serveMeals');
    const user = userEvent.setup();
    await waitFor(() => expect(cardNames()).toEqual([first._id, second._id]));

    card('Chicken Biryani', 'Sam Student').focus();
    await user.keyboard('{ArrowDown}');
    expect(card('Porridge', 'Ana Ate')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(card('Chicken Biryani', 'Sam Student')).toHaveFocus();

    // Enter: Pending → Approved.
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Request approved.')).toBeInTheDocument();
    await waitFor(() => expect(within(card('Chicken Biryani', 'Sam Student')).getByText('Approved')).toBeInTheDocument());
    expect(requests('PATCH', `/api/requestedMeals/${encodeURIComponent(first._id)}/approve`)).toHaveLength(1);
    expect(card('Chicken Biryani', 'Sam Student')).toHaveFocus();

    // Enter again: Approved → Delivered; the card moves to Just delivered and keeps the focus.
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Meal marked as Delivered!')).toBeInTheDocument();
    // One toast a request: the Approve's, whose Undo no longer holds, has made way.
    expect(screen.queryByText('Request approved.')).not.toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('region', { name: /Just delivered/ })).getByRole('article')).toHaveFocus());
    expect(requests('PATCH', `/api/requestedMeals/${encodeURIComponent(first._id)}/serve`)).toHaveLength(1);

    // Backspace: back to Approved.
    await user.keyboard('{Backspace}');
    expect(await screen.findByText('Moved back to Approved.')).toBeInTheDocument();
    await waitFor(() => expect(within(card('Chicken Biryani', 'Sam Student')).getByText('Approved')).toBeInTheDocument());
    expect(requests('PATCH', `/api/requestedMeals/${encodeURIComponent(first._id)}/recall`)).toHaveLength(1);

    // A tap on Approve, then Undo in its toast, recalls it.
    await user.click(screen.getByRole('button', { name: 'Approve Porridge for Ana Ate' }));
    const toast = (await screen.findByText('Request approved.', { selector: '*' })).closest('li')!;
    await waitFor(() => expect(decided('MealRequestApproved').at(-1)?.data.requestId).toBe(second._id));
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(decided('MealRequestRecalled').at(-1)?.data).toMatchObject({ requestId: second._id, to: 'Pending' }));
    expect(requests('PATCH', `/api/requestedMeals/${encodeURIComponent(second._id)}/recall`)).toHaveLength(1);
  });

  it('says Live or Reconnecting…; refetches for a push newer than its data (asking for that position), ignores older ones, and catches up after a reconnect', async () => {
    seed({ users: [admin, sam], signedInAs: admin.email });
    // The log position each answer reflects, and what it holds: the test's world.
    let items = [requestOf(biryani, sam, minutesAgo(1))];
    let position = '0/10';
    queueAnswers(() => makeQueue(items, { position }));
    const { liveFeed, queryClient } = renderApp('/dashboard/serveMeals');
    await waitFor(() => expect(cardNames()).toHaveLength(1));
    const reads = queueReads().length;

    act(() => liveFeed.setState('live'));
    expect(await screen.findByText('Live')).toBeInTheDocument();
    await waitFor(() => expect(queueReads()).toHaveLength(reads + 1));

    // A push the data on show already reflects changes nothing (a refetch would start at once, within the push).
    for (const push of [
      { resource: 'mealRequests', position: '0/9' },
      { resource: 'mealRequests', position: '0/10' },
      { resource: 'meals', position: '0/12' },
    ]) {
      act(() => liveFeed.deliver('changed', push));
      expect(queryClient.isFetching({ queryKey: ['serveQueue'] })).toBe(0);
    }
    // A newer one refetches, asking for at least its position.
    position = '0/12';
    act(() => liveFeed.deliver('changed', { resource: 'mealRequests', position: '0/12' }));
    expect(queryClient.isFetching({ queryKey: ['serveQueue'] })).toBe(1);
    await waitFor(() => expect(queueReads()).toHaveLength(reads + 2));
    expect(queueReads().at(-1)?.headers.get('x-min-position')).toBe('0/12');

    // The socket drops; a request lands meanwhile (its push is lost); back online, the queue catches up.
    act(() => liveFeed.setState('reconnecting'));
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    items = [...items, requestOf(biryani, ana, minutesAgo(0))];
    position = '0/13';
    act(() => liveFeed.setState('live'));
    expect(await screen.findByText('Live')).toBeInTheDocument();
    await waitFor(() => expect(cardNames()).toHaveLength(2));
    expect(queueReads().at(-1)?.headers.get('x-min-position')).toBe('0/12');
  });

  it('announces new requests in one polite region: one at once by name, a burst within the second as a count', async () => {
    seed({ users: [admin, sam, ana, ben], signedInAs: admin.email });
    let items = [requestOf(biryani, sam, minutesAgo(2))];
    queueAnswers(() => makeQueue(items));
    const { liveFeed } = renderApp('/dashboard/serveMeals');
    await waitFor(() => expect(cardNames()).toHaveLength(1));
    const region = screen.getByTestId('arrivals');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();

    items = [...items, requestOf(porridge, ana, minutesAgo(0))];
    act(() => liveFeed.deliver('changed', { resource: 'mealRequests' }));
    await waitFor(() => expect(region).toHaveTextContent('New request: Porridge for Ana Ate'));

    items = [...items, requestOf(biryani, ben, minutesAgo(0)), requestOf(porridge, sam, minutesAgo(0))];
    act(() => liveFeed.deliver('changed', { resource: 'mealRequests' }));
    await waitFor(() => expect(cardNames()).toHaveLength(4));
    // Said within the second after the first announcement, so it waits for the second to end.
    expect(region).toHaveTextContent('New request: Porridge for Ana Ate');
    await waitFor(() => expect(region).toHaveTextContent('2 new requests'));
  });
});

describe('The chime', () => {
  afterEach(() => vi.useRealTimers());

  it('plays only once enabled: on a new request, and again every 30 s while one has waited past the second threshold', async () => {
    const started: number[] = [];
    class FakeAudioContext {
      currentTime = 0;
      destination = {};
      resume = () => Promise.resolve();
      close = () => Promise.resolve();
      createGain = () => ({ gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} }, connect: (next: unknown) => next });
      createOscillator = () => ({ type: '', frequency: { value: 0 }, connect: (next: unknown) => next, start: () => started.push(Date.now()), stop: () => {} });
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW });
    const chimes = () => started.length / 2;
    seed({ users: [admin, sam, ana], signedInAs: admin.email });
    let items = [requestOf(biryani, sam, minutesAgo(3))];
    queueAnswers(() => makeQueue(items));
    const { liveFeed } = renderApp('/dashboard/serveMeals');
    await waitFor(() => expect(cardNames()).toHaveLength(1));

    // Not enabled: a new request is silent.
    items = [...items, requestOf(biryani, ana, minutesAgo(0))];
    act(() => liveFeed.deliver('changed', { resource: 'mealRequests' }));
    await waitFor(() => expect(cardNames()).toHaveLength(2));
    expect(chimes()).toBe(0);

    await userEvent.setup({ advanceTimers: () => {} }).click(screen.getByRole('button', { name: 'Enable sound' }));
    expect(screen.getByRole('button', { name: 'Sound on' })).toHaveAttribute('aria-pressed', 'true');
    expect(chimes()).toBe(1);

    // Nothing very late yet: 30 s pass in silence.
    act(() => vi.advanceTimersByTime(30_000));
    expect(chimes()).toBe(1);
    // Sam's request passes ten minutes: a reminder every 30 s.
    act(() => vi.advanceTimersByTime(7 * 60_000));
    const before = chimes();
    act(() => vi.advanceTimersByTime(30_000));
    expect(chimes()).toBe(before + 1);
    expect(before).toBeGreaterThan(1);
  });
});
