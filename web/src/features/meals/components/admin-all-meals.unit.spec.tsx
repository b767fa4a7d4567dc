import { rooms } from '@hostel/contracts';
import { act, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { applyChanged, useLiveRoom } from '@/lib/live-updates';
import { http, HttpResponse } from 'msw';
import type { MealDto } from '@hostel/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { makeUser, seed } from '@/testing/api/db';
import { makeMeal, mealHistory } from '@/testing/fixtures';
import { decided, given } from '@/testing/api/http';
import { answerPages, requests, server } from '@/testing/api/server';
import { confirmWith } from '@/testing/confirm';
import { tableNamed } from '@/testing/data-table';
import { renderApp } from '@/testing/render-app';

// The rooms a screen asks for (the real hook, watched): component tests run without a socket server.
vi.mock('@/lib/live-updates', async (importOriginal) => {
  const actual = await importOriginal<{ useLiveRoom: typeof useLiveRoom }>();
  return { ...actual, useLiveRoom: vi.fn(actual.useLiveRoom) };
});

const admin = makeUser({ name: 'Ada Admin', email: 'ada@example.com', role: 'admin' });
/** Meal 12 is the newest, so the default order (newest first) is Meal 12 … Meal 01. */
const meals = Array.from({ length: 12 }, (_, index) =>
  makeMeal({
    title: `Meal ${String(index + 1).padStart(2, '0')}`,
    postTime: `2026-11-${String(index + 1).padStart(2, '0')}T08:00:00.000Z`,
    likes: (index * 7) % 12,
    reviews_count: (index * 5) % 12,
    rating: 4,
    distributorName: index % 2 ? 'Chef Ana' : 'Chef Bo',
  }),
);
const khichdi = makeMeal({ title: 'Khichdi', likes: 3, reviews_count: 2, rating: 8.56, distributorName: 'Chef Ana' });

const column = (index: number) =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[index]?.textContent);
/** All Meals as an admin, the catalogue listing `listed()` (newest first unless sorted), and by likes or review count as the read model sorts them. */
const openAsAdmin = (listed: MealDto[] | (() => MealDto[])) => {
  const now = typeof listed === 'function' ? listed : () => listed;
  const most = (count: (meal: MealDto) => number) => [...now()].sort((a, b) => count(b) - count(a));
  seed({ users: [admin], signedInAs: admin.email });
  answerPages('/api/meals', (query) =>
    query.get('sort') === 'likes' ? most((meal) => meal.likes) : query.get('sort') === 'reviews_count' ? most((meal) => meal.reviews_count) : now(),
  );
  return renderApp('/dashboard/adminAllMeals');
};
const newestFirst = [...meals].reverse();

const { table, rowOf, headers, cellsOf } = tableNamed('Meals');

/**
 * The catalogue server stopping and coming back: while down, a read of the meals fails as the browser's
 * fetch does with no server ('Failed to fetch'); reads are not retried here, so a failure is said at once.
 */
function catalogueServer(queryClient: QueryClient) {
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  let down = false;
  server.use(http.get('/api/meals', () => (down ? HttpResponse.error() : undefined)));
  return {
    stop: () => void (down = true),
    start: () => void (down = false),
  };
}
const pageOne = newestFirst.slice(0, 10).map((meal) => meal.title);

