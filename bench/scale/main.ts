/**
 * `npm run bench:scale`: the read-meals and live-likes measurements against the product as
 * `npm start` runs it (one process) and against the distributed topology (2 command-api, 2 read-api,
 * 1 projector as separate processes from their built JavaScript, Redis for the fan-out and jobs), in
 * the same run on the same machine, printed side by side. Each deployment gets a fresh database of
 * the machine's PostgreSQL with BENCH_MEALS meals in its log.
 *
 * - reads: GET /api/meals (search, category, price band, page) at full speed for BENCH_SECONDS with
 *   BENCH_CONNECTIONS connections (split across the read-api instances): requests/s, p50 / p99;
 * - live likes: BENCH_CLIENTS sockets watch the upcoming room (split across the read-api instances)
 *   while members like at BENCH_RATE/s for BENCH_SECONDS (round-robin across command-api instances),
 *   spread over the meals as bench:campus spreads them (likeOf):
 *   the like's HTTP answer p50 / p99 and like → push received p50 / p99 per client.
 *
 * All processes share this machine's cores: the topology pays for its extra processes and hops here;
 * on separate machines it would add capacity instead. Run it alone (flock /tmp/hostel-heavy.lock).
 */
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { parsePosition } from '@hostel/eventstore';
import { createPostgresEventStore, migrateEventStore } from '@hostel/eventstore/postgres';
import { createPool } from '@hostel/platform/db';
import { freePort } from '@hostel/platform/net';
import { createFreshDatabase } from '@hostel/platform/testing';
import { generateSigningJwk } from '@hostel/platform/tokens';
import { buildServices } from '@hostel/deploy/build-services';
import { root, startRedis, startService, stop, until } from '@hostel/deploy/topology';
import type { ServiceProcess } from '@hostel/deploy/topology';
import { likeOf, mealsToLike } from '../live-likes/liked-meals';
import { likeAtSteadyRate, pushLatencies, watchUpcoming } from '../live-likes/pushes';
import { productApi } from '../product-api';
import { QUERIES } from '../read-meals/queries';
import { startServerProcess } from '../server-process';
import { appendMeals } from '../read-meals/seed';

const MEALS = Number(process.env.BENCH_MEALS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const LIKES = RATE * SECONDS;

interface Deployment {
  name: string;
  commandBases: string[];
  readBases: string[];
  databaseUrl: string;
  close(): Promise<void>;
}

interface Figures {
  readsPerSecond: number;
  readP50: number;
  readP99: number;
  likesPerSecond: number;
  likeP50: number;
  likeP99: number;
  pushP50: number;
  pushP99: number;
  pushesMissed: number;
  readErrors: number;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

async function seed(): Promise<{ url: string; drop(): Promise<void> }> {
  const database = await createFreshDatabase('bench_scale');
  const pool = createPool(database.url, 30);
  await migrateEventStore(pool);
  const store = createPostgresEventStore({ pool });
  await appendMeals(store, MEALS);
  await store.close();
  await pool.end();
  return database;
}

async function embedded(): Promise<Deployment> {
  const database = await seed();
  const server = await startServerProcess(join(root, 'bench/product-server.ts'), [database.url]);
  const base = `http://127.0.0.1:${server.port}`;
  return {
    name: 'embedded (1 process)',
    commandBases: [base],
    readBases: [base],
    databaseUrl: database.url,
    close: async () => {
      await server.stop();
      await database.drop();
    },
  };
}

async function topology(): Promise<Deployment> {
  await buildServices();
  const database = await seed();
  const redis = await startRedis();
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    EVENT_STORE: 'postgres',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    JWT_PRIVATE_JWK: JSON.stringify(await generateSigningJwk()),
    APP_ORIGIN: 'http://localhost:8080',
    AUDIT_SIGNING_KEY: JSON.stringify({ ...generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }), kid: 'bench-scale' }),
  };
  const processes: ServiceProcess[] = [];
  const start = async (service: ServiceProcess['service'], name: string, extra: Record<string, string> = {}) => {
    const child = await startService(service, { name, env: { ...env, ...extra }, port: await freePort(), readyTimeoutMs: 300_000 });
    processes.push(child);
    return child;
  };
  const projector = await start('projector', 'projector');
  const command1 = await start('command-api', 'command-api #1');
  const command2 = await start('command-api', 'command-api #2');
  const jwks = { JWT_JWKS_URL: `${command1.url}/api/auth/jwks` };
  const [read1, read2] = await Promise.all([start('read-api', 'read-api #1', jwks), start('read-api', 'read-api #2', jwks)]);
  void projector;
  return {
    name: 'topology (2 command-api, 2 read-api, projector)',
    commandBases: [command1.url, command2.url],
    readBases: [read1.url, read2.url],
    databaseUrl: database.url,
    close: async () => {
      await Promise.all(processes.map((child) => stop(child)));
      await redis.remove();
      await database.drop();
    },
  };
}

