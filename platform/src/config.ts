import { z } from 'zod';

/**
 * Configuration from the environment; the names are fixed (README's table, tests rely on them).
 * Read once at start-up; a bad value stops the service with a message naming the variable.
 */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  EVENT_STORE: z.enum(['postgres', 'kurrentdb']).default('postgres'),
  KURRENTDB_URL: z.string().optional(),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((list) => list.split(',').map((email) => email.trim().toLowerCase()).filter(Boolean)),
  /** The access-token signing key as a private JWK (JSON); generated and kept in the database when absent. */
  JWT_PRIVATE_JWK: z.string().optional(),
  /** Where services that do not issue tokens fetch the issuer's public keys. */
  JWT_JWKS_URL: z.url().optional(),
  /** Origins allowed to call the API and to receive the sign-in popup's answer (comma-separated). */
  APP_ORIGIN: z.string().optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** Stripe mode: real card payments through Stripe; without it, the sandbox provider stands in. */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** Verifies the signature of Stripe's webhook calls (POST /api/webhooks/stripe). */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where Stripe's API answers; only for a proxy, or a local stand-in in tests. Default: Stripe's own host. */
  STRIPE_API_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type Config = z.infer<typeof Env>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Configuration is not valid: ${problems}`);
  }
  return parsed.data;
}
