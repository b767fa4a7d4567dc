import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure code, no services) and `int` (real PostgreSQL and Redis on this
 * machine). Browser journeys are Playwright's (e2e/), never vitest's.
 */
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['**/*.unit.spec.ts'],
          exclude: ['**/node_modules/**', 'e2e/**', 'web/**'],
        },
      },
      './web/vitest.config.ts',
      {
        extends: true,
        test: {
          name: 'int',
          include: ['**/*.int.spec.ts'],
          exclude: ['**/node_modules/**', 'e2e/**'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Integration files share one PostgreSQL and Redis; each uses its own schema / key prefix.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
