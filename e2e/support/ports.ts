/** Fixed, unusual ports so the journeys never meet a developer's running `npm start`. */
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 39317);
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 39318);
export const OIDC_CLIENT = { id: 'hostel-e2e', secret: 'e2e-client-secret-not-for-production' } as const;
/** The test's mail server: SMTP in, and an HTTP window where journeys read what arrived. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 39319);
export const MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? 39320);
