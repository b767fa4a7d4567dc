import { ROUTES } from '@hostel/contracts';
import { HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { FAKED_ROUTES } from './routes';
import { server } from './server';

describe("the web tests' fake API", () => {
  it('has a base handler for every route marked faked, and no other: a route marked fixture is answered by each test itself (FAKED_ROUTES is exhaustive over the catalogue, ROUTES)', () => {
    expect(Object.keys(FAKED_ROUTES).sort()).toEqual(Object.keys(ROUTES).sort());
    const handled = server
      .listHandlers()
      .filter((handler) => handler instanceof HttpHandler)
      .map(({ info }) => `${info.method} ${String(info.path)}`)
      .sort();
    const faked = Object.entries(FAKED_ROUTES)
      .filter(([, how]) => how === 'faked')
      .map(([route]) => route)
      .sort();
    expect(handled).toEqual(faked);
  });
});
