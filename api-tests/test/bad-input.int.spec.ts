import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct } from '@hostel/embedded/testing';

/**
 * Bad input never reaches a decider: every write route answers 4xx with a message (never 5xx)
 * for malformed, mistyped, hostile or oversized bodies, and the event log does not grow.
 */
const hostileBodies: { label: string; payload: string; contentType?: string }[] = [
  { label: 'an array', payload: '[]' },
  { label: 'a number', payload: '42' },
  { label: 'a string', payload: '"hello"' },
  { label: 'null', payload: 'null' },
  { label: 'wrong types', payload: JSON.stringify({ name: 5, email: ['a'], password: { $ne: 1 }, photo: 7 }) },
  { label: 'prototype pollution', payload: '{"__proto__": {"role": "admin"}, "name": "x"}' },
  { label: 'truncated JSON', payload: '{"name": "x", ' },
  { label: 'plain text', payload: 'name=x', contentType: 'text/plain' },
  { label: 'an oversized body', payload: JSON.stringify({ name: 'x'.repeat(400_000) }) },
];

let product: Awaited<ReturnType<typeof startProduct>>;
let adminToken: string;
let userId: string;
beforeAll(async () => {
  product = await startProduct();
  adminToken = (await product.registerVerified('Boss', 'boss@hostel.test')).token;
  userId = (await product.register('Target', 'target@example.com')).user._id;
});
afterAll(async () => product?.stop());

describe('bad input', () => {
  it('gets 4xx with a message from every write route, and appends no event', async () => {
    const writes = product.services.routes.filter((route) => !['GET', 'HEAD'].includes(route.method) && route.url !== '/api/auth/logout');
    expect(writes.length).toBeGreaterThan(4);
    const before = await product.eventCount();
    for (const route of writes) {
      const url = route.url.replace(':id', userId);
      for (const body of hostileBodies) {
        const response = await product.call(route.method, url, {
          token: adminToken,
          payload: body.payload,
          headers: { 'content-type': body.contentType ?? 'application/json' },
        });
        const context = `${route.method} ${route.url} with ${body.label}: ${response.statusCode} ${response.body.slice(0, 200)}`;
        // PATCH /users/admin/:id takes no body and ignores a parseable one: it may promote (one event, counted below).
        if (route.url === '/users/admin/:id' && response.statusCode === 200) continue;
        expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, context).toBeLessThan(500);
        expect(typeof response.json().message, context).toBe('string');
      }
    }
    // Only the promotion route may have acted (once), on a valid id; nothing else was appended.
    expect(await product.eventCount()).toBeLessThanOrEqual(before + 1);
  });

  it('gets 400 with a message for a newsletter sign-up without a real address, or a link token that is not one, and appends nothing', async () => {
    const before = await product.eventCount();
    for (const [email, message] of [
      [undefined, 'Email is required'],
      ['   ', 'Email is required'],
      ['not-an-email', 'Please enter a valid email address'],
      [`${'x'.repeat(250)}@example.com`, 'Email is too long'],
      [42, 'Email is required'],
      ['nul\u0000@example.com', undefined],
    ] as const) {
      const response = await product.call('POST', '/api/newsletter', { body: { email } });
      expect(response.statusCode, String(email)).toBe(400);
      if (message) expect(response.json().message, String(email)).toBe(message);
      else expect(typeof response.json().message).toBe('string');
    }
    for (const url of ['/api/newsletter/confirm', '/api/newsletter/unsubscribe'])
      for (const token of [undefined, '', 'x', `${'0'.repeat(36)}.${'a'.repeat(43)}`, 7]) {
        const response = await product.call('POST', url, { body: { token } });
        expect([response.statusCode, response.json().message], `${url} ${String(token)}`).toEqual([400, 'This link is not valid. Please sign up again.']);
      }
    expect(await product.eventCount()).toBe(before);
  });

  it('gets 4xx with a message for malformed queries and ids', async () => {
    const cases = [
      '/users?skip=-1',
      '/users?limit=abc',
      '/users?limit=100000',
      `/users?search=${'x'.repeat(500)}`,
      '/api/media/not-a-uuid',
      '/users/admin/not-a-uuid',
      '/api/meals?priceMin=abc',
      '/api/meals?limit=1000',
      '/api/meals?skip=-9',
      '/api/meals?category=Snacks',
      '/api/meals?sort=title',
      `/api/meals?search=${'x'.repeat(500)}`,
      '/api/meals/not-a-uuid',
      '/api/reviews/not-a-uuid',
      '/api/reviews?limit=0',
    ];
    for (const url of cases) {
      const method = url.startsWith('/users/admin') ? 'PATCH' : 'GET';
      const response = await product.call(method, url, { token: adminToken });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(typeof response.json().message).toBe('string');
    }
  });
});
