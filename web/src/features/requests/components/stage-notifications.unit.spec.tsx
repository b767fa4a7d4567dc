import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, seed } from '@/testing/api/db';
import { makeMeal, makeMealRequest, makeWaiting } from '@/testing/fixtures';
import { answer, answerPages } from '@/testing/api/server';
import { mealPageAnswers } from '@/testing/meal-page';
import { renderApp } from '@/testing/render-app';

const student = makeUser({ _id: '00000000-0000-4000-8000-0000000005a0', name: 'Sam Student', email: 'sam@example.com', badge: 'Silver' });
const admin = makeUser({ name: 'Boss', email: 'boss@hostel.test', role: 'admin' });
const biryani = makeMeal({ title: 'Chicken Biryani', category: 'Lunch' });
const dal = makeMeal({ title: 'Lentil Dal' });

/** A stand-in for the browser's Notification: what was shown, and what the user answers when asked. */
function fakeNotifications(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const shown: { title: string; body?: string; tag?: string }[] = [];
  class FakeNotification {
    static permission = permission;
    static requestPermission = vi.fn(() => {
      FakeNotification.permission = answer;
      return Promise.resolve(answer);
    });
    constructor(title: string, options: NotificationOptions = {}) {
      shown.push({ title, body: options.body, tag: options.tag });
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
  return { shown, FakeNotification };
}

describe("A student's request moving on", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is told in a toast wherever they are (prepared, then delivered), and in a browser notification when allowed and the page is not in front', async () => {
    const { shown } = fakeNotifications('granted');
    const inFront = vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    seed({ users: [student], signedInAs: student.email });
    mealPageAnswers(biryani);
    const { liveFeed } = renderApp(`/meal/${biryani._id}`);
    await screen.findByRole('button', { name: 'Account menu' });

    act(() => liveFeed.deliver('stage', { id: 'r.1', mealTitle: 'Chicken Biryani', status: 'Approved', position: '0/3' }));
    expect(await screen.findByText('Your Chicken Biryani is being prepared.')).toBeInTheDocument();

    act(() => liveFeed.deliver('stage', { id: 'r.1', mealTitle: 'Chicken Biryani', status: 'Delivered', position: '0/4' }));
    expect(await screen.findByText('Your Chicken Biryani has been delivered.')).toBeInTheDocument();

    // Taken back to Pending: not news to the student.
    act(() => liveFeed.deliver('stage', { id: 'r.1', mealTitle: 'Chicken Biryani', status: 'Pending', position: '0/5' }));
    expect(shown).toEqual([
      { title: 'Hostel Meals', body: 'Your Chicken Biryani is being prepared.', tag: 'meal-request-r.1' },
      { title: 'Hostel Meals', body: 'Your Chicken Biryani has been delivered.', tag: 'meal-request-r.1' },
    ]);
    // The toast takes no focus: it is a status, not a dialog.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // With the page in front the toast says it; no notification on top of it.
    inFront.mockReturnValue(true);
    act(() => liveFeed.deliver('stage', { id: 'r.2', mealTitle: 'Dal', status: 'Approved', position: '0/6' }));
    expect(await screen.findByText('Your Dal is being prepared.')).toBeInTheDocument();
    expect(shown).toHaveLength(2);
    inFront.mockRestore();
  });

  it('shows no browser notification unless the student allowed them', async () => {
    const { shown } = fakeNotifications('default');
    seed({ users: [student], signedInAs: student.email });
    mealPageAnswers(biryani);
    const { liveFeed } = renderApp(`/meal/${biryani._id}`);
    await screen.findByRole('button', { name: 'Account menu' });

    act(() => liveFeed.deliver('stage', { id: 'r.1', mealTitle: 'Chicken Biryani', status: 'Delivered' }));

    expect(await screen.findByText('Your Chicken Biryani has been delivered.')).toBeInTheDocument();
    expect(shown).toEqual([]);
  });
});

describe('My Requested Meals and the stages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers Cancel until a request is Delivered, never after', async () => {
    seed({ users: [student], signedInAs: student.email });
    answerPages('/api/mealRequests', [makeMealRequest(dal, student, { status: 'Approved' }), makeMealRequest(biryani, student, { status: 'Delivered' })]);
    renderApp('/dashboard/requestedMeals');

    const table = await screen.findByRole('table', { name: 'My requested meals' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByRole('button', { name: 'Cancel request for Lentil Dal' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Cancel request for Chicken Biryani' })).not.toBeInTheDocument();
    expect(within(table).getByText('Not cancellable')).toBeInTheDocument();
  });

  it("shows the meal page's request as Approved, the button resting while the kitchen prepares it", async () => {
    seed({ users: [student], signedInAs: student.email });
    mealPageAnswers(dal, { requests: [makeMealRequest(dal, student, { status: 'Approved' })] });
    renderApp(`/meal/${dal._id}`);

    expect(await screen.findByText('Your request:')).toHaveTextContent('Your request: Approved');
    expect(screen.getByText('Approved').className).toContain('emerald');
    expect(screen.getByRole('button', { name: 'Requested' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('asks for browser notifications only when the student chooses to', async () => {
    const { FakeNotification } = fakeNotifications('default', 'granted');
    seed({ users: [student], signedInAs: student.email });
    answerPages('/api/mealRequests', []);
    renderApp('/dashboard/requestedMeals');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Notify me when my meal is ready' }));

    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(/Browser notifications are on/)).toBeInTheDocument();
  });
});

describe("Admin Profile's kitchen numbers", () => {
  afterEach(() => vi.useRealTimers());

  // The read model's figures, as GET /api/serveQueue/waiting answers them (its SQL computes them).
  it.each([
    {
      given: "today's average and p90 wait from request to Delivered, in minutes and seconds (not a time of day)",
      waiting: { delivered: 3, timed: 3, averageMs: 1_092_000, p90Ms: 1_503_000 },
      says: "Today's wait: average 18 min 12 s, 90% within 25 min 3 s (3 delivered)",
    },
    {
      given: 'which deliveries the waits are over when some were served within seconds of their request (not timed)',
      waiting: { delivered: 3, timed: 2, averageMs: 1_092_000, p90Ms: 1_503_000 },
      says: "Today's wait: average 18 min 12 s, 90% within 25 min 3 s (over 2 of 3 delivered; 1 served within seconds of its request, not timed)",
    },
    { given: 'so before the first delivery of the day', waiting: { delivered: 0, timed: 0 }, says: 'Waiting times: no meals delivered yet today' },
    {
      // The demo's one Delivered request, as Serve Meals counts it ('Delivered today 1'): served by a script, so not timed.
      given: 'a meal was delivered when the only ones delivered were served within seconds of their request (not timed)',
      waiting: { delivered: 1, timed: 0 },
      says: 'Waiting times: 1 meal delivered today, none timed yet (served within seconds of its request)',
    },
  ])('says $given', async ({ waiting, says }) => {
    seed({ users: [admin], signedInAs: admin.email });
    answerPages('/api/meals', []);
    answer('/api/serveQueue/waiting', makeWaiting(waiting));
    renderApp('/dashboard/adminProfile');

    expect(await screen.findByText(says)).toBeInTheDocument();
  });
});
