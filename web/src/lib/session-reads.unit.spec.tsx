import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, seed } from '@/testing/api/db';
import { makeMeal, makeUpcomingMeal } from '@/testing/fixtures';
import { answer, answerPages, requests, server } from '@/testing/api/server';
import { mealPageAnswers } from '@/testing/meal-page';
import { renderApp } from '@/testing/render-app';

// socket.io's client, stood in for: which pages open a connection at all.
const io = vi.hoisted(() => vi.fn(() => ({ connected: false, on: vi.fn(), off: vi.fn(), emit: vi.fn(), connect: vi.fn(), disconnect: vi.fn() })));
vi.mock('socket.io-client', () => ({ io }));
afterEach(() => io.mockClear());

const student = makeUser({ name: 'Sam Student', email: 'sam@example.com', badge: 'Gold' });
const liked = makeMeal({ title: 'Lentil Dal', likes: 1 });
const upcoming = makeUpcomingMeal({ title: 'Mango Lassi', likes: 1 });
/** Liked by the student: what a read made for them says (a visitor's would not). */
const forTheStudent =
  <T extends object>(item: T) =>
  (request: Request) => ({ ...item, likedByMe: request.headers.has('authorization') });

/** The refresh answers late, as on a slow link: reads that go out before it would be a visitor's. */
function slowRefresh() {
  server.use(
    http.post('/api/auth/refresh', async () => {
      await delay(800);
    }),
  );
}

describe('reads that depend on who is signed in', () => {
  it('given a member who liked a meal, when they reload its page, then it shows Liked (the read waits for the session)', async () => {
    seed({ users: [student], signedInAs: student.email });
    mealPageAnswers(liked);
    answer(`/api/meals/${liked._id}`, forTheStudent(liked));
    slowRefresh();
    renderApp(`/meal/${liked._id}`);

    expect(await screen.findByRole('button', { name: /^Liked/ })).toHaveAttribute('aria-disabled', 'true');
    expect(requests('GET', `/api/meals/${liked._id}`).every((request) => request.headers.get('authorization') !== null)).toBe(true);
  });

  it('given a member who liked an upcoming meal, when they open Upcoming Meals directly, then it shows Liked', async () => {
    seed({ users: [student], signedInAs: student.email });
    server.use(http.get('/api/upcomingMeals', ({ request }) => HttpResponse.json([forTheStudent(upcoming)(request)], { headers: { 'x-total-count': '1' } })));
    slowRefresh();
    renderApp('/UpcomingMeals');

    expect(await screen.findByRole('button', { name: /^Liked/ })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('the session on start', () => {
  it('given a visitor (no session marker cookie), when a page opens, then no refresh call goes out', async () => {
    answerPages('/api/meals', [liked]);
    renderApp('/');

    expect((await screen.findAllByRole('link', { name: 'Join Us' })).length).toBeGreaterThan(0);
    expect(requests('POST', '/api/auth/refresh')).toHaveLength(0);
  });

  it('given a member (the marker cookie set with the refresh cookie), when a page opens, then the session is restored with one refresh', async () => {
    seed({ users: [student], signedInAs: student.email });
    answerPages('/api/meals', []);
    renderApp('/');

    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(requests('POST', '/api/auth/refresh')).toHaveLength(1);
  });
});

describe('live updates', () => {
  it('given a visitor on the home page, then no socket is opened; on All Meals, whose counts are live, one is', async () => {
    answerPages('/api/meals', [liked]);
    renderApp('/', { liveUpdates: true });
    expect(await screen.findByRole('link', { name: 'View Details' })).toBeInTheDocument();
    expect(io).not.toHaveBeenCalled();

    renderApp('/AllMeals', { liveUpdates: true });
    await waitFor(() => expect(io).toHaveBeenCalledTimes(1));
  });
});
