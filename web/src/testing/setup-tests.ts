import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { resetDb } from './api/db';
import { forgetRequests, server } from './api/server';

// How long a wait (findBy…, waitFor) looks for its condition before it fails. A screen's code is loaded
// when its route is first visited (compiled on demand), and a real one-second tick or a toast's timer may
// come late while the machine is busy with other suites: on a loaded machine a file's first test took
// over 5 s where it takes a fraction alone. A wait still ends as soon as its condition holds. Tests set no
// shorter timeouts of their own.
configure({ asyncUtilTimeout: 10_000 });

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
