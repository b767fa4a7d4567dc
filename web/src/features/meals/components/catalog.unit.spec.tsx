import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { makeUser, seed } from '@/testing/api/db';
import { makeMeal } from '@/testing/fixtures';
import { answerPages, requests, server } from '@/testing/api/server';
import { renderApp } from '@/testing/render-app';

const student = makeUser({ name: 'Sam Student', email: 'sam@example.com' });
const breakfasts = Array.from({ length: 5 }, (_, index) => makeMeal({ title: `Breakfast ${index + 1}`, category: 'Breakfast', price: 4 + index }));
const dinners = [makeMeal({ title: 'Lentil Dal', category: 'Dinner', price: 12 }), makeMeal({ title: 'Fish Curry', category: 'Dinner', price: 24 })];

/** For this test, the catalogue lists `meals` of the category asked for (home asks for one at a time), in the order given. */
const catalogueHas = (meals: ReturnType<typeof makeMeal>[]) =>
  answerPages('/api/meals', (query) => meals.filter((meal) => meal.category === query.get('category')));

const categories = () => screen.getByRole('region', { name: 'Our Meals Categories' });
const cardTitles = (container: HTMLElement) =>
  within(container)
    .queryAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent);

describe('Our Meals Categories (home)', () => {
  it('given meals, when home opens, then Breakfast is chosen and only its first three meals show', async () => {
    catalogueHas([...breakfasts, ...dinners]);
    renderApp('/');

    await screen.findByRole('article', { name: 'Breakfast 1' });
    expect(within(categories()).getByRole('button', { name: 'Breakfast' })).toHaveAttribute('aria-pressed', 'true');
    expect(cardTitles(categories())).toEqual(['Breakfast 1', 'Breakfast 2', 'Breakfast 3']);
    const [request] = requests('GET', '/api/meals');
    expect(Object.fromEntries(request!.query)).toMatchObject({ category: 'Breakfast', limit: '3', skip: '0' });
    expect(within(categories()).getByRole('link', { name: 'View Details', description: 'Breakfast 1' })).toHaveAttribute('href', `/meal/${breakfasts[0]!._id}`);
  });

  it('given a click on Dinner, then Dinner is highlighted and its meals replace the others', async () => {
    catalogueHas([...breakfasts, ...dinners]);
    renderApp('/');
    await screen.findByRole('article', { name: 'Breakfast 1' });

    await userEvent.setup().click(within(categories()).getByRole('button', { name: 'Dinner' }));

    expect(await screen.findByRole('article', { name: 'Lentil Dal' })).toBeInTheDocument();
    expect(cardTitles(categories())).toEqual(['Lentil Dal', 'Fish Curry']);
    expect(within(categories()).getByRole('button', { name: 'Dinner' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(categories()).getByRole('button', { name: 'Breakfast' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('given an empty category, then says so', async () => {
    catalogueHas(breakfasts);
    renderApp('/');
    await screen.findByRole('article', { name: 'Breakfast 1' });
    await userEvent.setup().click(within(categories()).getByRole('button', { name: 'Lunch' }));
    expect(await within(categories()).findByText('No meals found in this category.')).toBeInTheDocument();
  });

  it('given a failure of the first read, then says so in an alert; Try again reads the meals', async () => {
    catalogueHas(breakfasts);
    let refused = true;
    server.use(http.get('/api/meals', () => (refused ? HttpResponse.json({ message: 'Bad filter' }, { status: 400 }) : undefined)));
    renderApp('/');
    expect(await within(categories()).findByRole('alert')).toHaveTextContent('Failed to fetch meals.');

    refused = false;
    await userEvent.setup().click(within(categories()).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('article', { name: 'Breakfast 1' })).toBeInTheDocument();
    expect(within(categories()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('given the cards on show, when another category is chosen and its read fails, then the cards stay with the failure said under them; Try again reads the category', async () => {
    catalogueHas([...breakfasts, ...dinners]);
    renderApp('/');
    await screen.findByRole('article', { name: 'Breakfast 1' });
    const user = userEvent.setup();
    let refused = true;
    server.use(http.get('/api/meals', () => (refused ? HttpResponse.json({ message: 'Bad filter' }, { status: 400 }) : undefined)));

    await user.click(within(categories()).getByRole('button', { name: 'Dinner' }));

    expect(await within(categories()).findByRole('alert')).toHaveTextContent('Failed to fetch this category (showing the meals from before): Bad filter');
    expect(cardTitles(categories())).toEqual(['Breakfast 1', 'Breakfast 2', 'Breakfast 3']);

    refused = false;
    await user.click(within(categories()).getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(cardTitles(categories())).toEqual(['Lentil Dal', 'Fish Curry']));
    expect(within(categories()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('given the cards on show, when they are read again on reconnecting and that fails, then the cards stay as they were, with the failure said', async () => {
    // Only the clock is faked: some minutes on, what was read is stale.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    catalogueHas(breakfasts);
    renderApp('/');
    const first = await screen.findByRole('article', { name: 'Breakfast 1' });

    // The read again is refused (a 4xx: not retried).
    server.use(http.get('/api/meals', () => HttpResponse.json({ message: 'The catalogue is busy' }, { status: 429 })));
    const reads = requests('GET', '/api/meals').length;
    vi.setSystemTime(Date.now() + 10 * 60_000);
    // The network drops and comes back: the app reads again what it shows, stale by now.
    act(() => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });

    expect(await within(categories()).findByRole('alert')).toHaveTextContent('Failed to read the meals again: The catalogue is busy');
    expect(requests('GET', '/api/meals').length).toBeGreaterThan(reads);
    expect(cardTitles(categories())).toEqual(['Breakfast 1', 'Breakfast 2', 'Breakfast 3']);
    expect(screen.getByRole('article', { name: 'Breakfast 1' })).toBe(first);
  });
});

describe('Choose Your Membership (home)', () => {
  it('given a visitor, when a plan is chosen, then Sign Up Required leads to sign-in', async () => {
    catalogueHas([]);
    const { router } = renderApp('/');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Choose Gold' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sign Up Required' });
    expect(dialog).toHaveTextContent('Please sign up or log in first to purchase a membership!');
    // A warning, and its icon says so (not the info icon).
    expect(dialog).toHaveAttribute('data-tone', 'warning');
    expect(dialog.querySelector('svg.lucide-triangle-alert')).not.toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Go to Sign Up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/SignUp'));
  });

  it('given a signed-in student, when a plan is chosen, then goes to its checkout', async () => {
    seed({ users: [student], signedInAs: student.email });
    catalogueHas([]);
    const { router } = renderApp('/');
    await screen.findByRole('button', { name: 'Account menu' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Choose Platinum' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/Platinum'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('given a Gold member, then their plan says so, Silver is included, and only Platinum is offered', async () => {
    const gil = makeUser({ name: 'Gil Gold', email: 'gil@example.com', badge: 'Gold' });
    seed({ users: [gil], signedInAs: gil.email });
    catalogueHas([]);
    const { router } = renderApp('/');
    const plans = await screen.findByRole('region', { name: 'Choose Your Membership' });
    expect(await within(plans).findByText('Your current plan')).toBeInTheDocument();
    expect(within(plans).getByText('Included in your Gold plan')).toBeInTheDocument();
    expect(
      within(plans)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Choose Platinum']);
    await userEvent.setup().click(within(plans).getByText('Included in your Gold plan'));
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('Explore All Meals', () => {
  const many = Array.from({ length: 12 }, (_, index) =>
    makeMeal({ title: `Meal ${String(index + 1).padStart(2, '0')}`, category: index % 2 ? 'Lunch' : 'Dinner', price: 2 + index * 4 }),
  );

  it('given a search from the hero, then filters by it; Load more fetches the next page from the count loaded', async () => {
    // What the catalogue finds for 'meal': all twelve.
    answerPages('/api/meals', many);
    renderApp('/AllMeals?search=meal');
    const list = await screen.findByRole('list', { name: 'Meals' });

    expect(screen.getByRole('searchbox', { name: 'Search meals' })).toHaveValue('meal');
    expect(within(list).getAllByRole('article')).toHaveLength(9);
    expect(screen.getByText('Showing 9 of 12 meals')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(12));
    // 'All Prices' is the 0-100 band (SPEC section 9), sent like the others.
    expect(
      requests('GET', '/api/meals').map((request) => [
        request.query.get('search'),
        request.query.get('skip'),
        request.query.get('priceMin'),
        request.query.get('priceMax'),
      ]),
    ).toEqual([
      ['meal', '0', '0', '100'],
      ['meal', '9', '0', '100'],
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('given a category and a price band, then asks for them and keeps them in the URL', async () => {
    // Lunch at $10-$20: Meal 04 alone ($14).
    answerPages('/api/meals', (query) => (query.get('category') === 'Lunch' && query.get('priceMin') === '10' ? [many[3]!] : many));
    const { router } = renderApp('/AllMeals');
    await screen.findByRole('list', { name: 'Meals' });
    const user = userEvent.setup();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Lunch');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Price' }), '$10-$20');

    await waitFor(() => expect(router.state.location.search).toBe('?category=Lunch&price=10-20'));
    const last = requests('GET', '/api/meals').at(-1)!;
    expect(Object.fromEntries(last.query)).toMatchObject({ category: 'Lunch', priceMin: '10', priceMax: '20', skip: '0', limit: '9' });
    await waitFor(() => expect(cardTitles(screen.getByRole('list', { name: 'Meals' }))).toEqual(['Meal 04']));
  });

  it('given meals, then each card is titled one level below the page (h1 → h2, no level skipped, as axe heading-order asks)', async () => {
    answerPages('/api/meals', many.slice(0, 2));
    renderApp('/AllMeals');
    const list = await screen.findByRole('list', { name: 'Meals' });

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Explore All Meals');
    expect(
      within(list)
        .getAllByRole('heading')
        .map((heading) => [heading.tagName, heading.textContent]),
    ).toEqual([
      ['H2', 'Meal 01'],
      ['H2', 'Meal 02'],
    ]);
  });

  it('given one meal, then the count says it in the singular', async () => {
    answerPages('/api/meals', many.slice(0, 1));
    renderApp('/AllMeals');
    await screen.findByRole('list', { name: 'Meals' });

    expect(screen.getByText(/^Showing /)).toHaveTextContent(/^Showing 1 of 1 meal$/);
  });

  it('given a failing server, then shows Error: and the message', async () => {
    server.use(http.get('/api/meals', () => HttpResponse.json({ message: 'Price band not understood' }, { status: 400 })));
    renderApp('/AllMeals');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Price band not understood');
  });
});
