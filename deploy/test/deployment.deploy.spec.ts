/**
 * `npm run test:deploy`: the distributed deployment as an operator runs it, on a container engine.
 * Every image is built (deploy/Dockerfile's four, and stand-ins for the official ones where no registry
 * can be reached), docker-compose.yml is started with the PostgreSQL event store (KurrentDB has no
 * image that builds here; deploy/test/compose.test.yml), and everything then goes through the
 * gateway alone, as a browser's traffic does: the pages, a student's journey in Chromium, the sockets,
 * and the faults, which are real (`docker kill`, `docker stop`). What the test inspects behind the
 * gateway (the event log, the read models' rows, a service's metrics) it reads inside the containers.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rooms, UPCOMING_PUBLISH_THRESHOLD } from '@hostel/contracts';
import { freePort } from '@hostel/platform/net';
import { projections } from '@hostel/read-models';
import { startComposeDeployment } from './containers';
import type { Deployment, StartedDeployment } from './containers';
import { call, parseMetrics, root, until, uploadImage } from './topology';

const PROJECT = 'hostel-deploy-test';
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

let started: StartedDeployment;
let deployment: Deployment;
let base: string;
let browser: Browser | undefined;
const sockets: Socket[] = [];
const timings: Record<string, number> = {};

/** What the gateway answers, JSON parsed (or the text). */
const api = (method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {}) =>
  call(base, method, path, options);
const register = async (email: string) => {
  const registered = await api('POST', '/api/auth/register', { body: { name: email.split('@')[0], email, password: 'deploy-pass-1' } });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  return { token: registered.body.token as string, userId: (registered.body.user as { _id: string })._id, email };
};
/** A Silver membership through the sandbox (STRIPE_SECRET_KEY unset). */
/**
 * Sent again with the same key while it answers 503 and Retry-After, as a client does: on a machine still
 * busy with the services' start a connection to PostgreSQL may not come within the pool's 3 s. Each
 * attempt answered within `withinMs` (else it fails: the request was held).
 */
const pay = (token: string, withinMs = 60_000) => {
  const key = randomUUID();
  return until(
    'the payment to be answered other than 503',
    async () => {
      const answer = await api('POST', '/payment', {
        token,
        body: { package: 'Silver', stripeToken: 'tok_visa' },
        headers: { 'idempotency-key': key },
        signal: AbortSignal.timeout(withinMs),
      });
      return answer.status === 503 ? undefined : answer;
    },
    60_000,
    1000,
  );
};
const badgeOf = async (member: { token: string; email: string }) => (await api('GET', `/users/${member.email}`, { token: member.token })).body.badge;

/** Rows of a query on the deployment's PostgreSQL, run inside its container. */
const sql = async (query: string): Promise<string[]> =>
  (await deployment.exec('postgres', ['psql', '-U', 'hostel', '-d', 'hostel', '-XAtc', query])).split('\n').filter(Boolean);
const countEvents = async (type: string, field: string, value: string) =>
  Number((await sql(`select count(*) from eventstore.events where type = '${type}' and data->>'${field}' = '${value}'`))[0]);
/** A service's /metrics, asked inside its container (metrics are never served through the gateway). */
const metricsOf = async (service: string) =>
  parseMetrics(
    await deployment.exec(service, ['node', '-e', "fetch('http://127.0.0.1:3000/metrics').then((r) => r.text()).then((t) => process.stdout.write(t))"]),
  );
