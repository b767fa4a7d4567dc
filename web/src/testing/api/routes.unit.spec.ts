import { ROUTES } from '@hostel/contracts';
import { HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from './commands';
import { UNFAKED_WRITES } from './routes';
import { server } from './server';

describe("the web tests' fake API", () => {
  it('has a base handler for every row of COMMANDS, and no other: every other route of the catalogue (ROUTES) is a read or a listed write, which each test answers itself or needs none', () => {
    const faked = Object.keys(COMMANDS).sort();
    const others = Object.keys(ROUTES).filter((route) => !faked.includes(route));
    expect(others.filter((route) => !route.startsWith('GET ')).sort()).toEqual(Object.keys(UNFAKED_WRITES).sort());
    const handled = server
      .listHandlers()
      .filter((handler) => handler instanceof HttpHandler)
      .map(({ info }) => `${info.method} ${String(info.path)}`)
      .sort();
    expect(handled).toEqual(faked);
  });
});
