import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { makeUser, seed } from '@/testing/api/db';
import { requests, server } from '@/testing/api/server';
import { ApiError, createApiClient } from './api-client';
import { createAuthSession } from './auth-session';

const student = makeUser({ name: 'Sam', email: 'sam@example.com' });

async function signedInClient() {
  const session = createAuthSession();
  await session.restore();
  return { session, api: createApiClient(session) };
}

describe('api client', () => {
  it('given an expired access token, when a call answers 401, then refreshes once and retries with the new token', async () => {
    seed({ users: [student], signedInAs: student.email });
    const { session, api } = await signedInClient();
    server.use(http.get('/users/:email', () => HttpResponse.json({ message: 'Token expired' }, { status: 401 }), { once: true }));

    const profile = await api.get<{ name: string }>(`/users/${student.email}`);

    expect(profile.name).toBe('Sam');
    expect(requests('POST', '/api/auth/refresh')).toHaveLength(2);
    expect(session.getState().status).toBe('signed-in');
  });

  it('given the server keeps refusing, when a call answers 401 twice, then signs out', async () => {
    seed({ users: [student], signedInAs: student.email });
    const { session, api } = await signedInClient();
    server.use(http.get('/users/:email', () => HttpResponse.json({ message: 'Revoked' }, { status: 401 })));

    await expect(api.get(`/users/${student.email}`)).rejects.toEqual(new ApiError(401, 'Revoked'));

    expect(requests('POST', '/api/auth/refresh')).toHaveLength(2);
    expect(session.getState().status).toBe('signed-out');
  });

  it('given a write answered with a position, when reading next, then sends it as X-Min-Position', async () => {
    seed({ users: [student], signedInAs: student.email });
    const { api } = await signedInClient();

    await api.get(`/users/${student.email}`);
    await api.post('/users', { name: 'Samuel' });
    await api.get(`/users/${student.email}`);

    const reads = requests('GET', `/users/${student.email}`);
    expect(reads[0]?.headers.get('x-min-position')).toBeNull();
    expect(reads[1]?.headers.get('x-min-position')).toBe('0/1');
  });
});
