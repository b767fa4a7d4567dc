import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { AuditEvent, AuditPage } from '@hostel/contracts';
import { http, HttpResponse } from 'msw';
import { seed } from '@/testing/api/db';
import { requests, server } from '@/testing/api/server';
import {
  answerEntity,
  auditEvent,
  audrey,
  boss,
  inLog,
  mealHistory,
  named,
  person,
  registration,
  sam,
  step,
  threeRequests,
  userNamed,
} from '@/testing/audit-history';
import { renderApp } from '@/testing/render-app';

const mealId = '0b1f5f59-3c1e-4a43-9a3b-5d2d7c0e8a11';
const card = () => screen.getByRole('article');

/** The meal as the audit log folds it: as added (version 1), its price edited (2), and at its latest (5: renamed, liked, reviewed). */
const added = {
  status: 'listed',
  mealId,
  distributorEmail: boss.email,
  title: 'Dal Tadka',
  category: 'Lunch',
  image: `/api/media/${mealId}`,
  ingredients: ['lentils', 'garlic'],
  description: 'Slow-cooked lentils',
  price: 5,
  rating: 0,
  distributorName: 'Boss',
  likes: 0,
  reviews: 0,
};
const states = {
  1: added,
  2: { ...added, price: 5.5 },
  5: { ...added, price: 5.5, title: 'Dal Tadka Deluxe', ingredients: ['lentils', 'ghee', 'cumin'], likes: 1, reviews: 1 },
};

/** The meal's audit reads: its timeline, states and what changed between the versions the page asks about. */
function answerMeal(history: AuditEvent[] = inLog(mealHistory(mealId)), versionAt?: (at: Date) => number | undefined) {
  const [first, price, rename, like, review] = history as [AuditEvent, AuditEvent, AuditEvent, AuditEvent, AuditEvent];
  const renamed = [
    { field: 'title', from: 'Dal Tadka', to: 'Dal Tadka Deluxe' },
    { field: 'ingredients', added: ['ghee', 'cumin'], removed: ['garlic'] },
  ];
  answerEntity('meals', mealId, {
    timeline: history,
    states,
    ...(versionAt ? { versionAt } : {}),
    diffs: {
      '0→1': {
        changes: [
          { field: 'title', from: null, to: 'Dal Tadka' },
          { field: 'price', from: null, to: 5 },
        ],
        steps: [step(first, [{ field: 'title', from: null, to: 'Dal Tadka' }])],
      },
      '1→2': { changes: [{ field: 'price', from: 5, to: 5.5 }], steps: [step(price, [{ field: 'price', from: 5, to: 5.5 }])] },
      '4→5': { changes: [{ field: 'reviews', from: 0, to: 1 }], steps: [step(review, [{ field: 'reviews', from: 0, to: 1 }])] },
      '1→5': {
        changes: [...renamed, { field: 'price', from: 5, to: 5.5 }, { field: 'likes', from: 0, to: 1 }, { field: 'reviews', from: 0, to: 1 }],
        steps: [
          step(price, [{ field: 'price', from: 5, to: 5.5 }]),
          step(rename, renamed),
          step(like, [{ field: 'likes', from: 0, to: 1 }]),
          step(review, [{ field: 'reviews', from: 0, to: 1 }]),
        ],
      },
    },
  });
  return history;
}

/** Audrey on the meal's audit page, its slider drawn: `versions(from, to)` compares two of its versions. */
async function openMealToCompare() {
  seed({ users: [audrey, boss, sam], signedInAs: audrey.email });
  answerMeal();
  renderApp(`/dashboard/audit/meals/${mealId}`);
  const user = userEvent.setup();
  await screen.findByRole('slider', { name: 'Version' });
  const versions = async (from: string, to: string) => {
    await user.clear(screen.getByLabelText('From version'));
    await user.type(screen.getByLabelText('From version'), from);
    await user.clear(screen.getByLabelText('To version'));
    await user.type(screen.getByLabelText('To version'), to);
    await user.click(screen.getByRole('button', { name: 'Compare' }));
  };
  return { user, versions };
}

