import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, makeMeal, makeUser, startFakeServer } from '@/testing/fake-server';
import { renderApp } from '@/testing/render-app';

const student = makeUser({ name: 'Sam Student', email: 'sam@example.com' });
const admin = makeUser({ name: 'Ada Admin', email: 'ada@example.com', role: 'admin' });

describe('route guards', () => {
  it('given a signed-out visitor, when opening a dashboard page, then waits for the restore and sends them to /SignUp', async () => {
    const server = startFakeServer({ users: [student] });
    let answerRefresh = (_: Response) => {};
    server.override((request) =>
      request.path === '/api/auth/refresh' ? new Promise<Response>((resolve) => (answerRefresh = resolve)) : undefined,
    );
    const { router } = renderApp('/dashboard/userProfile');

    // While the refresh cookie is being tried, nobody is sent away.
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/userProfile');

    answerRefresh(json(401, { message: 'Not signed in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/SignUp'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('given a restorable session, when reloading a dashboard page, then stays on it', async () => {
    startFakeServer({ users: [student], signedInAs: student.email });
    const { router } = renderApp('/dashboard/userProfile');

    expect(await screen.findByRole('heading', { name: 'My Profile', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/userProfile');
  });

  it('given a student, when opening an admin page, then sends them to their profile', async () => {
    startFakeServer({ users: [student], signedInAs: student.email });
    const { router } = renderApp('/dashboard/manageUsers');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/userProfile'));
    expect(await screen.findByRole('heading', { name: 'My Profile', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage Users' })).not.toBeInTheDocument();
  });

  it('given an admin, when opening an admin page, then shows it with the admin sidebar', async () => {
    startFakeServer({ users: [admin], signedInAs: admin.email });
    const { router } = renderApp('/dashboard/manageUsers');

    expect(await screen.findByRole('heading', { name: 'Manage Users', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/manageUsers');
    for (const name of ['Admin Profile', 'Manage Users', 'Add Meal', 'All Meals', 'All Reviews', 'Serve Meals', 'Upcoming Meals']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
  });

  it('given the lower-case /signup, when opened, then lands on /SignUp', async () => {
    startFakeServer();
    const { router } = renderApp('/signup');

    await waitFor(() => expect(router.state.location.pathname).toBe('/SignUp'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });
});

describe('dashboard role redirect', () => {
  it('given an admin, when opening /dashboard, then replaces it with the admin profile', async () => {
    startFakeServer({ users: [admin], signedInAs: admin.email, meals: [makeMeal({ title: 'Dal', distributorEmail: admin.email }), makeMeal({ title: 'Rice', distributorEmail: admin.email }), makeMeal({ title: 'Soup' })] });
    const { router } = renderApp('/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/adminProfile'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('Meals Added: 2')).toBeInTheDocument();
  });

  it('given a student, when opening /dashboard, then replaces it with My Profile', async () => {
    startFakeServer({ users: [{ ...student, badge: 'gold' }], signedInAs: student.email });
    const { router } = renderApp('/dashboard');

    expect(await screen.findByText('Loading dashboard...')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/userProfile'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('gold')).toBeInTheDocument();
  });

  it('given the role lookup fails, when opening /dashboard, then says why', async () => {
    const server = startFakeServer({ users: [student], signedInAs: student.email });
    server.override((request) => (request.path === '/api/users' ? json(403, { message: 'Forbidden' }) : undefined));
    renderApp('/dashboard');

    expect(await screen.findByText('Error loading user role: Forbidden')).toBeInTheDocument();
  });

  it('given a student promoted since sign-in, when opening /dashboard, then refreshes the token and lands on the admin profile', async () => {
    const server = startFakeServer({ users: [{ ...student }], signedInAs: student.email });
    const { router } = renderApp('/dashboard/userProfile');
    expect(await screen.findByRole('link', { name: 'My Profile' })).toBeInTheDocument();

    server.state.users[0]!.role = 'admin';
    await router.navigate('/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/adminProfile'));
    expect(await screen.findByRole('link', { name: 'Manage Users' })).toBeInTheDocument();
  });
});
