import { describe, expect, it } from 'vitest';
import { readModelsGiven, recorded } from '../testing';
import { findUserByEmail, listUsers } from './users-queries';

const registered = (userId: string, name: string, email: string, at: string, role: 'user' | 'admin' = 'user') =>
  recorded('UserRegistered', { userId, name, email, photo: `https://img.example.test/${userId}.png`, role }, at);

// Given: five accounts, two registered in the same second (the id breaks the tie).
const database = readModelsGiven(() => [
  registered('u-3', 'Cy Twombly', 'cy@example.test', '2026-01-03T00:00:00.000Z'),
  registered('u-1', 'Ada Lovelace', 'ada@example.test', '2026-01-01T00:00:00.000Z', 'admin'),
  registered('u-2b', 'Bea Arthur', 'bea@example.test', '2026-01-02T00:00:00.000Z'),
  registered('u-2a', 'Ben 50% Off', 'ben_50@example.test', '2026-01-02T00:00:00.000Z'),
  registered('u-4', 'Dee Dee', 'dee@example.test', '2026-01-04T00:00:00.000Z'),
  recorded('UserBadgeGranted', { userId: 'u-3', badge: 'gold' }),
]);

const names = (page: { items: { name: string }[] }) => page.items.map((user) => user.name);

describe('users queries', () => {
  it("finds one account by its email, in the API's shape", async () => {
    expect(await findUserByEmail(database.db, 'cy@example.test')).toEqual({
      _id: 'u-3',
      name: 'Cy Twombly',
      email: 'cy@example.test',
      photo: 'https://img.example.test/u-3.png',
      badge: 'Gold',
      role: 'user',
    });
    expect((await findUserByEmail(database.db, 'ada@example.test'))?.role).toBe('admin');
    expect(await findUserByEmail(database.db, 'nobody@example.test')).toBeUndefined();
  });

  it('lists everyone in the order they registered (the id breaks ties), with the total', async () => {
    const page = await listUsers(database.db, { skip: 0, limit: 10 });
    expect(names(page)).toEqual(['Ada Lovelace', 'Ben 50% Off', 'Bea Arthur', 'Cy Twombly', 'Dee Dee']);
    expect(page.total).toBe(5);
  });

  it('pages: skip and limit cut the list, the total counts it all', async () => {
    expect(await listUsers(database.db, { skip: 1, limit: 2 }).then(names)).toEqual(['Ben 50% Off', 'Bea Arthur']);
    const last = await listUsers(database.db, { skip: 4, limit: 2 });
    expect(names(last)).toEqual(['Dee Dee']);
    expect(last.total).toBe(5);
    expect(await listUsers(database.db, { skip: 10, limit: 2 })).toEqual({ items: [], total: 5 });
  });

  it('finds by exact email, or by a substring of the name or the email in any case', async () => {
    expect(await listUsers(database.db, { email: 'bea@example.test', skip: 0, limit: 10 }).then(names)).toEqual(['Bea Arthur']);
    expect(await listUsers(database.db, { email: 'bea@example', skip: 0, limit: 10 })).toEqual({ items: [], total: 0 });
    const byName = await listUsers(database.db, { search: 'DEE', skip: 0, limit: 10 });
    expect(names(byName)).toEqual(['Dee Dee']);
    expect(byName.total).toBe(1);
    expect(await listUsers(database.db, { search: 'a@exa', skip: 0, limit: 10 }).then(names)).toEqual(['Ada Lovelace', 'Bea Arthur']);
  });

  it('searches for % and _ as text, not as patterns', async () => {
    expect(await listUsers(database.db, { search: '50%', skip: 0, limit: 10 }).then(names)).toEqual(['Ben 50% Off']);
    expect(await listUsers(database.db, { search: 'n_5', skip: 0, limit: 10 }).then(names)).toEqual(['Ben 50% Off']);
    expect(await listUsers(database.db, { search: '%', skip: 0, limit: 10 }).then(names)).toEqual(['Ben 50% Off']);
    expect(await listUsers(database.db, { search: 'a_a', skip: 0, limit: 10 })).toEqual({ items: [], total: 0 });
  });
});
