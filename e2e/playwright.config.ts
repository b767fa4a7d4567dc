import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { APP_PORT, CLIENT_ORIGIN, MAIL_PORT, OIDC_CLIENT, OIDC_PORT, SMTP_PORT } from './support/ports';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Journeys in Debian's Chromium (never a downloaded browser) against the real product started
 * by `npm start`'s launcher on a fresh DATA_DIR, plus a real OpenID provider for the popup sign-in and
 * a real SMTP server that catches the product's mail (reset and verification links).
 */
export default defineConfig({
  testDir: './journeys',
  testMatch: '**/*.e2e.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  outputDir: join(root, 'test-results'),
  use: {
    baseURL: `http://localhost:${APP_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node --import tsx e2e/support/oidc-provider.ts',
      cwd: root,
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: process.env.E2E_REUSE === '1',
      timeout: 60_000,
    },
    {
      command: 'node --import tsx e2e/support/mail-sink.ts',
      cwd: root,
      url: `http://127.0.0.1:${MAIL_PORT}/health`,
      reuseExistingServer: process.env.E2E_REUSE === '1',
      timeout: 60_000,
    },
    {
      command: 'node --import tsx embedded/src/main.ts',
      cwd: root,
      url: `http://localhost:${APP_PORT}/health`,
      reuseExistingServer: process.env.E2E_REUSE === '1',
      timeout: 180_000,
      // Stopped as an operator stops it: SIGTERM drains and stops its PostgreSQL, which runs in a session of its
      // own (so that a terminal's Ctrl+C reaches it only through the launcher). Playwright's default, SIGKILL,
      // left a PostgreSQL running after every run.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
      stdout: 'pipe',
      env: {
        PORT: String(APP_PORT),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'hostel-e2e-')),
        ADMIN_EMAILS: 'e2e-admin@hostel.test',
        OIDC_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
        OIDC_CLIENT_ID: OIDC_CLIENT.id,
        OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        // Mailed links point at the web app's origin (SMTP_URL requires it be named).
        APP_ORIGIN: `http://localhost:${APP_PORT}`,
        // Another client of the API, on another origin (journeys/second-origin.e2e.spec.ts).
        CORS_ORIGINS: CLIENT_ORIGIN,
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