/** The token of the last verification link mailed to `email`, from the command-api's log (no SMTP_URL: mail is printed). */
const mailedToken = async (email: string) => {
  const logs = (await deployment.logs('command-api-1')) + (await deployment.logs('command-api-2'));
  const mails = logs.split(`──── Mail to ${email} ────`).slice(1);
  return mails
    .map((mail) => /verify-email\?token=([^\s]+)/.exec(mail)?.[1])
    .filter(Boolean)
    .at(-1);
};
/** The container's state: running or not, and when it last started. */
const stateOf = async (service: string) => {
  const [inspected] = JSON.parse(await deployment.engineOn(service, ['inspect'])) as {
    State: { Running: boolean; StartedAt: string };
    RestartCount?: number;
  }[];
  return inspected!.State;
};
/** `docker kill` (SIGKILL); answers once it is dead, or already started again by its restart policy. */
const kill = async (service: string) => {
  const before = await stateOf(service);
  await deployment.engineOn(service, ['kill']);
  await until(`${service} to be killed`, async () => {
    const state = await stateOf(service);
    return !state.Running || state.StartedAt !== before.StartedAt ? true : undefined;
  });
};
/** Started again unless its restart policy did, and healthy. */
const startAgain = async (service: string) => {
  if (!(await stateOf(service)).Running) await deployment.engineOn(service, ['start']);
  await deployment.untilHealthy(service);
};

let admin: string;
let image: string;
const meals: { id: string; title: string }[] = [];
let members: { token: string; userId: string; email: string }[] = [];
/** What the first cases made, which later ones use: a case after a failed one fails at once instead of waiting out its timeout. */
const needs = (what: { admin?: boolean; meals?: boolean; members?: boolean }) => {
  if (what.admin) expect(admin, 'the first case made an admin').toBeDefined();
  if (what.meals) expect(meals, 'the first case added two meals').toHaveLength(2);
  if (what.members) expect(members, 'the upcoming-meal case made ten members').toHaveLength(UPCOMING_PUBLISH_THRESHOLD);
};

beforeAll(async () => {
  // A fresh clone has no test-results/ yet: a stream into a missing folder fails the run.
  mkdirSync(join(root, 'test-results'), { recursive: true });
  const buildLog = createWriteStream(join(root, 'test-results', `${PROJECT}-build.log`), { flags: 'w' });
  const port = Number(process.env.DEPLOY_TEST_PORT ?? (await freePort()));
  started = await startComposeDeployment({
    project: PROJECT,
    port,
    overrides: ['deploy/test/compose.test.yml'],
    log: (line) => buildLog.write(`${line}\n`),
  });
  buildLog.end();
  ({ deployment, base } = started);
  console.info(
    `test:deploy: ${deployment.engine.compose.join(' ')} on ${deployment.engine.podman ? 'podman' : 'Docker'}; images built in ${Math.round(started.buildMs / 1000)} s ` +
      `(stand-ins ${Math.round(started.standInsMs / 1000)} s, deploy/Dockerfile's four ${Math.round((started.buildMs - started.standInsMs) / 1000)} s); ` +
      `up → ready through the gateway in ${(started.upToReadyMs / 1000).toFixed(1)} s; EVENT_STORE=postgres (KurrentDB has no image that builds without a registry)`,
  );
  console.info(`test:deploy images:\n${started.images.map(({ image, bytes }) => `  ${image}  ${(bytes / 1e6).toFixed(0)} MB`).join('\n')}`);
}, 60 * 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await browser?.close();
  await started?.down();
  console.info(`test:deploy timings, ms: ${JSON.stringify(timings)}`);
}, 300_000);

