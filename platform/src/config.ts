import { isIPv4, isIPv6 } from 'node:net';
import { z } from 'zod';

/**
 * Configuration from the environment; the names are fixed (docs/operations.md's table; tests rely on them).
 * Read once at start-up; a bad value stops the service with a message naming the variable.
 */
/** A URL variable: unset or empty (compose passes an unset variable through as '') means "not configured". */
const optionalUrl = (pattern: RegExp, message: string) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(z.string().regex(pattern, message).optional());

/** A comma-separated list variable's items: each trimmed and made `canonical` (lower case, say), blanks dropped. */
const commaList =
  (canonical = (item: string) => item) =>
  (list: string) =>
    list
      .split(',')
      .map((item) => canonical(item.trim()))
      .filter(Boolean);

/** A comma-separated list of origins (scheme, host and port; a trailing slash is forgiven). */
const origins = z
  .string()
  .default('')
  .transform(commaList((origin) => origin.replace(/\/$/, '')))
  .pipe(z.array(z.string().regex(/^https?:\/\/[^/\s]+$/, 'each origin must look like https://meals.example.edu (scheme and host, no path)')));

/** An IPv4 netmask written as an address (255.255.0.0): its prefix length, or undefined when it is no mask. */
function maskLength(mask: string): number | undefined {
  if (!isIPv4(mask)) return undefined;
  const bits = mask
    .split('.')
    .map((octet) => Number(octet).toString(2).padStart(8, '0'))
    .join('');
  if (!/^1*0*$/.test(bits)) return undefined;
  return bits.replace(/0+$/, '').length;
}

/**
 * One trusted proxy: an IPv4 or IPv6 address, or a range of them (CIDR prefix, or an IPv4 netmask), as
 * Fastify's proxy-addr takes it. A range holding every address (0.0.0.0/0, ::/0) is `true` by another
 * name and refused with it.
 */
function isProxyRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIPv4(address) ? 4 : isIPv6(address) ? 6 : 0;
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const length = /^\d{1,3}$/.test(prefix) ? Number(prefix) : family === 4 ? maskLength(prefix) : undefined;
  return length !== undefined && length >= 1 && length <= (family === 4 ? 32 : 128);
}

