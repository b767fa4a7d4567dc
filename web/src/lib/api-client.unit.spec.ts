import { describe, expect, it } from 'vitest';
import { json, makeUser, startFakeServer } from '@/testing/fake-server';
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
    const server = startFakeServer({ users: [student], signedInAs: student.email });
    const { session, api } = await signedInClient();
    let rejected = 0;
    server.override((request) =>
      request.path.startsWith('/users/') && rejected++ === 0 ? json(401, { message: 'Token expired' }) : undefined,
    );

    const profile = await api.get<{ name: string }>(`/users/${student.email}`);

    expect(profile.name).toBe('Sam');
    expect(server.requests('POST', '/api/auth/refresh')).toHaveLength(2);
    expect(session.getState().status).toBe('signed-in');
  });

  it('given the server keeps refusing, when a call answers 401 twice, then signs out', async () => {
    const server = startFakeServer({ users: [student], signedInAs: student.email });
    const { session, api } = await signedInClient();
    server.override((request) => (request.path.startsWith('/users/') ? json(401, { message: 'Revoked' }) : undefined));

    await expect(api.get(`/users/${student.email}`)).rejects.toEqual(new ApiError(401, 'Revoked'));

    expect(server.requests('POST', '/api/auth/refresh')).toHaveLength(2);
    expect(session.getState().status).toBe('signed-out');
  });

  it('given a write answered with a position, when reading next, then sends it as X-Min-Position', async () => {
    const server = startFakeServer({ users: [student], signedInAs: student.email });
    const { api } = await signedInClient();

    await api.get(`/users/${student.email}`);
    await api.post('/users', { name: 'Samuel' });
    await api.get(`/users/${student.email}`);

    const reads = server.requests('GET', `/users/${student.email}`);
    expect(reads[0]?.headers.get('x-min-position')).toBeNull();
    expect(reads[1]?.headers.get('x-min-position')).toBe('0/1');
  });
});
