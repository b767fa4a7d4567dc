import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { preactJsx } from './build/preact';

/**
 * The `web` test project: the components in happy-dom, talking over `fetch` to the fake API of
 * src/testing/api (msw), on Preact like the build that ships (build/preact.ts).
 */
export default defineProject({
  plugins: [preactJsx()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // ES modules first: a package's CommonJS build `require`s React, past the aliases.
    mainFields: ['module', 'main'],
    conditions: ['module', 'import', 'development|production'],
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.unit.spec.tsx', 'src/**/*.unit.spec.ts'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    // Vitest would load node_modules' packages as Node does, past the aliases: every package goes
    // through Vite instead, so the libraries that import React (and Testing Library) get Preact too.
    server: { deps: { inline: true } },
  },
});