const TRUST_PROXY_REFUSED =
  'must be a hop count (such as 1), comma-separated proxy addresses or CIDR ranges (10.0.0.0/8, fd00::/8), or false; "true" is refused, as is a range of every address (0.0.0.0/0, ::/0): any client could then choose its address';

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\/\S+$/, 'must be a PostgreSQL URL such as postgres://user:password@host:5432/hostel'),
  REDIS_URL: optionalUrl(/^rediss?:\/\/\S+$/, 'must be a Redis URL such as redis://host:6379'),
  EVENT_STORE: z.enum(['postgres', 'kurrentdb'], { error: 'must be postgres or kurrentdb' }).default('postgres'),
  KURRENTDB_URL: optionalUrl(
    /^(kurrentdb|kdb|esdb|kurrent)(\+discover)?:\/\/\S+$/,
    'must be a KurrentDB connection string such as kurrentdb://host:2113?tls=false',
  ),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform(commaList((email) => email.toLowerCase())),
  /** The access-token signing key as a private JWK (JSON); generated and kept in the database when absent. */
  JWT_PRIVATE_JWK: z
    .string()
    .refine(isPrivateJwk, 'must be a private JWK as JSON, with its kid (e.g. {"kty":"EC","crv":"P-256","kid":"…","d":"…",…})')
    .optional(),
  /**
   * The key audit digests, ledger checkpoints and export links are signed with: a private Ed25519 JWK
   * (JSON, with its kid), the same for every read-api. Kept out of the database it vouches for; the
   * embedded product keeps its own in a file beside its data.
   */
  AUDIT_SIGNING_KEY: z
    .string()
    .refine(isEd25519PrivateJwk, 'must be a private Ed25519 JWK as JSON, with its kid (e.g. {"kty":"OKP","crv":"Ed25519","kid":"…","x":"…","d":"…"})')
    .optional(),
  /**
   * Where services that do not issue tokens fetch the issuer's public keys: one URL, or several
   * (comma-separated; every command-api instance serves the same keys), tried in order, so losing one
   * instance does not stop the others' tokens being checked.
   */
  JWT_JWKS_URL: z
    .string()
    .transform(commaList())
    .pipe(z.array(z.url('each URL must look like http://command-api-1:3000/api/auth/jwks')).min(1, 'name at least one URL'))
    .optional(),
  /** Origins allowed to call the API and to receive the sign-in popup's answer (comma-separated). */
  APP_ORIGIN: origins,
  /**
   * Other origins whose clients call the API with bearer tokens (comma-separated), such as the spec's
   * own React client served elsewhere: CORS lets them use every method; no cookie is shared with them.
   */
  CORS_ORIGINS: origins,
  /**
   * Image hosts whose `https` URLs a meal's or an upcoming meal's image may be (comma-separated host
   * names, e.g. res.cloudinary.com), as a client that uploads pictures elsewhere sends them; empty by
   * default: only our own uploads. The pages' CSP (img-src) allows exactly these hosts besides our own.
   */
  IMAGE_URL_HOSTS: z
    .string()
    .default('')
    .transform(commaList((host) => host.toLowerCase()))
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/,
            'each entry must be a host name such as images.example.com (no scheme, port or path)',
          ),
      ),
    ),
  /**
   * A Firebase project whose ID tokens are taken as bearer tokens (the spec's own client sends them):
   * checked against Google's keys, issuer and audience the project; linked to the account of their
   * email once Firebase has verified it.
   */
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{2,38}[a-z0-9]$/, 'must be a Firebase project id such as hostel-meals-1a2b3')
    .optional(),
  /** Where Firebase's signing keys are fetched (a JWK set); Google's by default. Tests serve their own. */
  FIREBASE_JWKS_URL: z.url().optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** Stripe mode: real card payments through Stripe; without it, the sandbox provider stands in. */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** Verifies the signature of Stripe's webhook calls (POST /api/webhooks/stripe). */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where Stripe's API answers; only for a proxy, or a local stand-in in tests. Default: Stripe's own host. */
  STRIPE_API_URL: z.url().optional(),
  /** Mail (verification and password reset links) over SMTP, e.g. smtps://user:password@mail.example.com; unset: printed to standard output. */
  SMTP_URL: z
    .string()
    .regex(/^(smtps?:\/\/.+)?$/, 'must start with smtp:// or smtps://')
    .optional(),
  /** The From of that mail (empty: the default, as for an unset variable passed through by compose). */
  MAIL_FROM: z
    .string()
    .optional()
    .transform((from) => from || 'Hostel Meals <no-reply@hostel-meals.invalid>'),
  /** `off` raises every rate limit beyond reach: for load tests and benchmarks only, never in production. */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /**
   * Live sockets without a token (visitors) open at once from one address; past it a connection is
   * refused with a message saying so. Signed-in sockets are not counted. `RATE_LIMITS=off` lifts it.
   */
  VISITOR_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).default(200),
  /**
   * Which proxies in front of the service to believe about the client (X-Forwarded-For, -Proto,
   * -Host): a hop count (`1`: the gateway right in front) or comma-separated addresses and CIDR
   * ranges. Unset, `false` or `0`: none, the peer's address is the client's. Never "all" (`true`):
   * then any client could choose its own address (and slip past every per-address rate limit).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value) => (value === undefined || ['', 'false', '0'].includes(value.trim().toLowerCase()) ? undefined : value.trim()))
    .pipe(
      z
        .union(
          [
            z
              .string()
              .regex(/^\d{1,2}$/)
              .transform(Number),
            z
              .string()
              .transform((list) => list.split(',').map((address) => address.trim()))
              .refine((list) => list.every(isProxyRange), { error: TRUST_PROXY_REFUSED }),
          ],
          { error: TRUST_PROXY_REFUSED },
        )
        .optional(),
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type Config = z.infer<typeof Env>;

/** Settings that only make sense together. */
const Consistent = Env.superRefine((config, context) => {
  // A link in real mail built from a request's Host header could point anywhere (and carry its token there).
  if (config.SMTP_URL && config.APP_ORIGIN.length === 0)
    context.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'needs APP_ORIGIN, the web app origin that mailed links point at' });
});