describe('the distributed deployment on a container engine, through its gateway', { timeout: 300_000 }, () => {
  it('takes an operator from `up` to the first admin: an account granted with `npm run admin -- grant` inside command-api', async () => {
    const ops = await register('ops@hostel.test');
    // Run again if it fails, as an operator would: right after `up`, on a busy machine, its first
    // connection to PostgreSQL may not come within the pool's 3 s (seen: 'connection timeout').
    const granted = await until(
      'the operator’s grant',
      () => deployment.exec('command-api-1', ['npm', 'run', '--silent', 'admin', '--', 'grant', ops.email], 120_000),
      180_000,
      2000,
    );
    expect(granted).toMatch(/ops@hostel\.test is (now|already) an admin/);
    const signedIn = await api('POST', '/api/auth/login', { body: { email: ops.email, password: 'deploy-pass-1' } });
    expect((signedIn.body.user as { role: string }).role).toBe('admin');
    admin = signedIn.body.token as string;
    image = await uploadImage(base, admin);
    for (const [title, category] of [
      ['Masala Dosa', 'Breakfast'],
      ['Paneer Tikka', 'Dinner'],
    ] as const) {
      const added = await api('POST', '/api/meals', {
        token: admin,
        body: { title, category, image, ingredients: 'rice, lentils', description: `Deployed ${title}`, price: 6 },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      meals.push({ id: added.body._id as string, title });
    }
  });

  it('serves a visitor the public pages drawn with their content, the hashed files compressed and cached for good, and logs no query string', async () => {
    needs({ meals: true });
    const [dosa, tikka] = meals as [(typeof meals)[number], (typeof meals)[number]];
    // The read models have the meals (what the pages show is read there).
    await until('the meals to be listed', async () => Number((await api('GET', '/api/meals')).headers.get('x-total-count')) === 2 || undefined);
    const pages = { '/': [dosa.title], '/AllMeals': [dosa.title, tikka.title], [`/meal/${tikka.id}?utm=secret-campaign`]: [tikka.title] };
    let html = '';
    for (const [path, titles] of Object.entries(pages)) {
      const page = await fetch(base + path, { headers: { 'accept-encoding': 'gzip' } });
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(page.headers.get('content-encoding'), path).toBe('gzip');
      expect(page.headers.get('cache-control'), path).toBe('no-cache');
      html = await page.text();
      // Drawn by the server: the content is in the markup, beside the state the browser hydrates with.
      expect(html, path).toContain('id="ssr-state"');
      const markup = html.replace(/<script type="application\/json" id="ssr-state">[\s\S]*?<\/script>/, '');
      for (const title of titles) expect(markup, `${path} shows ${title}`).toContain(title);
    }
    const assets = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!))];
    expect(assets.some((asset) => asset.endsWith('.js')) && assets.some((asset) => asset.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      const file = await fetch(base + asset, { headers: { 'accept-encoding': 'gzip' } });
      expect(file.status, asset).toBe(200);
      expect(file.headers.get('content-encoding'), asset).toBe('gzip');
      expect(file.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable');
    }
    // A hashed file that is not there is a 404, not a page; the build's own folders and the metrics are not served.
    for (const path of ['/assets/index-0000000.js', '/.ssr/entry-server.js', '/.vite/manifest.json', '/metrics'])
      expect((await fetch(base + path)).status, path).toBe(404);
    const access = await deployment.logs('gateway');
    expect(access).toMatch(new RegExp(`"GET /meal/${tikka.id} HTTP/1.1" 200`));
    expect(access).not.toContain('secret-campaign');
  });

  it("takes a student through registration (the link from the mail log), payment and a like in Chromium; another browser's socket through the gateway gets the count", async () => {
    needs({ meals: true });
    const t0 = Date.now();
    const meal = meals[1]!;
    browser = await chromium.launch({ executablePath: CHROMIUM });
    const watcher = await (await browser.newContext({ baseURL: base })).newPage();
    const pushed: string[] = [];
    watcher.on('websocket', (socket) => {
      if (new URL(socket.url()).pathname === '/socket.io/') socket.on('framereceived', (frame) => void pushed.push(String(frame.payload)));
    });
    const refetched: string[] = [];
    watcher.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/meals/${meal.id}`) refetched.push(request.url());
    });
    await watcher.goto(`/meal/${meal.id}`);
    await watcher.getByRole('button', { name: /^Like 0 likes$/ }).waitFor();

    const student = await (await browser.newContext({ baseURL: base })).newPage();
    const email = 'student@hostel.test';
    await student.goto('/register');
    await student.getByLabel('Name').fill('Deployed Student');
    await student.getByLabel('Email').fill(email);
    await student.getByLabel('Password').fill('deploy-pass-1');
    await student.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await student.getByRole('dialog', { name: 'Registration Successful!' }).waitFor();
    const token = await until('the verification mail in the log', () => mailedToken(email));
    await student.goto(`/verify-email?token=${token}`);
    await student.getByText('Your email is verified.').waitFor();

    await student.goto('/checkout/Silver');
    await student.getByLabel('Card number').fill('4242424242424242');
    await student.getByLabel('Expiry (MM / YY)').fill('1234');
    await student.getByLabel('CVC').fill('123');
    await student.getByRole('button', { name: 'Pay Now' }).click();
    await student.getByRole('dialog', { name: 'Payment Successful!' }).waitFor();

    await student.goto(`/meal/${meal.id}`);
    await student.getByRole('button', { name: /^Like 0 likes$/ }).click();
    await student.getByRole('button', { name: /^Liked 1 like$/ }).waitFor();
    // The watcher's page follows without asking for the meal again: the count came on its socket.
    await watcher.getByRole('button', { name: /^Like 1 like$/ }).waitFor();
    expect(refetched).toEqual([]);
    expect(pushed.some((frame) => frame.includes('"counts"') && frame.includes(meal.id))).toBe(true);
    timings.studentJourney = Date.now() - t0;
  });

  it('spreads WebSockets over both read-apis and keeps each long-polling session on one (sticky)', async () => {
    needs({ meals: true });
    const meal = meals[0]!;
    const connect = (transports: ('websocket' | 'polling')[]) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = io(base, { path: '/socket.io', transports, forceNew: true, reconnection: false });
        sockets.push(socket);
        socket.on('connect_error', reject);
        socket.on('connect', () => socket.emit('subscribe', rooms.meal(meal.id), () => resolve(socket)));
      });
    const websockets = await Promise.all(Array.from({ length: 8 }, () => connect(['websocket'])));
    // A polling session is several requests (handshake, subscribe, polls): each must reach the instance that holds it.
    const polling = await Promise.all(Array.from({ length: 8 }, () => connect(['polling'])));
    const held = async (service: string) => (await metricsOf(service)).find((sample) => sample.name === 'hostel_live_sockets')?.value ?? 0;
    expect(await held('read-api-1')).toBeGreaterThan(0);
    expect(await held('read-api-2')).toBeGreaterThan(0);
    // Everyone hears a like, on whichever instance: the push crosses Redis.
    const heard = [...websockets, ...polling].map(
      (socket) =>
        new Promise<void>((resolve) =>
          socket.on('counts', (message: { counts: Record<string, { likes: number }> }) => {
            if (message.counts[meal.id]?.likes === 1) resolve();
          }),
        ),
    );
    const liker = await register('liker@hostel.test');
    expect((await api('PATCH', `/api/meals/${meal.id}/like`, { token: liker.token, body: { userEmail: liker.email } })).status).toBe(200);
    await Promise.all(heard);
    for (const socket of [...websockets, ...polling]) socket.disconnect();
  });

  it('publishes the 10th like of an upcoming meal exactly once, and loses no like it answered 2xx, while command-api #1 is killed', async () => {
    needs({ admin: true });
    const t0 = Date.now();
    members = await Promise.all(
      Array.from({ length: UPCOMING_PUBLISH_THRESHOLD }, async (_, index) => {
        const member = await register(`member${index}@hostel.test`);
        const paid = await pay(member.token);
        expect([200, 202], JSON.stringify(paid.body)).toContain(paid.status);
        return member;
      }),
    );
    await until(
      'every member to hold a badge',
      async () => ((await Promise.all(members.map(badgeOf))).every((badge) => badge === 'Silver') ? true : undefined),
      60_000,
    );
    const upcoming = await api('POST', '/api/upcomingMeals', {
      token: admin,
      body: { title: 'Saag Paneer', category: 'Dinner', image, ingredients: 'paneer, spinach', description: 'Creamy', price: 7.5 },
    });
    expect(upcoming.status, JSON.stringify(upcoming.body)).toBe(201);
    const upcomingId = upcoming.body._id as string;

    // Each member likes until the gateway answers: a like lost with the killed instance is sent again (as
    // the web app lets its user), and one that had landed is then answered 'already liked' (409).
    const answered: { userId: string; status: number }[] = [];
    const like = async (member: (typeof members)[number]) => {
      for (;;) {
        const answer = await api('PATCH', `/api/upcomingMeals/${upcomingId}/like`, { token: member.token, body: { userEmail: member.email } }).catch(
          () => undefined,
        );
        if (answer) answered.push({ userId: member.userId, status: answer.status });
        if (answer && (answer.status === 200 || answer.status === 409)) return;
        expect([undefined, 502, 503], JSON.stringify(answer?.body)).toContain(answer?.status);
      }
    };
    // Five likes answered, then five at once with command-api #1 killed as they go.
    for (const member of members.slice(0, 5)) await like(member);
    await Promise.all([...members.slice(5).map(like), kill('command-api-1')]);
    await startAgain('command-api-1');

    // Every like answered 2xx is in the log, once; the meal is published and listed once, whoever ran the job.
    await until(
      'the upcoming meal to be published',
      async () => ((await countEvents('UpcomingMealPublished', 'upcomingId', upcomingId)) > 0 ? true : undefined),
      60_000,
    );
    await until('the job queues to drain', async () => {
      const depth = (await metricsOf('command-api-2')).filter((sample) => sample.name === 'hostel_job_queue_depth' && sample.labels.state !== 'failed');
      return depth.length > 0 && depth.every((sample) => sample.value === 0) ? true : undefined;
    });
    const likedBy = await sql(`select data->>'userId' from eventstore.events where type = 'UpcomingMealLiked' and data->>'upcomingId' = '${upcomingId}'`);
    for (const { userId } of answered.filter((answer) => answer.status === 200)) expect(likedBy).toContain(userId);
    expect(likedBy.sort()).toEqual(members.map((member) => member.userId).sort());
    expect(await countEvents('UpcomingMealPublished', 'upcomingId', upcomingId)).toBe(1);
    const [mealId] = await sql(`select data->>'mealId' from eventstore.events where type = 'UpcomingMealPublished' and data->>'upcomingId' = '${upcomingId}'`);
    expect(await countEvents('MealAdded', 'mealId', mealId!)).toBe(1);
    timings.publishWithKill = Date.now() - t0;
  });

  it('grants the badge of a payment made while Redis is killed and started again', async () => {
    const t0 = Date.now();
    const payer = await register('payer@hostel.test');
    await kill('redis');
    // Redis is gone (a killed container stays down: its restart policy does not bring it back under
    // `docker kill`): the payment is taken (its events are in the log) and answered within 15 s, the
    // badge waiting for the job queue: 202 pending. Nothing of the request waits for Redis: the rate
    // limits' connection fails fast and is skipped, the wait for the badge is bounded. Readiness says
    // Redis is away and stays ready. (docs/operations.md: what each fault case guards.)
    const paid = await pay(payer.token, 15_000);
    expect(paid.status, JSON.stringify(paid.body)).toBe(202);
    expect(paid.body).toMatchObject({ status: 'pending' });
    const ready = await api('GET', '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toMatchObject({ postgres: 'ok', redis: 'unreachable' });
    await startAgain('redis');
    await until('the badge to be granted', async () => ((await badgeOf(payer)) === 'Silver' ? true : undefined), 60_000);
    expect(await countEvents('UserBadgeGranted', 'userId', payer.userId)).toBe(1);
    timings.paymentAcrossRedisRestart = Date.now() - t0;
  });

  it('answers 503 with a message within 5 s and never hangs while PostgreSQL is stopped, and recovers when it starts, without a service restarted', async () => {
    const t0 = Date.now();
    needs({ meals: true, members: true });
    const servicesBefore = await Promise.all(['command-api-1', 'command-api-2', 'read-api-1', 'read-api-2', 'projector'].map(stateOf));
    const member = members[0]!;
    await deployment.engineOn('postgres', ['stop']);
    try {
      const timed = async (method: string, path: string, options: Parameters<typeof api>[2] = {}) => {
        const asked = Date.now();
        const answer = await api(method, path, { ...options, headers: { ...options.headers } });
        return { ...answer, ms: Date.now() - asked };
      };
      const ready = await timed('GET', '/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.message).toMatch(/postgres is unreachable/);
      for (const answer of [
        await timed('GET', '/api/meals'),
        await timed('GET', `/api/meals/${meals[0]!.id}`),
        await timed('PATCH', `/api/meals/${meals[0]!.id}/like`, { token: member.token, body: { userEmail: member.email } }),
      ]) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(503);
        expect(String(answer.body.message)).toMatch(/unavailable|unreachable/i);
        expect(answer.ms).toBeLessThan(5000);
      }
      // A page is still sent, within the same bound, without the data it could not read (its render
      // gives up at its deadline, or tries each read once: the browser reads it and shows its state).
      const page = await timed('GET', '/AllMeals');
      expect(page.status).toBe(200);
      expect(page.ms).toBeLessThan(5000);
    } finally {
      // Started again whatever happened above, so what follows has its database (after its recovery).
      await deployment.engineOn('postgres', ['start']);
      await deployment.untilHealthy('postgres');
    }
    await until('the deployment to be ready again', async () => ((await api('GET', '/health/ready')).status === 200 ? true : undefined), 120_000);
    const liked = await api('PATCH', `/api/meals/${meals[0]!.id}/like`, { token: member.token, body: { userEmail: member.email } });
    expect(liked.status, JSON.stringify(liked.body)).toBe(200);
    expect((await api('GET', '/api/meals')).status).toBe(200);
    // Nothing was restarted to recover: each service container is the one that was running.
    expect(await Promise.all(['command-api-1', 'command-api-2', 'read-api-1', 'read-api-2', 'projector'].map(stateOf))).toEqual(servicesBefore);
    timings.postgresOutage = Date.now() - t0;
  });

  it('loses nothing when the projector is killed mid-burst and started again: the read models equal a fresh rebuild', async () => {
    const t0 = Date.now();
    needs({ meals: true, members: true });
    const before = await sql(`select count(*) from eventstore.events`);
    const likes = members.flatMap((member) =>
      meals.map((meal) => api('PATCH', `/api/meals/${meal.id}/like`, { token: member.token, body: { userEmail: member.email } })),
    );
    await until('the burst to reach the log', async () =>
      Number((await sql(`select count(*) from eventstore.events`))[0]) > Number(before[0]) ? true : undefined,
    );
    await kill('projector');
    await startAgain('projector');
    for (const answer of await Promise.all(likes)) expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
    await until(
      'every projection to catch up',
      async () => {
        const lag = (await metricsOf('projector')).filter((sample) => sample.name === 'hostel_projection_lag_events');
        return lag.length > 0 && lag.every((sample) => sample.value === 0) ? true : undefined;
      },
      60_000,
    );
    const tables = [...new Set(projections.flatMap((projection) => projection.tables))].sort();
    const contents = async () => {
      const rows: Record<string, string[]> = {};
      for (const table of tables) rows[table] = await sql(`select row_to_json(t)::text from ${table} as t order by 1`);
      return rows;
    };
    const live = await contents();
    expect(Object.values(live).flat().length).toBeGreaterThan(0);
    // The operator's rebuild, in the projector image: fresh copies from the log, swapped in.
    expect(await deployment.exec('projector', ['npm', 'run', '--silent', 'rebuild'], 300_000)).toMatch(/Read models rebuilt/);
    expect(await contents()).toEqual(live);
    timings.projectorKill = Date.now() - t0;
  });

  it('runs every container as a non-root user, and each image’s own HEALTHCHECK answers healthy', async () => {
    for (const service of started.services) {
      const status = await deployment.exec(service, ['cat', '/proc/1/status']);
      const uid = /^Uid:\s+(\d+)/m.exec(status)?.[1];
      expect(uid, `${service} runs as uid ${uid}`).not.toBe('0');
      expect(await deployment.healthy(service), `${service} is healthy`).toBe(true);
    }
  });
});