describe('Admin All Meals', () => {
  it('given 13 meals, when opened, then lists 10 a page with likes, reviews, rating to one decimal, distributor and the actions', async () => {
    openAsAdmin([khichdi, ...newestFirst]);

    expect(await screen.findByRole('cell', { name: 'Khichdi' })).toBeInTheDocument();
    expect(headers()).toEqual(['Title', 'Likes', 'Reviews', 'Rating', 'Distributor', 'Actions']);
    expect(within(table()).getAllByRole('row')).toHaveLength(1 + 10);
    expect(cellsOf('Khichdi').slice(0, 5)).toEqual(['Khichdi', '3', '2', '8.6', 'Chef Ana']);
    expect(rowOf('Meal 12').getAllByRole('cell')[3]).toHaveTextContent('4.0');
    expect(rowOf('Khichdi').getByRole('button', { name: 'Update Khichdi' })).toBeInTheDocument();
    expect(rowOf('Khichdi').getByRole('button', { name: 'Delete Khichdi' })).toBeInTheDocument();
    expect(rowOf('Khichdi').getByRole('link', { name: 'Details of Khichdi' })).toHaveAttribute('href', `/meal/${khichdi._id}`);
    const [request] = requests('GET', '/api/meals');
    expect(Object.fromEntries(request!.query)).toEqual({ skip: '0', limit: '10' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }));

    expect(await screen.findByRole('cell', { name: 'Meal 01' })).toBeInTheDocument();
    expect(column(0)).toEqual(['Meal 03', 'Meal 02', 'Meal 01']);
  });

  it('given the sort buttons, when by likes then by review count are chosen, then the server orders each way, most first, and a second click undoes it', async () => {
    openAsAdmin(newestFirst);
    const user = userEvent.setup();
    await screen.findByRole('cell', { name: 'Meal 12' });
    const byLikes = screen.getByRole('button', { name: 'Sort by likes' });
    const byReviews = screen.getByRole('button', { name: 'Sort by review count' });
    expect(byLikes).toHaveAttribute('aria-pressed', 'false');

    await user.click(byLikes);
    await waitFor(() => expect(column(1)).toEqual(['11', '10', '9', '8', '7', '6', '5', '4', '3', '2']));
    expect(byLikes).toHaveAttribute('aria-pressed', 'true');
    expect(requests('GET', '/api/meals').at(-1)?.query.get('sort')).toBe('likes');

    await user.click(byReviews);
    await waitFor(() => expect(column(2)).toEqual(['11', '10', '9', '8', '7', '6', '5', '4', '3', '2']));
    expect(byReviews).toHaveAttribute('aria-pressed', 'true');
    expect(byLikes).toHaveAttribute('aria-pressed', 'false');
    expect(requests('GET', '/api/meals').at(-1)?.query.get('sort')).toBe('reviews_count');

    await user.click(byReviews);
    await waitFor(() => expect(column(0)[0]).toBe('Meal 12'));
    expect(byReviews).toHaveAttribute('aria-pressed', 'false');
  });

  it('given a sorted second page, when the sort changes, then it starts again from the first page', async () => {
    openAsAdmin(newestFirst);
    const user = userEvent.setup();
    await screen.findByRole('cell', { name: 'Meal 12' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('cell', { name: 'Meal 01' });

    await user.click(screen.getByRole('button', { name: 'Sort by likes' }));

    await waitFor(() => expect(requests('GET', '/api/meals').at(-1)?.query.get('sort')).toBe('likes'));
    expect(requests('GET', '/api/meals').at(-1)?.query.get('skip')).toBe('0');
    expect(await screen.findByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('given no meals, when opened, then says No meals found.', async () => {
    openAsAdmin([]);
    expect(await screen.findByText('No meals found.')).toBeInTheDocument();
  });

  it('given the server refuses the list, when opened, then says Failed to load data with its message; Try again reads it again', async () => {
    let refused = true;
    seed({ users: [admin], signedInAs: admin.email });
    answerPages('/api/meals', newestFirst);
    server.use(http.get('/api/meals', () => (refused ? HttpResponse.json({ message: 'Bad sort' }, { status: 400 }) : undefined)));
    renderApp('/dashboard/adminAllMeals');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data: Bad sort');

    refused = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(column(0)).toEqual(pageOne));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('given page 1 on show, when Page 2 is asked for with the server down, then page 1 stays with the failure said under it; Try again reads page 2, the focus going on to the page buttons', async () => {
    const { queryClient } = openAsAdmin(newestFirst);
    const catalogue = catalogueServer(queryClient);
    const user = userEvent.setup();
    await screen.findByRole('cell', { name: 'Meal 12' });

    catalogue.stop();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load this page (showing the rows from before): Failed to fetch');
    expect(column(0)).toEqual(pageOne);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    catalogue.start();
    const tryAgain = screen.getByRole('button', { name: 'Try again' });
    await user.click(tryAgain);

    await waitFor(() => expect(column(0)).toEqual(['Meal 02', 'Meal 01']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(tryAgain).not.toBeInTheDocument();
    // Not dropped to the top of the page with the button: on to the control after it.
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveFocus();
  });

  it('given a sort asked for with the server down, when the live connection comes back, then the sort is read by itself', async () => {
    const { queryClient, liveFeed } = openAsAdmin(newestFirst);
    const catalogue = catalogueServer(queryClient);
    await screen.findByRole('cell', { name: 'Meal 12' });
    act(() => liveFeed.setState('live'));

    catalogue.stop();
    act(() => liveFeed.setState('reconnecting'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sort by likes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load this page (showing the rows from before): Failed to fetch');
    expect(column(0)).toEqual(pageOne);

    catalogue.start();
    act(() => liveFeed.setState('live'));

    await waitFor(() => expect(column(1)).toEqual(['11', '10', '9', '8', '7', '6', '5', '4', '3', '2']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('given the table on show, when a meal is liked while the live connection is down (its push lost), then the table catches up once the connection is back', async () => {
    let listed = newestFirst;
    const { liveFeed } = openAsAdmin(() => listed);
    await screen.findByRole('cell', { name: 'Meal 12' });
    act(() => liveFeed.setState('live'));

    act(() => liveFeed.setState('reconnecting'));
    listed = newestFirst.map((meal) => (meal.title === 'Meal 12' ? { ...meal, likes: 40 } : meal));
    expect(cellsOf('Meal 12')[1]).toBe(String(newestFirst[0]!.likes));
    act(() => liveFeed.setState('live'));

    await waitFor(() => expect(cellsOf('Meal 12')[1]).toBe('40'));
  });

  it('given page 1 on show, while Page 2 is being read, then the table is busy and says Loading…, its rows those of page 1 until page 2 comes', async () => {
    openAsAdmin(newestFirst);
    const user = userEvent.setup();
    await screen.findByRole('cell', { name: 'Meal 12' });
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/meals', async ({ request }) => {
        if (new URL(request.url).searchParams.get('skip') === '10') await answered;
        return undefined;
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Page 2' }));

    expect(await screen.findByText('Loading…')).toBeVisible();
    expect(table()).toHaveAttribute('aria-busy', 'true');
    expect(column(0)).toEqual(pageOne);

    answer();
    await waitFor(() => expect(column(0)).toEqual(['Meal 02', 'Meal 01']));
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(table()).toHaveAttribute('aria-busy', 'false');
  });

  it('given the list on show, when a meal changes and the read after the push fails, then the rows stay as they were, the focus where it was, with the failure said', async () => {
    const { queryClient } = openAsAdmin([khichdi, ...newestFirst]);
    await screen.findByRole('cell', { name: 'Khichdi' });
    const update = rowOf('Khichdi').getByRole('button', { name: 'Update Khichdi' });
    const row = update.closest('tr');
    // A keyboard user on its Update button.
    act(() => update.focus());

    // The read after the push is refused (a 4xx: not retried).
    server.use(http.get('/api/meals', () => HttpResponse.json({ message: 'The catalogue is busy' }, { status: 429 })));
    await act(() => applyChanged(queryClient, { resource: 'meals', id: khichdi._id }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to read this list again: The catalogue is busy');
    expect(within(table()).getAllByRole('row')).toHaveLength(1 + 10);
    expect(rowOf('Khichdi').getByRole('button', { name: 'Update Khichdi' })).toBe(update);
    expect(update.closest('tr')).toBe(row);
    expect(update).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeEnabled();
  });

  it('given the confirmation, when cancelled, then nothing is deleted; when confirmed, then the meal is deleted and Deleted! closes by itself', async () => {
    given(mealHistory(khichdi));
    // Listed until mealDecider decided its deletion.
    openAsAdmin(() => (decided('MealDeleted').length > 0 ? [meals[0]!] : [khichdi, meals[0]!]));
    const user = userEvent.setup();

    await confirmWith(user, 'Delete Khichdi', 'Cancel');
    expect(requests('DELETE', `/api/meals/${khichdi._id}`)).toHaveLength(0);

    await confirmWith(user, 'Delete Khichdi', 'Yes, delete it!');

    const done = await screen.findByRole('dialog', { name: 'Deleted!' });
    expect(within(done).getByText('Meal has been deleted.')).toBeInTheDocument();
    expect(requests('DELETE', `/api/meals/${khichdi._id}`)).toHaveLength(1);
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog', { name: 'Deleted!' }));
    // The page is given back to assistive technology (Radix's aria-hidden undone) once the dialog's effects are cleaned up.
    await waitFor(() => expect(within(table()).queryByRole('cell', { name: 'Khichdi' })).not.toBeInTheDocument());
    expect(within(table()).getByRole('cell', { name: 'Meal 01' })).toBeInTheDocument();
  });

  it('given the server refuses, when a delete is confirmed, then says Failed! / Failed to delete meal. and keeps the row', async () => {
    openAsAdmin([khichdi]);
    server.use(http.delete('/api/meals/:id', () => HttpResponse.json({ message: 'Database down' }, { status: 500 })));
    const user = userEvent.setup();

    await confirmWith(user, 'Delete Khichdi', 'Yes, delete it!');

    const failed = await screen.findByRole('dialog', { name: 'Failed!' });
    expect(within(failed).getByText('Failed to delete meal.')).toBeInTheDocument();
    await user.click(within(failed).getByRole('button', { name: 'OK' }));
    expect(rowOf('Khichdi').getByRole('button', { name: 'Delete Khichdi' })).toBeInTheDocument();
  });

  it('given the table on show, then it listens to the catalogue room, whose pushes refresh every meals list', async () => {
    vi.mocked(useLiveRoom).mockClear();
    openAsAdmin([khichdi]);
    await screen.findByRole('cell', { name: 'Khichdi' });

    expect(vi.mocked(useLiveRoom)).toHaveBeenCalledWith(rooms.catalog);
  });
});
