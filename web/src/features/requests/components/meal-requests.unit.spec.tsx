import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { makeUser, seed } from '@/testing/api/db';
import { decided, given } from '@/testing/api/http';
import { current, makeMeal, makeMealRequest, makeQueue, mealHistory, requestHistory } from '@/testing/fixtures';
import { answer, answerPages, requests, server } from '@/testing/api/server';
import { tableNamed } from '@/testing/data-table';
import { mealPageAnswers } from '@/testing/meal-page';
import { pressThenOk } from '@/testing/keyboard';
import { renderApp } from '@/testing/render-app';

const student = makeUser({ _id: '00000000-0000-4000-8000-0000000005a0', name: 'Sam Student', email: 'sam@example.com', badge: 'Silver' });
const bronze = makeUser({ name: 'Bert Bronze', email: 'bert@example.com', badge: 'Bronze' });
const admin = makeUser({ _id: '00000000-0000-4000-8000-00000000b055', name: 'Boss', email: 'boss@hostel.test', role: 'admin' });
const dal = makeMeal({ title: 'Lentil Dal', likes: 4, reviews_count: 2 });
const curry = makeMeal({ title: 'Chicken Curry' });

const requestOf = (meal: { _id: string; title: string }, who = student, status: 'Pending' | 'Approved' | 'Delivered' = 'Pending') =>
  makeMealRequest(meal, who, { status });

/** For this test, `who`'s requests (GET /api/mealRequests) are what `mine` gives at each read. */
const myRequestsAre = (mine: () => ReturnType<typeof requestOf>[]) => answerPages('/api/mealRequests', mine);

/** For this test, Serve Meals' table lists what `listed` gives for its search; its kitchen queue is empty. */
function serveMealsLists(listed: (search: string | null) => ReturnType<typeof requestOf>[]) {
  answerPages('/api/requestedMeals/admin', (query) => listed(query.get('search')));
  answer('/api/serveQueue', makeQueue([]));
}

/** Clicks Request Meal once it takes clicks (it rests until the session and the account are known). */
async function requestMeal() {
  const button = await screen.findByRole('button', { name: 'Request Meal' });
  await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
  await userEvent.setup().click(button);
}

/** The student on Dal's page, signed in; their requests of it: none, until the decider took one. */
async function openDalAsStudent() {
  seed({ users: [student], signedInAs: student.email });
  given(mealHistory(dal));
  mealPageAnswers(dal);
  myRequestsAre(() => decided('MealRequested').map((asked) => makeMealRequest(dal, student, { _id: asked.data.requestId })));
  renderApp(`/meal/${dal._id}`);
  await screen.findByRole('button', { name: 'Account menu' });
}

