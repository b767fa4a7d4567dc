/** Fixed, unusual ports so the journeys never meet a developer's running `npm start`. */
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 39317);
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 39318);
export const OIDC_CLIENT = { id: 'hostel-e2e', secret: 'e2e-client-secret-not-for-production' } as const;