async function call(base: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(base + path, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return { body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

async function measure(deployment: Deployment): Promise<Figures> {
  const [command] = deployment.commandBases as [string];
  // The read models have caught up with the seeded meals.
  await until(
    'the seeded meals to be listed',
    async () => {
      const answer = await call(deployment.readBases[0]!, 'GET', '/api/meals?limit=1');
      return Number(answer.headers.get('x-total-count')) >= MEALS ? true : undefined;
    },
    600_000,
    500,
  );

  // Reads: the connections split across the read instances, all at once.
  const runs = await Promise.all(
    deployment.readBases.map(
      (base) =>
        autocannon({
          url: base,
          connections: Math.ceil(CONNECTIONS / deployment.readBases.length),
          duration: SECONDS,
          requests: QUERIES.map((path) => ({ method: 'GET' as const, path })),
        }) as Promise<autocannon.Result>,
    ),
  );
  const readsPerSecond = runs.reduce((sum, run) => sum + run.requests.average, 0);
  const weighted = (pick: (run: autocannon.Result) => number) =>
    runs.reduce((sum, run) => sum + pick(run) * run.requests.total, 0) / runs.reduce((sum, run) => sum + run.requests.total, 0);

  // Live likes: an admin (the operator's grant), upcoming meals, Silver members, watching clients.
  await call(command, 'POST', '/api/auth/register', undefined, { name: 'bench-admin', email: 'bench-admin@hostel.test', password: 'bench-pass-1' });
  // The operator's tool from source (as bench:campus runs it): the embedded run comes before any build.
  await promisify(execFile)(process.execPath, ['--import', 'tsx', join(root, 'ops/src/main.ts'), 'admin', 'grant', 'bench-admin@hostel.test'], {
    cwd: root,
    env: { PATH: process.env.PATH, DATABASE_URL: deployment.databaseUrl },
  });
  const admin = (await call(command, 'POST', '/api/auth/login', undefined, { email: 'bench-admin@hostel.test', password: 'bench-pass-1' })).body
    .token as string;
  const { meals, members } = await mealsToLike(productApi(command), admin, {
    likes: LIKES,
    meal: { title: 'Scale meal', category: 'Lunch', description: 'Benchmark' },
    memberEmail: (index) => `scale-member-${index}@example.com`,
  });
  // The badges have landed before the first like (a like of an upcoming meal needs one).
  await until('the members’ badges', async () => {
    const me = await call(deployment.readBases[0]!, 'GET', `/users/${members[0]!.email}`, members[0]!.token);
    return me.body.badge === 'Silver' ? true : undefined;
  });
  const { clients, disconnect } = await watchUpcoming(deployment.readBases, CLIENTS);
  const { likes, seconds: answeredIn } = await likeAtSteadyRate(LIKES, RATE, async (like) => {
    const base = deployment.commandBases[like % deployment.commandBases.length]!;
    const { meal, member } = likeOf(like, meals.length);
    const answer = await call(base, 'PATCH', `/api/upcomingMeals/${meals[meal]!}/like`, members[member]!.token);
    return parsePosition(String(answer.body.position))!;
  });
  const { latencies, missed } = await pushLatencies(clients, likes);
  disconnect();
  const answered = likes.map((like) => like.answeredAt - like.sentAt);
  return {
    readsPerSecond,
    readP50: weighted((run) => run.latency.p50),
    readP99: weighted((run) => run.latency.p99),
    likesPerSecond: likes.length / answeredIn,
    likeP50: quantile(answered, 0.5),
    likeP99: quantile(answered, 0.99),
    pushP50: quantile(latencies, 0.5),
    pushP99: quantile(latencies, 0.99),
    pushesMissed: missed,
    readErrors: runs.reduce((sum, run) => sum + run.non2xx + run.errors + run.timeouts, 0),
  };
}

const results: { name: string; figures: Figures }[] = [];
for (const open of [embedded, topology]) {
  const deployment = await open();
  try {
    console.log(`measuring ${deployment.name}…`);
    results.push({ name: deployment.name, figures: await measure(deployment) });
  } finally {
    await deployment.close();
  }
}
const format = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');
console.log(
  `\nbench:scale — ${MEALS} meals; reads: ${CONNECTIONS} connections for ${SECONDS} s; live likes: ${CLIENTS} clients, ${LIKES} likes at ${RATE}/s (everything on this machine's cores)`,
);
console.log(
  '| deployment | reads/s | read p50 ms | read p99 ms | likes/s | like p50 ms | like p99 ms | like→push p50 ms | like→push p99 ms | pushes missed | read errors |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const { name, figures } of results)
  console.log(
    `| ${name} | ${figures.readsPerSecond.toFixed(0)} | ${format(figures.readP50)} | ${format(figures.readP99)} | ${figures.likesPerSecond.toFixed(0)} | ${format(figures.likeP50)} | ${format(figures.likeP99)} | ${format(figures.pushP50)} | ${format(figures.pushP99)} | ${figures.pushesMissed} | ${figures.readErrors} |`,
  );