describe('Request Meal on the meal page', () => {
  it('given a student, when Request Meal is clicked, then says Request Submitted, shows the request Pending and rests the button', async () => {
    await openDalAsStudent();

    await requestMeal();

    const dialog = await screen.findByRole('dialog', { name: 'Request Submitted' });
    expect(within(dialog).getByText('Request is pending approval.')).toBeInTheDocument();
    expect(requests('POST', '/api/mealRequests').map((request) => request.body)).toEqual([{ mealId: dal._id }]);
    expect(await screen.findByText('Your request:')).toHaveTextContent('Your request: Pending');
    expect(screen.getByRole('button', { name: 'Requested' })).toHaveAttribute('aria-disabled', 'true');
    // Request toasts close by themselves after 2 s.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('given Request Meal pressed from the keyboard, when Request Submitted is closed with OK, then the focus is back on the button, now Requested', async () => {
    await openDalAsStudent();
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Request Meal' });
    await waitFor(() => expect(requests('GET', `/users/${encodeURIComponent(student.email)}`)).not.toHaveLength(0));

    await pressThenOk(user, button, 'Request Submitted');

    expect(screen.getByRole('button', { name: 'Requested' })).toHaveFocus();
  });

  it('given a bronze student, when Request Meal is clicked, then refuses with the upgrade text and goes to /, sending nothing', async () => {
    seed({ users: [bronze], signedInAs: bronze.email });
    mealPageAnswers(dal);
    answerPages('/api/meals', []);
    const { router } = renderApp(`/meal/${dal._id}`);
    await screen.findByRole('button', { name: 'Account menu' });
    // The badge is read from the account: wait until it has arrived.
    await waitFor(() => expect(requests('GET', `/users/${encodeURIComponent(bronze.email)}`)).not.toHaveLength(0));

    await requestMeal();

    expect(await screen.findByText('You need to upgrade your membership to request meals.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requests('POST', '/api/mealRequests')).toHaveLength(0);
  });

  it('given a visitor, when Request Meal is clicked, then warns Please login first and goes to /SignUp', async () => {
    mealPageAnswers(dal);
    const { router } = renderApp(`/meal/${dal._id}`);

    await requestMeal();

    expect(await screen.findByRole('dialog', { name: 'Please login first' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/SignUp'));
    expect(requests('POST', '/api/mealRequests')).toHaveLength(0);
  });

  it('given the account still loading, then Request Meal rests and a click on it is ignored', async () => {
    seed({ users: [student], signedInAs: student.email });
    mealPageAnswers(dal);
    server.use(http.get('/users/:email', () => new Promise<Response>(() => {})));
    renderApp(`/meal/${dal._id}`);
    await screen.findByRole('button', { name: 'Account menu' });

    const button = await screen.findByRole('button', { name: 'Request Meal' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.setup().click(button);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests('POST', '/api/mealRequests')).toHaveLength(0);
  });

  it('given a server refusal, then says Failed to submit request with its message', async () => {
    seed({ users: [student], signedInAs: student.email });
    mealPageAnswers(dal);
    server.use(http.post('/api/mealRequests', () => HttpResponse.json({ message: 'Meal not found' }, { status: 404 })));
    renderApp(`/meal/${dal._id}`);
    await screen.findByRole('button', { name: 'Account menu' });
    await waitFor(() => expect(requests('GET', `/users/${encodeURIComponent(student.email)}`)).not.toHaveLength(0));

    await requestMeal();

    const dialog = await screen.findByRole('dialog', { name: 'Failed to submit request' });
    expect(within(dialog).getByText('Meal not found')).toBeInTheDocument();
  });
});

describe('My Requested Meals', () => {
  it("lists my requests, newest first, with the meal's counts and the status in words and colour", async () => {
    seed({ users: [student], signedInAs: student.email });
    // As the read model answers them: newest first, each with its meal's counts.
    const delivered = requestOf(curry, student, 'Delivered');
    const pending = { ...requestOf(dal), mealLikes: 4, mealReviewCount: 2 };
    myRequestsAre(() => [requestOf(curry, student, 'Approved'), pending, delivered]);
    renderApp('/dashboard/requestedMeals');

    const table = await screen.findByRole('table', { name: 'My requested meals' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const mine = tableNamed('My requested meals');
    expect(mine.headers()).toEqual(['Meal Title', 'Likes', 'Reviews', 'Status', 'Action']);
    expect(mine.rows(4)).toEqual([
      ['Chicken Curry', '0', '0', 'Approved'],
      ['Lentil Dal', '4', '2', 'Pending'],
      ['Chicken Curry', '0', '0', 'Delivered'],
    ]);
    expect(within(table).getByText('Approved').className).toContain('emerald');
    expect(within(table).getByText('Pending').className).toContain('amber');
    expect(within(table).getByText('Delivered').className).toContain('red');
    expect(Object.fromEntries(requests('GET', '/api/mealRequests')[0]!.query)).toEqual({ userEmail: 'sam@example.com', skip: '0', limit: '10' });
  });

  it('says You have no meal requests. when there are none', async () => {
    seed({ users: [student], signedInAs: student.email });
    myRequestsAre(() => []);
    renderApp('/dashboard/requestedMeals');
    expect(await screen.findByText('You have no meal requests.')).toBeInTheDocument();
  });

  it('shows the loading text, then Failed to load data. when the list is refused', async () => {
    seed({ users: [student], signedInAs: student.email });
    // Answered once the test says so, whenever the request goes out.
    let refuse = () => {};
    const refused = new Promise<void>((resolve) => (refuse = resolve));
    server.use(
      http.get('/api/mealRequests', async () => {
        await refused;
        return HttpResponse.json({ message: 'You can only see your own requests' }, { status: 403 });
      }),
    );
    renderApp('/dashboard/requestedMeals');
    expect(await screen.findByText('Loading your requested meals...')).toBeInTheDocument();

    refuse();

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data.');
  });

  it('asks before cancelling (Keep request or Yes, cancel it!); Yes, cancel it! deletes the request and says Cancelled!', async () => {
    const mine = requestOf(dal);
    seed({ users: [student], signedInAs: student.email });
    given(requestHistory(student, mine));
    myRequestsAre(() => current([mine]));
    renderApp('/dashboard/requestedMeals');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Cancel request for Lentil Dal' }));
    const question = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(within(question).getByText("You won't be able to revert this cancellation!")).toBeInTheDocument();
    // The way out says what it keeps: the request (a second 'Cancel' beside 'Yes, cancel it!' read as the same thing).
    expect(
      within(question)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Keep request', 'Yes, cancel it!']);
    expect(within(question).getByRole('button', { name: 'Keep request' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Yes, cancel it!' }));

    const done = await screen.findByRole('dialog', { name: 'Cancelled!' });
    expect(within(done).getByText('Your meal request has been cancelled.')).toBeInTheDocument();
    expect(requests('DELETE', `/api/mealRequests/${encodeURIComponent(mine._id)}`)).toHaveLength(1);
    expect(await screen.findByText('You have no meal requests.')).toBeInTheDocument();
  });

  it('given Keep request, then the request stays and nothing is sent', async () => {
    const mine = requestOf(dal);
    seed({ users: [student], signedInAs: student.email });
    myRequestsAre(() => [mine]);
    renderApp('/dashboard/requestedMeals');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Cancel request for Lentil Dal' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Keep request' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Cancel request for Lentil Dal' })).toHaveFocus();
    expect(requests('DELETE', `/api/mealRequests/${encodeURIComponent(mine._id)}`)).toHaveLength(0);
  });

  it('says Failed! when the server refuses the cancellation', async () => {
    const mine = requestOf(dal);
    seed({ users: [student], signedInAs: student.email });
    myRequestsAre(() => [mine]);
    server.use(http.delete('/api/mealRequests/:id', () => HttpResponse.json({ message: 'Request not found' }, { status: 404 })));
    renderApp('/dashboard/requestedMeals');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Cancel request for Lentil Dal' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel it!' }));

    expect(await screen.findByRole('dialog', { name: 'Failed!' })).toBeInTheDocument();
  });
});

describe('Serve Meals', () => {
  it('lists every request newest first, serves a Pending one (Served!) and shows a tick once Delivered', async () => {
    const older = requestOf(curry, admin, 'Delivered');
    const sams = requestOf(dal);
    seed({ users: [admin, student], signedInAs: admin.email });
    given(mealHistory(dal), mealHistory(curry), requestHistory(admin, older), requestHistory(student, sams));
    // Newest first, as the read model lists them; each at the stage its stream is at.
    serveMealsLists(() => current([sams, older]));
    renderApp('/dashboard/serveMeals');

    const table = await screen.findByRole('table', { name: 'Requested meals' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(tableNamed('Requested meals').headers()).toEqual(['Meal Title', 'User Email', 'User Name', 'Status', 'Serve']);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Lentil Dal');
    expect(within(within(table).getAllByRole('row')[2]!).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Serve Lentil Dal to Sam Student' }));

    const served = await screen.findByRole('dialog', { name: 'Served!' });
    expect(within(served).getByText('Meal marked as Delivered!')).toBeInTheDocument();
    expect(requests('PATCH', `/api/requestedMeals/${encodeURIComponent(sams._id)}/serve`)).toHaveLength(1);
    await waitFor(() => expect(within(table).queryByRole('button', { name: /^Serve/ })).not.toBeInTheDocument());
    expect(within(table).getAllByText('Delivered', { selector: '.sr-only' })).toHaveLength(2);
  });

  it('searches by email or username (debounced), from the first page', async () => {
    const sams = requestOf(dal);
    seed({ users: [admin, student], signedInAs: admin.email });
    // What the read model finds for 'sam' (in the email or the name): Sam's request alone.
    serveMealsLists((search) => (search === 'sam' ? [sams] : [requestOf(dal, admin), sams]));
    renderApp('/dashboard/serveMeals');
    const table = await screen.findByRole('table', { name: 'Requested meals' });

    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search requests' }), 'sam');

    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(requests('GET', '/api/requestedMeals/admin').at(-1)?.query.get('search')).toBe('sam');
    expect(within(table).getByRole('cell', { name: 'sam@example.com' })).toBeInTheDocument();
  });

  it('says No requested meals found. when nothing matches, and Failed to serve meal when serving fails', async () => {
    const sams = requestOf(dal);
    seed({ users: [admin], signedInAs: admin.email });
    serveMealsLists((search) => (search === 'nobody' ? [] : [sams]));
    server.use(http.patch('/api/requestedMeals/:id/serve', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    renderApp('/dashboard/serveMeals');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Serve Lentil Dal to Sam Student' }));
    expect(within(await screen.findByRole('dialog', { name: 'Error!' })).getByText('Failed to serve meal')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search requests' }), 'nobody');
    expect(await screen.findByText('No requested meals found.')).toBeInTheDocument();
  });
});
