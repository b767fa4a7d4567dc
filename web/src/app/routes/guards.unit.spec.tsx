import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { AuditPage } from '@hostel/contracts';
import { db, makeUser, seed } from '@/testing/api/db';
import { answerUsers, makeMeal, makeWaiting } from '@/testing/fixtures';
import { answer, answerPages, server } from '@/testing/api/server';
import { renderApp } from '@/testing/render-app';

const student = makeUser({ name: 'Sam Student', email: 'sam@example.com' });
const admin = makeUser({ name: 'Ada Admin', email: 'ada@example.com', role: 'admin' });
const auditor = makeUser({ name: 'Audrey Auditor', email: 'audrey@example.com', role: 'auditor' });
const sidebarLinks = () =>
  within(screen.getByRole('navigation', { name: 'Dashboard' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('route guards', () => {
  it('given a signed-out visitor, when opening a dashboard page, then waits for the restore and sends them to /SignUp', async () => {
    seed({ users: [student] });
    let answerRefresh = (_: Response) => {};
    server.use(http.post('/api/auth/refresh', () => new Promise<Response>((resolve) => (answerRefresh = resolve))));
    const { router } = renderApp('/dashboard/userProfile');

    // While the refresh cookie is being tried, nobody is sent away.
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/userProfile');

    answerRefresh(HttpResponse.json({ message: 'Not signed in' }, { status: 401 }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/SignUp'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it.each([
    { given: 'a restorable session', when: 'reloading a dashboard page', who: student, path: '/dashboard/userProfile', heading: 'My Profile' },
    { given: 'an admin', when: 'opening the audit', who: admin, path: '/dashboard/audit', heading: 'Audit Log' },
  ])('given $given, when $when, then shows it', async ({ who, path, heading }) => {
    seed({ users: [who], signedInAs: who.email });
    server.use(http.get('/api/audit/events', () => HttpResponse.json({ events: [] } satisfies AuditPage)));
    const { router } = renderApp(path);

    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('given a student, when opening an admin page, then sends them to their profile', async () => {
    seed({ users: [student], signedInAs: student.email });
    const { router } = renderApp('/dashboard/manageUsers');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/userProfile'));
    expect(await screen.findByRole('heading', { name: 'My Profile', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage Users' })).not.toBeInTheDocument();
  });

  it('given an admin, when opening an admin page, then shows it with the admin sidebar', async () => {
    seed({ users: [admin], signedInAs: admin.email });
    answerUsers();
    const { router } = renderApp('/dashboard/manageUsers');

    expect(await screen.findByRole('heading', { name: 'Manage Users', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/manageUsers');
    for (const name of ['Admin Profile', 'Manage Users', 'Add Meal', 'All Meals', 'All Reviews', 'Serve Meals', 'Upcoming Meals', 'Audit']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
  });

  it('given a student, when opening an audit page, then sends them to their profile', async () => {
    seed({ users: [student], signedInAs: student.email });
    const { router } = renderApp('/dashboard/audit/integrity');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/userProfile'));
    expect(screen.queryByRole('link', { name: 'Audit' })).not.toBeInTheDocument();
  });

  it('given an auditor, when opening an admin page, then sends them to their profile, with their sidebar: My Profile and Audit', async () => {
    seed({ users: [auditor], signedInAs: auditor.email });
    const { router } = renderApp('/dashboard/manageUsers');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/userProfile'));
    expect(await screen.findByRole('heading', { name: 'My Profile', level: 1 })).toBeInTheDocument();
    expect(sidebarLinks()).toEqual(['My Profile', 'Audit']);
  });

  it('given a visitor, when opening an audit page, then sends them to sign in', async () => {
    const { router } = renderApp('/dashboard/audit');

    await waitFor(() => expect(router.state.location.pathname).toBe('/SignUp'));
  });

  it('given the lower-case /signup, when opened, then lands on /SignUp', async () => {
    const { router } = renderApp('/signup');

    await waitFor(() => expect(router.state.location.pathname).toBe('/SignUp'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });
});

describe('dashboard role redirect', () => {
  it('given an admin, when opening /dashboard, then replaces it with the admin profile', async () => {
    seed({ users: [admin], signedInAs: admin.email });
    // The catalogue's meals by this admin (distributorEmail): two, as the read model counts them.
    const theirs = [makeMeal({ title: 'Dal', distributorEmail: admin.email }), makeMeal({ title: 'Rice', distributorEmail: admin.email })];
    answerPages('/api/meals', (query) => (query.get('distributorEmail') === admin.email ? theirs : [...theirs, makeMeal({ title: 'Soup' })]));
    answer('/api/serveQueue/waiting', makeWaiting());
    const { router } = renderApp('/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/adminProfile'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('Meals Added: 2')).toBeInTheDocument();
  });

  it('given a student, when opening /dashboard, then replaces it with My Profile', async () => {
    seed({ users: [{ ...student, badge: 'Gold' }], signedInAs: student.email });
    const { router } = renderApp('/dashboard');

    expect(await screen.findByText('Loading dashboard...')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/userProfile'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('Gold')).toBeInTheDocument();
  });

  it('given an auditor, when opening /dashboard, then replaces it with the audit trail', async () => {
    seed({ users: [auditor], signedInAs: auditor.email });
    server.use(http.get('/api/audit/events', () => HttpResponse.json({ events: [] } satisfies AuditPage)));
    const { router } = renderApp('/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/audit'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { name: 'Audit Log', level: 1 })).toBeInTheDocument();
    expect(sidebarLinks()).toEqual(['My Profile', 'Audit']);
  });

  it('given the role lookup fails, when opening /dashboard, then says why', async () => {
    seed({ users: [student], signedInAs: student.email });
    server.use(http.get('/api/users', () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })));
    renderApp('/dashboard');

    expect(await screen.findByText('Error loading user role: Forbidden')).toBeInTheDocument();
  });

  it('given a student promoted since sign-in, when opening /dashboard, then refreshes the token and lands on the admin profile', async () => {
    seed({ users: [student], signedInAs: student.email });
    const { router } = renderApp('/dashboard/userProfile');
    expect(await screen.findByRole('link', { name: 'My Profile' })).toBeInTheDocument();

    db.users[0]!.role = 'admin';
    answer('/api/serveQueue/waiting', makeWaiting());
    answerPages('/api/meals', []);
    await router.navigate('/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/adminProfile'));
    expect(await screen.findByRole('link', { name: 'Manage Users' })).toBeInTheDocument();
  });
});
