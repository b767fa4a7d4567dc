import { defineConfig } from 'vitest/config';

/**
 * Projects: `unit` (pure code, no services), `web` (the web app's components), `int` (real
 * PostgreSQL and Redis: beside each package's code, the product over HTTP in api-tests/test, the launcher
 * in embedded/test, the operator's tools in ops/test), and `deploy` (`npm run test:deploy`: the compose deployment on a container
 * engine). Browser journeys are Playwright's (e2e/), never vitest's.
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
          // The machine's, or with DOCKER_HOST set, containers started for the run (testcontainers).
          globalSetup: ['deploy/test/int-services.ts'],
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'deploy',
          include: ['**/*.deploy.spec.ts'],
          exclude: ['**/node_modules/**'],
          // One deployment, its faults one after another: the image builds are in the first hook.
          testTimeout: 300_000,
          hookTimeout: 60 * 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
