import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { applyChanged } from '@/lib/live-updates';
import { makeUser, seed } from '@/testing/api/db';
import { makeMeal, makeWaiting } from '@/testing/fixtures';
import { answer, answerPages, server } from '@/testing/api/server';
import { renderApp } from '@/testing/render-app';

const student = makeUser({ name: 'Sam Student', email: 'sam@example.com', badge: 'Gold' });
const admin = makeUser({ name: 'Ada Admin', email: 'ada@example.com', role: 'admin' });
const refused = () => HttpResponse.json({ message: 'The server is busy' }, { status: 429 });
const alerts = () => screen.getAllByRole('alert').map((alert) => alert.textContent);

describe('the profiles', () => {
  it('given My Profile on show, when the account changes and the read after the push fails, then the profile stays as it was, with the failure said', async () => {
    seed({ users: [student], signedInAs: student.email });
    const { queryClient } = renderApp('/dashboard/userProfile');
    const card = await screen.findByRole('region', { name: 'Sam Student' });
    expect(await screen.findByText('Gold')).toBeInTheDocument();

    // The read after the push is refused (a 4xx: not retried).
    server.use(http.get('/users/:email', refused));
    await act(() => applyChanged(queryClient, { resource: 'user', id: student._id }));

    await waitFor(() => expect(alerts()).toEqual(['Failed to read your profile again: The server is busy']));
    expect(screen.getByRole('region', { name: 'Sam Student' })).toBe(card);
    expect(screen.getByText('Gold')).toBeInTheDocument();
  });

  it("given Admin Profile's numbers on show, when meals and requests change and the reads after the pushes fail, then the numbers stay as they were, with the failures said", async () => {
    seed({ users: [admin], signedInAs: admin.email });
    answerPages('/api/meals', [makeMeal({ title: 'Dal', distributorEmail: admin.email }), makeMeal({ title: 'Rice', distributorEmail: admin.email })]);
    answer('/api/serveQueue/waiting', makeWaiting({ delivered: 3, timed: 3, averageMs: 5 * 60_000, p90Ms: 9 * 60_000 }));
    const { queryClient } = renderApp('/dashboard/adminProfile');
    expect(await screen.findByText('Meals Added: 2')).toBeInTheDocument();
    const waits = "Today's wait: average 5 min 0 s, 90% within 9 min 0 s (3 delivered)";
    expect(await screen.findByText(waits)).toBeInTheDocument();

    // The reads after the pushes are refused (4xx: not retried).
    server.use(http.get('/api/meals', refused), http.get('/api/serveQueue/waiting', refused));
    await act(() => applyChanged(queryClient, { resource: 'meals' }));
    await act(() => applyChanged(queryClient, { resource: 'mealRequests' }));

    await waitFor(() =>
      expect(alerts()).toEqual(['Failed to read the meals added again: The server is busy', 'Failed to read the waiting times again: The server is busy']),
    );
    expect(screen.getByText('Meals Added: 2')).toBeInTheDocument();
    expect(screen.getByText(waits)).toBeInTheDocument();
  });
});
