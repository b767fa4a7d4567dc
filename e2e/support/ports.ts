/**
 * Fixed, unusual ports so the journeys never meet a developer's running `npm start`, and below Linux's
 * ephemeral range (32768–60999): a port in it can be held at that moment by any outgoing connection
 * (a PostgreSQL or Redis client of the suites), and the journeys' servers then fail with EADDRINUSE.
 */
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 29317);
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 29318);
export const OIDC_CLIENT = { id: 'hostel-e2e', secret: 'e2e-client-secret-not-for-production' } as const;
/** The test's mail server: SMTP in, and an HTTP window where journeys read what arrived. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 29319);
export const MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? 29320);
/** A second origin: a page of another client of the API (CORS_ORIGINS) is served there. */
export const CLIENT_PORT = Number(process.env.E2E_CLIENT_PORT ?? 29321);
export const CLIENT_ORIGIN = `http://127.0.0.1:${CLIENT_PORT}`;