function isEd25519PrivateJwk(text: string): boolean {
  if (!isPrivateJwk(text)) return false;
  const jwk = JSON.parse(text) as Record<string, unknown>;
  return jwk.kty === 'OKP' && jwk.crv === 'Ed25519';
}

function isPrivateJwk(text: string): boolean {
  try {
    const jwk = JSON.parse(text) as Record<string, unknown>;
    return typeof jwk === 'object' && jwk !== null && typeof jwk.kty === 'string' && typeof jwk.kid === 'string' && typeof jwk.d === 'string';
  } catch {
    return false;
  }
}

/**
 * The variables that are set: an empty one is unset. Compose passes each `${NAME:-}` of its file
 * through as '' when the operator left it out (OIDC_ISSUER, LOG_LEVEL, STRIPE_SECRET_KEY…).
 */
function setVariables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Consistent.safeParse(setVariables(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Configuration is not valid: ${problems}`);
  }
  return parsed.data;
}

/** What a service needs besides the defaults, said the way its one line at start says it. */
const NEEDED: Partial<Record<keyof Config, string>> = {
  DATABASE_URL: 'the PostgreSQL of the read models and the command side, e.g. postgres://user:password@host:5432/hostel',
  JWT_JWKS_URL:
    "where the issuer's public keys are, command-api's /api/auth/jwks, one URL or several comma-separated, e.g. http://command-api-1:3000/api/auth/jwks,http://command-api-2:3000/api/auth/jwks",
  KURRENTDB_URL: 'EVENT_STORE=kurrentdb reads and writes events there, e.g. kurrentdb://kurrentdb:2113?tls=false',
  APP_ORIGIN: "where the web app is served, e.g. https://meals.example.edu: mailed links point there, never at a request's Host",
  AUDIT_SIGNING_KEY: 'the private Ed25519 JWK audit digests are signed with, the same for every read-api (deploy/env.example says how to make one)',
};

/** A configuration a service refuses to start with; its message names the variable. */
export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';
}

/**
 * A service's configuration (command-api, read-api, projector, the admin tool): the environment as
 * `readConfig` reads it, with the variables `needs` names set, and KURRENTDB_URL with
 * EVENT_STORE=kurrentdb. Throws a ConfigurationError whose message names the first variable at fault.
 */
export function readServiceConfig(needs: readonly (keyof Config)[], env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Consistent.safeParse(setVariables(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'configuration');
    const value = env[name];
    // A secret's value is never echoed; other values are, cut short, so the operator sees what was read.
    const shown = value === undefined || /JWK|SECRET|PASSWORD|SIGNING_KEY|SMTP_URL/.test(name) ? '' : ` (read ${JSON.stringify(value.slice(0, 60))})`;
    throw new ConfigurationError(`${name} ${issue.message}${shown}`);
  }
  const config = parsed.data;
  const unset = (value: unknown) => !value || (Array.isArray(value) && value.length === 0);
  const missing = [...needs, ...(config.EVENT_STORE === 'kurrentdb' ? (['KURRENTDB_URL'] as const) : [])].find((name) => unset(config[name]));
  if (missing) throw new ConfigurationError(`${missing} must be set: ${NEEDED[missing] ?? 'see docs/operations.md'}`);
  return config;
}

/**
 * Reads a service's configuration, or stops the process with one line on standard error naming
 * the variable (exit code 78, EX_CONFIG: a restart will not help).
 */
export function serviceConfigOrExit(service: string, needs: readonly (keyof Config)[], env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return readServiceConfig(needs, env);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    process.stderr.write(`${service}: configuration: ${error.message}\n`);
    process.exit(78);
  }
}