describe("an entity's audit page", () => {
  it('given a meal, when opened, then shows its name, its card at the latest version with its likes and reviews, beside its whole timeline newest first', async () => {
    seed({ users: [audrey, boss, sam], signedInAs: audrey.email });
    answerMeal();
    renderApp(`/dashboard/audit/meals/${mealId}`);

    expect(await screen.findByRole('heading', { name: 'Dal Tadka Deluxe', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Meal history')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dal Tadka Deluxe', level: 3 })).toBeInTheDocument();
    expect(card()).toHaveTextContent('Price $5.50');
    expect(card()).toHaveTextContent('Ingredients: lentils, ghee, cumin');
    expect(card()).toHaveTextContent('Served by Boss');
    expect(card()).toHaveTextContent('1 like · 1 review');
    const slider = screen.getByRole('slider', { name: 'Version' });
    // Its versions are its own events, the like and the review from streams of their own among them.
    expect(slider).toHaveValue('5');
    expect(slider).toHaveAttribute('aria-valuetext', expect.stringMatching(/^Version 5 of 5, /));
    const timeline = await screen.findByRole('list', { name: 'Events of this meal' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => within(item).getByText(/^[A-Z][a-zA-Z]+$/, { selector: 'code' }).textContent),
    ).toEqual(['ReviewAdded', 'MealLiked', 'MealEdited', 'MealEdited', 'MealAdded']);
    // Its own events don't link back to this page.
    expect(within(timeline).queryByRole('link', { name: /^Meal: / })).not.toBeInTheDocument();
  });

  it("given a meal requested once, when opened, then says the timeline's events are its versions and one that mentions it, not a count that reads as a contradiction", async () => {
    // The meal's five versions, then Sam's request for it: an event of the request (its own version 1) that names the meal.
    const requestId = `${sam._id}.1`;
    const request = auditEvent({
      type: 'MealRequested',
      stream: `request-${sam._id}`,
      actor: person(sam),
      subject: { entity: 'requests', id: requestId, version: 1 },
      names: { ...named(`meals:${mealId}`, 'Dal Tadka Deluxe'), ...userNamed(sam) },
      data: {
        requestId,
        userId: sam._id,
        userEmail: sam.email,
        userName: sam.name,
        userBadge: 'gold',
        mealId,
        mealTitle: 'Dal Tadka Deluxe',
        distributorName: 'Boss',
        requestTime: '2026-11-22T12:00:00.000Z',
      },
    });
    seed({ users: [audrey, boss, sam], signedInAs: audrey.email });
    answerMeal(inLog([...mealHistory(mealId), request]));
    renderApp(`/dashboard/audit/meals/${mealId}`);

    expect(await screen.findByText(/· 5 versions$/)).toBeInTheDocument();
    expect(await screen.findByText('6 events shown: 5 versions of this meal and 1 other event that mentions it.')).toBeInTheDocument();
    // The request's event says whose version it is: the request linked beside it, not this meal.
    const timeline = screen.getByRole('list', { name: 'Events of this meal' });
    const requested = within(timeline).getAllByRole('listitem')[0]!;
    expect(within(requested).getByRole('link', { name: "Meal request: Sam Student's request for Dal Tadka Deluxe" })).toBeInTheDocument();
    expect(within(requested).getByText('Version').nextElementSibling).toHaveTextContent('1 of the meal request linked above');
    expect(within(within(timeline).getAllByRole('listitem')[1]!).getByText('Version').nextElementSibling).toHaveTextContent('5 of this meal');
  });

  it('given a meal, when sliding back to its first version, then asks for that version’s state and shows the card as it looked, when and by whom', async () => {
    seed({ users: [audrey, boss, sam], signedInAs: audrey.email });
    answerMeal();
    renderApp(`/dashboard/audit/meals/${mealId}`);
    const slider = await screen.findByRole('slider', { name: 'Version' });
    await screen.findByRole('heading', { name: 'Dal Tadka Deluxe', level: 3 });

    fireEvent.input(slider, { target: { value: '1' } });

    expect(await screen.findByRole('heading', { name: 'Dal Tadka', level: 3 })).toBeInTheDocument();
    expect(card()).toHaveTextContent('Price $5.00');
    expect(card()).toHaveTextContent('Ingredients: lentils, garlic');
    expect(requests('GET', `/api/audit/meals/${mealId}/state`).map((request) => request.query.get('version'))).toEqual([null, '1']);
    expect(screen.getByText('1 (the latest is 5)')).toBeInTheDocument();
    expect(screen.getByText('Boss (boss@hostel.test)')).toBeInTheDocument();
    expect(card()).toHaveTextContent('0 likes · 0 reviews');
    expect(await screen.findByText(/^Title:/)).toBeInTheDocument();
    expect(slider).toHaveAttribute('aria-valuetext', expect.stringMatching(/^Version 1 of 5, /));
  });

  it('given a meal, when moving the slider to an edit, then says what that version changed and who made it', async () => {
    seed({ users: [audrey, boss, sam], signedInAs: audrey.email });
    answerMeal();
    renderApp(`/dashboard/audit/meals/${mealId}`);
    const slider = await screen.findByRole('slider', { name: 'Version' });

    fireEvent.input(slider, { target: { value: '2' } });

    await waitFor(() => expect(card()).toHaveTextContent('Price $5.50'));
    expect(card()).toHaveTextContent('Dal Tadka');
    const changed = screen.getByRole('heading', { name: 'What this version changed' }).parentElement!;
    expect((await within(changed).findByText(/^Price:/)).parentElement).toHaveTextContent('Price: from 5 → to 5.5');
    expect(screen.getByText('2 (the latest is 5)')).toBeInTheDocument();
    expect(screen.getByText('Boss (boss@hostel.test)')).toBeInTheDocument();
    expect(requests('GET', `/api/audit/meals/${mealId}/diff`).map((request) => `${request.query.get('from')}→${request.query.get('to')}`)).toContain('1→2');
  });

  it('given a user, when opened, then shows its state as a readable list of fields, secrets as the server redacted them', async () => {
    seed({ users: [audrey, sam], signedInAs: audrey.email });
    const history = inLog(registration(sam));
    // As the audit log folds a user: its password hash redacted.
    const registered = { exists: true, userId: sam._id, name: sam.name, email: sam.email, photo: '', role: 'user', badge: null, identities: [] };
    answerEntity('users', sam._id, { timeline: history, states: { 2: { ...registered, passwordHash: '[redacted]', emailVerified: false } } });
    renderApp(`/dashboard/audit/users/${encodeURIComponent(sam._id)}`);

    expect(await screen.findByRole('heading', { name: 'Sam Student', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/^sam@example\.com · Id/)).toBeInTheDocument();
    const fields = await screen.findByLabelText('Its fields at this version');
    expect(within(fields).getByText('Name').nextElementSibling).toHaveTextContent('“Sam Student”');
    expect(within(fields).getByText('Email').nextElementSibling).toHaveTextContent('“sam@example.com”');
    expect(within(fields).getByText('Password hash').nextElementSibling).toHaveTextContent('“[redacted]”');
  });

  it('given an entity with no history, when opened, then says so', async () => {
    seed({ users: [audrey], signedInAs: audrey.email });
    answerEntity('upcoming', 'nothing-here', {});
    renderApp('/dashboard/audit/upcoming/nothing-here');

    expect(await screen.findByText('There is no history of this yet.')).toBeInTheDocument();
    expect(await screen.findByText('No events mention this upcoming meal.')).toBeInTheDocument();
  });

  it('given a kind of entity the audit does not keep, when opened, then says what it keeps', async () => {
    seed({ users: [audrey], signedInAs: audrey.email });
    renderApp('/dashboard/audit/reviews/abc');

    expect(await screen.findByText('The audit keeps timelines of meals, upcoming meals, meal requests, users and payments only.')).toBeInTheDocument();
  });

  it('given a timeline, when following Same request, then shows every event of that request across streams', async () => {
    const history = inLog(mealHistory(mealId));
    const correlationId = history[3]!.correlationId;
    history[4] = { ...history[4]!, correlationId, causationId: correlationId };
    seed({ users: [audrey, boss, sam], signedInAs: audrey.email });
    answerMeal(history);
    // Every event that request caused, in commit order.
    server.use(http.get(`/api/audit/correlations/${correlationId}`, () => HttpResponse.json({ events: history.slice(3) } satisfies AuditPage)));
    renderApp(`/dashboard/audit/meals/${mealId}`);
    const user = userEvent.setup();
    const timeline = await screen.findByRole('list', { name: 'Events of this meal' });

    // Newest first: the like is the second.
    await user.click(within(within(timeline).getAllByRole('listitem')[1]!).getByRole('link', { name: 'Same request' }));

    expect(await screen.findByRole('heading', { name: 'One Request', level: 1 })).toBeInTheDocument();
    const chain = await screen.findByRole('list', { name: 'Events of this request' });
    expect(
      within(chain)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('code')?.textContent),
    ).toEqual(['MealLiked', 'ReviewAdded']);
    expect(requests('GET', `/api/audit/correlations/${correlationId}`)).toHaveLength(1);
  });

  it("given a request among its student's three in one stream, when opened, then tells its own latest event, time and actor, not the stream's", async () => {
    const {
      events,
      requests: [dal],
    } = threeRequests();
    const history = inLog(events);
    seed({ users: [audrey, boss, sam], signedInAs: audrey.email });
    // Its own events are its versions: requested, approved, recalled (the stream holds its sister requests' too).
    const dalMakhani = { requestId: dal, mealId: history[0]!.data.mealId, status: 'Pending' };
    answerEntity('requests', dal, {
      timeline: history.filter((event) => event.subject?.id === dal),
      states: { 1: dalMakhani, 2: { ...dalMakhani, status: 'Approved' }, 3: dalMakhani },
    });
    renderApp(`/dashboard/audit/requests/${encodeURIComponent(dal)}`);

    expect(await screen.findByRole('heading', { name: "Sam Student's request for Dal Makhani", level: 1 })).toBeInTheDocument();
    const slider = await screen.findByRole('slider', { name: 'Version' });
    expect(slider).toHaveValue('3');
    // Its last change is Boss's recall; the stream's last events are another request's cancellation and a third request.
    const recall = history.find((event) => event.type === 'MealRequestRecalled')!;
    const version = screen.getByLabelText('This version');
    await waitFor(() => expect(version).toHaveTextContent("MealRequestRecalled: took Sam Student's request for Dal Makhani back from Approved to Pending"));
    expect(version).toHaveTextContent('Boss (boss@hostel.test)');
    expect(within(version).getByRole('time')).toHaveAttribute('dateTime', recall.occurredAt);
    const fields = screen.getByLabelText('Its fields at this version');
    expect(within(fields).getByText('Status').nextElementSibling).toHaveTextContent('“Pending”');
    expect(within(fields).getByText('Meal id').nextElementSibling).toHaveTextContent(/^Dal Makhani \(/);
  });

  it('given a cancelled request, when opened, then its state is Cancelled, as its timeline shows', async () => {
    const { events, requests } = threeRequests();
    const history = inLog(events);
    seed({ users: [audrey, boss, sam], signedInAs: audrey.email });
    const salmon = { requestId: requests[1], mealId: history[1]!.data.mealId, status: 'Pending' };
    answerEntity('requests', requests[1], {
      timeline: history.filter((event) => event.subject?.id === requests[1]),
      states: { 1: salmon, 2: { ...salmon, status: 'Cancelled' } },
    });
    renderApp(`/dashboard/audit/requests/${encodeURIComponent(requests[1])}`);

    const fields = await screen.findByLabelText('Its fields at this version');
    expect(within(fields).getByText('Status').nextElementSibling).toHaveTextContent('“Cancelled”');
    expect(screen.getByLabelText('This version')).toHaveTextContent('MealRequestCancelled: cancelled their request for Grilled Salmon');
  });

  it('given a moment picked, when shown, then asks for the state at that moment and moves the slider to the version it was', async () => {
    seed({ users: [audrey, boss, sam], signedInAs: audrey.email });
    const history = inLog(mealHistory(mealId));
    // The moment picked, a second after the first edit, it stood at version 2; in 2001 it did not exist.
    answerMeal(history, (at) => (at.getFullYear() === 2001 ? undefined : 2));
    renderApp(`/dashboard/audit/meals/${mealId}`);
    const user = userEvent.setup();
    const slider = await screen.findByRole('slider', { name: 'Version' });
    await waitFor(() => expect(slider).toHaveValue('5'));
    // A second after the first edit: the meal stood at version 2.
    const moment = new Date(Date.parse(history[1]!.occurredAt) + 1000);
    const local = new Date(moment.getTime() - moment.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);

    fireEvent.input(screen.getByLabelText('State at a moment'), { target: { value: local } });
    await user.click(screen.getByRole('button', { name: 'Show' }));

    await waitFor(() => expect(slider).toHaveValue('2'));
    expect(await screen.findByText(/^Then it stood at version 2, made /)).toBeInTheDocument();
    await waitFor(() => expect(card()).toHaveTextContent('Price $5.50'));
    expect(requests('GET', `/api/audit/meals/${mealId}/state`).map((request) => request.query.get('at'))).toContain(moment.toISOString());

    fireEvent.input(screen.getByLabelText('State at a moment'), { target: { value: '2001-01-01T00:00:00' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('It did not exist yet then.')).toBeInTheDocument();
  });

  it('given two versions compared and each event in between opened, when its state is read again on reconnecting and that fails, then the slider, the card and the comparison stay, that Details still open, with the failure said', async () => {
    // Only the clock is faked: a minute on, what was read is stale (the app keeps reads fresh for one).
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    seed({ users: [audrey, boss, sam], signedInAs: audrey.email });
    answerMeal();
    renderApp(`/dashboard/audit/meals/${mealId}`);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Dal Tadka Deluxe', level: 3 });
    await user.clear(screen.getByLabelText('From version'));
    await user.type(screen.getByLabelText('From version'), '1');
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    const comparison = await screen.findByTestId('comparison');
    const details = within(comparison).getByText('Each event in between').closest('details')!;
    await user.click(within(comparison).getByText('Each event in between'));
    expect(details).toHaveProperty('open', true);

    // Its state read again is refused (a 4xx: not retried).
    server.use(http.get(`/api/audit/meals/${mealId}/state`, () => HttpResponse.json({ message: 'The log is busy' }, { status: 429 })));
    const reads = requests('GET', `/api/audit/meals/${mealId}/state`).length;
    vi.setSystemTime(Date.now() + 61_000);
    // The network drops and comes back: the app reads again what it shows, stale by now.
    act(() => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to read its state again: The log is busy');
    expect(requests('GET', `/api/audit/meals/${mealId}/state`).length).toBeGreaterThan(reads);
    expect(screen.getByRole('slider', { name: 'Version' })).toHaveValue('5');
    expect(card()).toHaveTextContent('Dal Tadka Deluxe');
    expect(screen.getByTestId('comparison')).toBe(comparison);
    expect(comparison).toHaveTextContent('From version 1 to version 5: 4 events.');
    expect(comparison.querySelector('details')).toBe(details);
    expect(details).toHaveProperty('open', true);
  });

  it('given two versions to compare, then tells what differs between them and each event in between', async () => {
    const { versions } = await openMealToCompare();
    await versions('1', '5');

    const comparison = await screen.findByTestId('comparison');
    expect(comparison).toHaveTextContent('From version 1 to version 5: 4 events.');
    // What differs overall first, then each event's own changes.
    expect(within(comparison).getAllByText(/^Title:/)[0]!.parentElement).toHaveTextContent('Title: from “Dal Tadka” → to “Dal Tadka Deluxe”');
    expect(within(comparison).getAllByText(/^Likes:/)[0]!.parentElement).toHaveTextContent('Likes: from 0 → to 1');
    expect(within(comparison).getByText(/^Version 4: Meal liked by Sam Student/)).toBeInTheDocument();
    expect(requests('GET', `/api/audit/meals/${mealId}/diff`).map((request) => `${request.query.get('from')}→${request.query.get('to')}`)).toContain('1→5');
  });

  it('given a comparison on show, when comparing versions that do not exist, then says so and the earlier comparison goes (it is not the one asked for)', async () => {
    const { versions } = await openMealToCompare();
    await versions('1', '5');
    expect(await screen.findByTestId('comparison')).toHaveTextContent('From version 1 to version 5: 4 events.');

    await versions('9', '5');

    expect(await screen.findByText('Versions go from 0 (before the first) to 5.')).toBeInTheDocument();
    expect(screen.queryByTestId('comparison')).not.toBeInTheDocument();
    expect(screen.queryByText(/From version 1 to version 5/)).not.toBeInTheDocument();
  });
});
