import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { resetDb } from './api/db';
import { forgetRequests, server } from './api/server';

/** Calls no handler answered: each fails its test (the app may well swallow the network error). */
const unhandled = new Set<string>();

beforeAll(() =>
  server.listen({
    onUnhandledRequest(request, print) {
      unhandled.add(`${request.method} ${request.url}`);
      print.error();
    },
  }),
);

afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetDb();
  forgetRequests();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  const missed = [...unhandled];
  unhandled.clear();
  if (missed.length > 0) throw new Error(`No handler answered: ${missed.join(', ')}`);
});

afterAll(() => server.close());
