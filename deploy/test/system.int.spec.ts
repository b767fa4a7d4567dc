/**
 * The distributed deployment as separate processes: 2 command-api, 2 read-api and 1 projector, each
 * its built JavaScript (`node <service>/dist/main.js`, no tsx) configured by its environment alone,
 * on the machine's PostgreSQL (a fresh database) and a private Redis (so it can be killed), with
 * EVENT_STORE=postgres; and the same against KurrentDB when KURRENTDB_URL names one (there is no
 * KurrentDB server and no Docker engine on a machine, that run is skipped there, and says so).
 * Faults are real: SIGKILL of processes, a Redis killed and started again.
 */
import { execFile } from 'node:child_process';
import { createServer as createHttpServer } from 'node:http';
import type { Server } from 'node:http';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { io as connectClient } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS, rooms, UPCOMING_PUBLISH_THRESHOLD } from '@hostel/contracts';
import type { LiveMessages } from '@hostel/contracts';
import type { EventStore, RecordedEvent } from '@hostel/eventstore';
import { readConfig } from '@hostel/platform/config';
import { createDb, createPool } from '@hostel/platform/db';
import { openEventStore } from '@hostel/platform/event-store';
import { createFreshDatabase } from '@hostel/platform/testing';
import { generateSigningJwk } from '@hostel/platform/tokens';
import { rebuildReadModels } from '@hostel/projector/rebuild';
import { projections } from '@hostel/read-models';
import type { ReadModelTables } from '@hostel/read-models';
import { buildServices } from '../build-services';
import { call, root, scrape, startRedis, startService, startTcpProxy, stop, until, uploadImage } from './topology';
import type { RedisProcess, ServiceProcess, TcpProxy } from './topology';

const run = promisify(execFile);

const stores = [
  { name: 'postgres', env: { EVENT_STORE: 'postgres' } as Record<string, string>, skip: false },
  // A KurrentDB server of the operator's (testcontainers would start one where a Docker engine is).
  { name: 'kurrentdb', env: { EVENT_STORE: 'kurrentdb', KURRENTDB_URL: process.env.KURRENTDB_URL ?? '' }, skip: !process.env.KURRENTDB_URL },
];
if (!process.env.KURRENTDB_URL)
  console.info('system test: KURRENTDB_URL is not set (no KurrentDB here): the KurrentDB run is skipped; the PostgreSQL one runs.');

for (const eventStore of stores) {
  describe.skipIf(eventStore.skip)(`the services as separate processes (EVENT_STORE=${eventStore.name})`, { timeout: 180_000 }, () => {
    let database: { url: string; drop(): Promise<void> };
    let redis: RedisProcess;
    /** read-api #1 reaches PostgreSQL through this, so the test can take it away from that one process. */
    let postgresProxy: TcpProxy;
    /** An OTLP/HTTP collector stand-in that keeps what command-api #1 exports (its only traced instance). */
    let collector: Server;
    const exported: string[] = [];
    let env: Record<string, string>;
    const processes: ServiceProcess[] = [];
    let command1!: ServiceProcess, command2!: ServiceProcess, read1!: ServiceProcess, read2!: ServiceProcess, projector!: ServiceProcess;
    let store: EventStore;
    let pool: ReturnType<typeof createPool>;
    let admin: string;
    let image: string;
    const sockets: Socket[] = [];
    const started = Date.now();
    const timings: Record<string, number> = {};

    const start = async (service: ServiceProcess['service'], name: string, extra: Record<string, string> = {}, port?: number) => {
      const child = await startService(service, { name, env: { ...env, ...extra }, ...(port ? { port } : {}) });
      processes.push(child);
      return child;
    };
    const events = async (): Promise<RecordedEvent[]> => {
      const all: RecordedEvent[] = [];
      for (let batch = await store.readAll({ batch: 5000 }); batch.length > 0; batch = await store.readAll({ from: batch.at(-1)!.position, batch: 5000 }))
        all.push(...batch);
      return all;
    };
    const register = async (base: string, email: string) => {
      const registered = await call(base, 'POST', '/api/auth/register', { body: { name: email.split('@')[0], email, password: 'system-pass-1' } });
      expect(registered.status, JSON.stringify(registered.body)).toBe(201);
      return { token: registered.body.token as string, userId: (registered.body.user as { _id: string })._id, email };
    };
    /** A Silver membership through the sandbox: answered once its badge landed (or pending). */
    const pay = (base: string, token: string, signal?: AbortSignal) =>
      call(base, 'POST', '/payment', {
        token,
        body: { package: 'Silver', stripeToken: 'tok_visa' },
        headers: { 'idempotency-key': randomUUID() },
        ...(signal ? { signal } : {}),
      });
    const logged = (service: ServiceProcess, correlationId: string, msg: string) =>
      service.logs.some((line) => line.correlationId === correlationId && line.msg === msg);

    beforeAll(async () => {
      await buildServices();
      database = await createFreshDatabase('system');
      redis = await startRedis();
      const jwk = JSON.stringify(await generateSigningJwk());
      env = {
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        ...eventStore.env,
        JWT_PRIVATE_JWK: jwk,
        APP_ORIGIN: 'http://localhost:8080',
        AUDIT_SIGNING_KEY: JSON.stringify({ ...generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }), kid: 'system-test' }),
        RATE_LIMITS: 'off',
      };
      collector = createHttpServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          exported.push(`${request.url} ${body}`);
          response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        });
      });
      await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
      const otlp = `http://127.0.0.1:${(collector.address() as { port: number }).port}`;
      // Each command-api's PostgreSQL sessions carry its name (application_name), so a test can tell whose is whose.
      command1 = await start('command-api', 'command-api #1', {
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp,
        OTEL_BSP_SCHEDULE_DELAY: '100',
        PGAPPNAME: 'command-api #1',
      });
      command2 = await start('command-api', 'command-api #2', { PGAPPNAME: 'command-api #2' });
      // The read side fetches the issuer's public keys from either command-api, #1 first as compose lists
      // them (#1 is killed below; the fallback itself: platform/src/tokens.int.spec.ts).
      env.JWT_JWKS_URL = `${command1.url}/api/auth/jwks,${command2.url}/api/auth/jwks`;
      const target = new URL(database.url);
      postgresProxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const proxied = new URL(database.url);
      proxied.port = String(postgresProxy.port);
      // The read side first: it waits for the projector to create the read models' tables (a fresh
      // database has none), and is ready only once the projector, started after it, has.
      const spawned: ServiceProcess[] = [];
      const reads = Promise.all([
        startService('read-api', { name: 'read-api #1', env: { ...env, DATABASE_URL: proxied.href }, spawned: (child) => spawned.push(child) }),
        startService('read-api', { name: 'read-api #2', env, spawned: (child) => spawned.push(child) }),
      ]);
      reads.catch(() => undefined);
      await until('both read-api to wait for the read models', () => {
        for (const child of spawned) if (!child.alive()) throw new Error(`${child.name} exited: ${child.stderr()}`);
        return spawned.length === 2 && spawned.every((child) => child.logs.some((line) => line.msg === 'waiting for the projector to create the read models'))
          ? true
          : undefined;
      });
      projector = await start('projector', 'projector');
      [read1, read2] = await reads;
      processes.push(read1, read2);
      pool = createPool(database.url, 4);
      store = await openEventStore(readConfig({ ...eventStore.env, DATABASE_URL: database.url }), pool);

      // The first admin, without mail: the operator's grant through the built admin tool, configured like the services.
      const ops = await register(command1.url, 'ops@hostel.test');
      const granted = await run(process.execPath, [join(root, 'command-api/dist/admin.js'), 'grant', 'ops@hostel.test'], {
        env: { PATH: process.env.PATH, ...env },
      });
      expect(granted.stdout).toMatch(/ops@hostel\.test is now an admin/);
      const signedIn = await call(command2.url, 'POST', '/api/auth/login', { body: { email: ops.email, password: 'system-pass-1' } });
      expect((signedIn.body.user as { role: string }).role).toBe('admin');
      admin = signedIn.body.token as string;
      image = await uploadImage(command1.url, admin);
      timings.start = Date.now() - started;
    }, 120_000);

    afterAll(async () => {
      // SYSTEM_TEST_LOGS=<dir> keeps every process's log lines there, to read after a failure.
      if (process.env.SYSTEM_TEST_LOGS) {
        mkdirSync(process.env.SYSTEM_TEST_LOGS, { recursive: true });
        for (const [index, child] of processes.entries())
          writeFileSync(
            join(process.env.SYSTEM_TEST_LOGS, `${index}-${child.name.replace(/\W+/g, '-')}.log`),
            child.logs.map((line) => JSON.stringify(line)).join('\n') + '\n' + child.stderr(),
          );
      }
      for (const socket of sockets) socket.disconnect();
      await Promise.all(processes.map((child) => stop(child, 'SIGKILL')));
      await store?.close();
      await pool?.end();
      await redis?.remove();
      await postgresProxy?.close();
      collector?.close();
      await database?.drop();
      console.info(`system test (${eventStore.name}) timings, ms: ${JSON.stringify(timings)}`);
    });

    it("takes a like through command-api #1 to a socket on read-api #2, one correlation id from the request to the push in every service's log", async () => {
      const t0 = Date.now();
      const meal = await call(command1.url, 'POST', '/api/meals', {
        token: admin,
        body: { title: 'Paneer Tikka', category: 'Dinner', image, ingredients: 'paneer', description: 'Grilled', price: 6 },
      });
      expect(meal.status, JSON.stringify(meal.body)).toBe(201);
      const mealId = meal.body._id as string;
      const student = await register(command1.url, 'liker@hostel.test');
      // The read side shows the meal (read-your-writes across processes).
      const shown = await call(read1.url, 'GET', `/api/meals/${mealId}`, { headers: { 'x-min-position': meal.body.position as string } });
      expect(shown.status).toBe(200);

      const socket = connectClient(read2.url, { path: '/socket.io', transports: ['websocket'], auth: { token: student.token } });
      sockets.push(socket);
      await new Promise<void>((resolve) => socket.on('connect', () => socket.emit('subscribe', rooms.meal(mealId), () => resolve())));
      const pushed = new Promise<LiveMessages['counts']>((resolve) =>
        socket.on('counts', (message: LiveMessages['counts']) => {
          if (message.counts[mealId]?.likes === 1) resolve(message);
        }),
      );

      const liked = await call(command1.url, 'PATCH', `/api/meals/${mealId}/like`, { token: student.token, body: { userEmail: student.email } });
      expect(liked.status, JSON.stringify(liked.body)).toBe(200);
      // command-api answered once the projector's checkpoints passed the like: the next read, on any
      // read-api and without X-Min-Position (as the spec's client reads), shows it.
      expect((await call(read2.url, 'GET', `/api/meals/${mealId}`, { token: student.token })).body).toMatchObject({ likes: 1, likedByMe: true });
      const correlationId = liked.headers.get('x-correlation-id')!;
      expect(correlationId).toMatch(/^[0-9a-f-]{36}$/);
      await pushed;

      // The event carries the request's id; command-api logged the command, the projector its projection and push.
      const like = (await events()).find((event) => event.type === 'MealLiked' && (event.data as { mealId: string }).mealId === mealId);
      expect(like?.metadata.correlationId).toBe(correlationId);
      expect(command1.logs.find((line) => line.correlationId === correlationId && line.msg === 'command')).toMatchObject({
        command: 'LikeMeal',
        outcome: 'changed',
      });
      await until('the projector to log the like', () =>
        logged(projector, correlationId, 'projected') && logged(projector, correlationId, 'live push') ? true : undefined,
      );
      timings.likeToSocket = Date.now() - t0;

      // OTEL_EXPORTER_OTLP_ENDPOINT set: the request's span and the command's went out over OTLP/HTTP, with the correlation id.
      await until('command-api #1 to export the like’s spans', () => {
        const traces = exported.filter((line) => line.startsWith('/v1/traces ') && line.includes(correlationId));
        return traces.some((line) => line.includes('command LikeMeal')) && traces.some((line) => line.includes('PATCH /api/meals/')) ? true : undefined;
      });

      // What Prometheus scrapes: the command by outcome and its latency, the append, the socket, the lag.
      const sample = (samples: Awaited<ReturnType<typeof scrape>>, name: string, labels: Record<string, string> = {}) =>
        samples.find((one) => one.name === name && Object.entries(labels).every(([key, value]) => one.labels[key] === value))?.value;
      const commandSide = await scrape(command1.url);
      expect(sample(commandSide, 'hostel_commands_total', { command: 'LikeMeal', outcome: 'changed', service: 'command-api' })).toBeGreaterThanOrEqual(1);
      expect(sample(commandSide, 'hostel_command_duration_seconds_count', { command: 'LikeMeal', outcome: 'changed' })).toBeGreaterThanOrEqual(1);
      expect(sample(commandSide, 'hostel_event_store_append_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThanOrEqual(2);
      expect(sample(commandSide, 'hostel_job_queue_depth', { queue: 'grant-badge', state: 'waiting' })).toBe(0);
      expect(sample(await scrape(read2.url), 'hostel_live_sockets', { service: 'read-api' })).toBeGreaterThanOrEqual(1);
      const projectorSide = await scrape(projector.url);
      for (const name of ['hostel_projection_lag_events', 'hostel_projection_lag_seconds'])
        expect(sample(projectorSide, name, { projection: 'meal-catalog' }), name).toBeGreaterThanOrEqual(0);
    });

    it('answers 503 with a message, never hangs, and reports itself unready while PostgreSQL is unreachable; ready again once it is back', async () => {
      const t0 = Date.now();
      const before = read1.logs.length;
      expect((await call(read1.url, 'GET', '/health/ready')).status).toBe(200);
      await postgresProxy.cut();
      const asked = Date.now();
      const ready = await call(read1.url, 'GET', '/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ message: 'postgres is unreachable', checks: { postgres: 'unreachable' } });
      const read = await call(read1.url, 'GET', '/api/meals');
      expect(read.status).toBe(503);
      expect(read.body.message).toMatch(/unavailable/);
      expect(read.headers.get('retry-after')).toBeTruthy();
      // Bounded: the probe's 2 s, the pool's connection timeout at worst.
      expect(Date.now() - asked).toBeLessThan(12_000);
      // Liveness is the process alone: an orchestrator must not restart it for a database outage.
      expect((await call(read1.url, 'GET', '/health/live')).status).toBe(200);
      // A server that stops answering rather than refusing (a stopped container's address, a partition):
      // the same answers within the same bound, which only the service's own time limits give (the probe's
      // 2 s, the pool's connection timeout). The test's own limit turns a hang into a failure here.
      await postgresProxy.silence();
      const silenced = Date.now();
      const bounded = { signal: AbortSignal.timeout(12_000) };
      const silentReady = await call(read1.url, 'GET', '/health/ready', bounded);
      expect(silentReady.status).toBe(503);
      expect(silentReady.body).toMatchObject({ message: 'postgres is unreachable' });
      const silentRead = await call(read1.url, 'GET', '/api/meals', bounded);
      expect(silentRead.status).toBe(503);
      expect(silentRead.body.message).toMatch(/unavailable/);
      expect(Date.now() - silenced).toBeLessThan(12_000);
      // Handled, not survived: a connection dropped under the pool is no uncaught exception.
      expect(read1.logs.slice(before).filter((line) => line.msg === 'uncaught exception')).toEqual([]);
      await postgresProxy.restore();
      await until('read-api #1 to be ready again', async () => ((await call(read1.url, 'GET', '/health/ready')).status === 200 ? true : undefined));
      expect((await call(read1.url, 'GET', '/api/meals')).status).toBe(200);
      timings.postgresOutage = Date.now() - t0;
    });

    it('publishes the 10th like of an upcoming meal exactly once while command-api #1 is SIGKILLed mid-run', async () => {
      const t0 = Date.now();
      // Ten members (a like of an upcoming meal needs a membership), half through each instance.
      const members = await Promise.all(
        Array.from({ length: UPCOMING_PUBLISH_THRESHOLD }, async (_, index) => {
          const base = index % 2 === 0 ? command1.url : command2.url;
          const member = await register(base, `member${index}@hostel.test`);
          const paid = await pay(base, member.token);
          expect([200, 202], JSON.stringify(paid.body)).toContain(paid.status);
          return member;
        }),
      );
      // Their badges have landed (granted by the workers), so each like is allowed.
      await until('every member to hold a badge', async () => {
        const granted = (await events()).filter((event) => event.type === 'UserBadgeGranted').length;
        return granted >= UPCOMING_PUBLISH_THRESHOLD ? true : undefined;
      });
      const upcoming = await call(command2.url, 'POST', '/api/upcomingMeals', {
        token: admin,
        body: { title: 'Saag Paneer', category: 'Dinner', image, ingredients: 'paneer, spinach', description: 'Creamy', price: 7.5 },
      });
      expect(upcoming.status, JSON.stringify(upcoming.body)).toBe(201);
      const upcomingId = upcoming.body._id as string;

      // A like lost with the instance that held it is sent again to the other, as a gateway does;
      // one that had landed is answered 'already liked' there.
      const likeThrough = async (base: string, member: { token: string; email: string }): Promise<void> => {
        const answer = await call(base, 'PATCH', `/api/upcomingMeals/${upcomingId}/like`, { token: member.token, body: { userEmail: member.email } }).catch(
          () => undefined,
        );
        if (answer && (answer.status === 200 || answer.status === 409)) return;
        const again = await call(command2.url, 'PATCH', `/api/upcomingMeals/${upcomingId}/like`, { token: member.token, body: { userEmail: member.email } });
        expect([200, 409], JSON.stringify(again.body)).toContain(again.status);
      };
      // Five likes answered, then five at once through #1 and #2, and #1 killed while they are in flight.
      for (const member of members.slice(0, 5)) await likeThrough(command1.url, member);
      const inFlight = members.slice(5).map((member, index) => likeThrough(index % 2 === 0 ? command1.url : command2.url, member));
      command1.child.kill('SIGKILL');
      await command1.exited;
      await Promise.all(inFlight);

      const published = await until(
        'the upcoming meal to be published and listed',
        async () => {
          const all = await events();
          const publications = all.filter(
            (event) => event.type === 'UpcomingMealPublished' && (event.data as { upcomingId: string }).upcomingId === upcomingId,
          );
          const mealId = (publications[0]?.data as { mealId?: string } | undefined)?.mealId;
          const listed = mealId ? all.filter((event) => event.type === 'MealAdded' && (event.data as { mealId: string }).mealId === mealId) : [];
          return listed.length > 0 ? { all, publications, listed } : undefined;
        },
        60_000,
      );
      // The jobs settle (none waiting or running on the surviving instance), then count: once each.
      await until('the job queue to drain', async () => {
        const depth = (await scrape(command2.url)).filter((sample) => sample.name === 'hostel_job_queue_depth' && sample.labels.state !== 'failed');
        return depth.length > 0 && depth.every((sample) => sample.value === 0) ? true : undefined;
      });
      const settled = await events();
      expect(
        settled.filter((event) => event.type === 'UpcomingMealPublished' && (event.data as { upcomingId: string }).upcomingId === upcomingId),
      ).toHaveLength(1);
      const mealId = (published.publications[0]!.data as { mealId: string }).mealId;
      expect(settled.filter((event) => event.type === 'MealAdded' && (event.data as { mealId: string }).mealId === mealId)).toHaveLength(1);
      expect(settled.filter((event) => event.type === 'UpcomingMealLiked' && (event.data as { upcomingId: string }).upcomingId === upcomingId)).toHaveLength(
        UPCOMING_PUBLISH_THRESHOLD,
      );
      // command-api #1 comes back on its port for what follows.
      command1 = await start('command-api', 'command-api #1 (restarted)', { PGAPPNAME: 'command-api #1' }, command1.port);

      // The kill above lands among the likes, before the publication job exists, so that job runs once. Here
      // the instance running it is killed once its append of UpcomingMealPublished has committed but before
      // it can report the job done: a trigger the test adds holds the append on an advisory lock the test
      // holds, the instance whose session waits there is SIGKILLed, then the lock is let go and the append
      // (one statement, already sent whole) commits. An instance takes the job up again once its lock lapses
      // (BullMQ's stalled-job check, 30-60 s) and must find the meal published.
      const again = await call(command2.url, 'POST', '/api/upcomingMeals', {
        token: admin,
        body: { title: 'Chole Bhature', category: 'Lunch', image, ingredients: 'chickpeas', description: 'Spiced', price: 6.5 },
      });
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      const againId = again.body._id as string;
      const PIN = 25_000_002;
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [PIN]);
        const holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
        await pool.query(
          `create or replace function pinned_publication() returns trigger language plpgsql as $$ begin perform pg_advisory_xact_lock_shared(${PIN}); return new; end $$`,
        );
        await pool.query(
          "create trigger pinned_publication after insert on eventstore.events for each row when (new.type = 'UpcomingMealPublished') execute function pinned_publication()",
        );
        for (const [index, member] of members.entries()) {
          const liked = await call(index % 2 ? command1.url : command2.url, 'PATCH', `/api/upcomingMeals/${againId}/like`, {
            token: member.token,
            body: { userEmail: member.email },
          });
          expect(liked.status, JSON.stringify(liked.body)).toBe(200);
        }
        const publishing = await until('an instance to be appending the publication', async () => {
          const { rows } = await pool.query<{ name: string }>('select application_name as name from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [
            holderPid,
          ]);
          return rows[0]?.name;
        });
        const running = publishing === 'command-api #1' ? command1 : command2;
        expect(publishing).toMatch(/^command-api #[12]$/);
        running.child.kill('SIGKILL');
        await running.exited;
        await holder.query('select pg_advisory_unlock($1)', [PIN]);
        await until('the dead instance’s publication to commit', async () =>
          (await events()).some((event) => event.type === 'UpcomingMealPublished' && (event.data as { upcomingId: string }).upcomingId === againId)
            ? true
            : undefined,
        );
        await pool.query('drop trigger pinned_publication on eventstore.events');
        await pool.query('drop function pinned_publication()');
        // Started again at once: either instance may take the job up, once its lock lapses.
        const restarted = await start('command-api', `${running.name} (restarted)`, { PGAPPNAME: publishing }, running.port);
        if (running === command1) command1 = restarted;
        else command2 = restarted;
      } finally {
        await pool.query('drop trigger if exists pinned_publication on eventstore.events');
        await holder.query('select pg_advisory_unlock_all()');
        holder.release();
      }
      await until(
        'a live instance to run the publication job again',
        () =>
          [command1, command2].some((service) =>
            service.logs.some((line) => line.msg === 'job done' && line.queue === JOBS.publishUpcoming && String(line.jobId).includes(againId)),
          )
            ? true
            : undefined,
        90_000,
      );
      await until('the job queue to drain', async () => {
        const depth = (await scrape(command2.url)).filter((sample) => sample.name === 'hostel_job_queue_depth' && sample.labels.state !== 'failed');
        return depth.length > 0 && depth.every((sample) => sample.value === 0) ? true : undefined;
      });
      const after = await events();
      const republished = after.filter((event) => event.type === 'UpcomingMealPublished' && (event.data as { upcomingId: string }).upcomingId === againId);
      expect(republished).toHaveLength(1);
      const againMeal = (republished[0]!.data as { mealId: string }).mealId;
      await until('the published meal to be listed', async () =>
        (await events()).some((event) => event.type === 'MealAdded' && (event.data as { mealId: string }).mealId === againMeal) ? true : undefined,
      );
      expect((await events()).filter((event) => event.type === 'MealAdded' && (event.data as { mealId: string }).mealId === againMeal)).toHaveLength(1);
      timings.publishWithKill = Date.now() - t0;
    });

    it('grants the badge of a payment made while Redis is down and started again, and the job runs under the payment’s correlation id', async () => {
      const t0 = Date.now();
      const student = await register(command2.url, 'payer@hostel.test');
      redis.child.kill('SIGKILL');
      await redis.exited;
      // Redis is gone: the payment is still taken (its events are in the store) and answered at once,
      // the badge waits: 202, pending (200 would mean the grant ran, so Redis was not away). Answered
      // within 10 s: the rate limit's Redis fails fast and is skipped (infrastructure.requestRedis,
      // skipOnError), and the wait for the badge is bounded (awaitFulfilment), so nothing holds the
      // request until Redis is back (which only happens after it here).
      const paid = await pay(command2.url, student.token, AbortSignal.timeout(10_000));
      expect(paid.status, JSON.stringify(paid.body)).toBe(202);
      expect(paid.body).toMatchObject({ status: 'pending' });
      const correlationId = paid.headers.get('x-correlation-id')!;
      // Readiness holds: Redis down degrades (reported), PostgreSQL is there.
      const ready = await call(read2.url, 'GET', '/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.checks).toMatchObject({ postgres: 'ok', redis: 'unreachable' });
      redis = await redis.restart();

      await until(
        'the badge to be granted',
        async () => {
          const user = await call(read2.url, 'GET', `/users/${student.email}`, { token: student.token });
          return user.body.badge === 'Silver' ? true : undefined;
        },
        60_000,
      );
      const granted = (await events()).filter((event) => event.type === 'UserBadgeGranted' && (event.data as { userId: string }).userId === student.userId);
      expect(granted).toHaveLength(1);
      expect(granted[0]!.metadata.correlationId).toBe(correlationId);
      await until('a worker to log the job', () => ([command1, command2].some((service) => logged(service, correlationId, 'job done')) ? true : undefined));
      timings.paymentAcrossRedisRestart = Date.now() - t0;
    });

    it('loses nothing when the projector is SIGKILLed mid-run and started again: the read models equal a fresh rebuild', async () => {
      const t0 = Date.now();
      // Three meals for the burst, and one for each crash pinned inside a batch below.
      const [first, second, third, pinnedAtCheckpoint, pinnedAtWrite] = await Promise.all(
        [1, 2, 3, 4, 5].map(async (n) => {
          const added = await call(command2.url, 'POST', '/api/meals', {
            token: admin,
            body: { title: `Dal ${n}`, category: 'Lunch', image, ingredients: 'lentils', description: 'Yellow', price: 3 },
          });
          return added.body._id as string;
        }),
      );
      const meals = [first!, second!, third!];
      const students = await Promise.all(Array.from({ length: 12 }, (_, index) => register(command1.url, `crowd${index}@hostel.test`)));
      const projected = projector.logs.length;
      const likes = students.flatMap((student, index) =>
        meals.map((mealId) =>
          call(index % 2 ? command1.url : command2.url, 'PATCH', `/api/meals/${mealId}/like`, { token: student.token, body: { userEmail: student.email } }),
        ),
      );
      // Killed once it is seen projecting the burst. A loaded projector takes the burst in batches of more than
      // 20, logged as one 'projected a batch' line with its count, not event by event: count both.
      const eventsProjected = (line: Record<string, unknown>): number =>
        line.msg === 'projected' ? 1 : line.msg === 'projected a batch' ? Number(line.events) : 0;
      await until('the projector to be projecting the likes', () =>
        projector.logs.slice(projected).reduce((sum, line) => sum + eventsProjected(line), 0) >= 3 ? true : undefined,
      );
      projector.child.kill('SIGKILL');
      await projector.exited;
      for (const answer of await Promise.all(likes)) expect(answer.status).toBe(200);
      const caughtUp = () =>
        until(
          'every projection to catch up',
          async () => {
            const lag = (await scrape(projector.url)).filter((sample) => sample.name === 'hostel_projection_lag_events');
            return lag.length > 0 && lag.every((sample) => sample.value === 0) ? true : undefined;
          },
          60_000,
        );
      projector = await start('projector', 'projector (restarted)');
      await caughtUp();

      // A kill mid-burst lands wherever the projector happens to be, mostly between batches. Two more are
      // pinned inside a meal-catalog batch: a trigger the test adds makes meal-catalog's next move of its
      // checkpoint, then its next write of the liked meal, wait on an advisory lock the test holds, and the
      // projector is killed while it waits there. A batch whose writes and checkpoint did not commit as one
      // would keep the writes without the checkpoint at the first (replayed: likes counted twice) or the
      // checkpoint without the writes at the second (likes lost). An advisory lock, not a row lock: the test
      // then holds no transaction open, which the event store's readers would wait out (no event is read past
      // a transaction still open), and the projector would never see the likes.
      const PIN = 25_000_001;
      const pinnedKill = async (table: string, when: string, mealId: string, restarted: string) => {
        const holder = await pool.connect();
        try {
          await holder.query('select pg_advisory_lock($1)', [PIN]);
          const holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
          await pool.query(
            `create or replace function pinned_by_test() returns trigger language plpgsql as $$ begin perform pg_advisory_xact_lock_shared(${PIN}); return new; end $$`,
          );
          await pool.query(`create trigger pinned_by_test before update on ${table} for each row when (${when}) execute function pinned_by_test()`);
          const pinnedLikes = students
            .slice(0, 4)
            .map((student, index) =>
              call(index % 2 ? command1.url : command2.url, 'PATCH', `/api/meals/${mealId}/like`, { token: student.token, body: { userEmail: student.email } }),
            );
          const waiting = await until('meal-catalog to wait on the test’s lock', async () => {
            const { rows } = await pool.query<{ pid: number }>('select pid from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [holderPid]);
            return rows.length > 0 ? rows.map((row) => row.pid) : undefined;
          });
          projector.child.kill('SIGKILL');
          await projector.exited;
          // PostgreSQL ends a dead client's session when it next reads its socket, which a session waiting on
          // a lock does not: ended here, as it would be, before the lock is let go.
          await pool.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [waiting]);
          await pool.query(`drop trigger pinned_by_test on ${table}`);
          await holder.query('select pg_advisory_unlock($1)', [PIN]);
          for (const answer of await Promise.all(pinnedLikes)) expect(answer.status).toBe(200);
        } finally {
          await pool.query(`drop trigger if exists pinned_by_test on ${table}`);
          await holder.query('select pg_advisory_unlock_all()');
          holder.release();
        }
        projector = await start('projector', restarted);
        await caughtUp();
      };
      await pinnedKill('projection_checkpoints', "new.name = 'meal-catalog'", pinnedAtCheckpoint!, 'projector (restarted after a kill at its checkpoint)');
      await pinnedKill('meals', `new.id::text = '${pinnedAtWrite!}'`, pinnedAtWrite!, 'projector (restarted after a kill at its writes)');
      await pool.query('drop function pinned_by_test()');

      const db = createDb<ReadModelTables>(pool);
      const tables = [...new Set(projections.flatMap((projection) => projection.tables))];
      const contents = async () => {
        const answer: Record<string, string[]> = {};
        for (const table of tables) {
          const { rows } = await sql<{ row: string }>`select row_to_json(t)::text as row from ${sql.table(table)} as t order by 1`.execute(db);
          answer[table] = rows.map((row) => row.row);
        }
        return answer;
      };
      const live = await contents();
      expect(Object.values(live).flat().length).toBeGreaterThan(0);
      await rebuildReadModels({ store, db, stream: { write: () => true } as unknown as NodeJS.WritableStream });
      expect(await contents()).toEqual(live);
      timings.projectorKill = Date.now() - t0;
    });

    it('drains on SIGTERM: read-api #1 answers the read it is holding, then exits 0', async () => {
      const t0 = Date.now();
      const before = read1.logs.length;
      // A read that waits (up to MIN_POSITION_WAIT_MS) for a position the log has not reached: in flight for sure.
      const holding = call(read1.url, 'GET', '/api/meals', { headers: { 'x-min-position': '999999999/0' } });
      await until('read-api #1 to hold the read', () =>
        read1.logs.slice(before).some((line) => line.msg === 'incoming request' && (line.req as { url?: string } | undefined)?.url === '/api/meals')
          ? true
          : undefined,
      );
      read1.child.kill('SIGTERM');
      const answer = await holding;
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.headers.get('x-position-reached')).toBe('false');
      expect(await read1.exited).toEqual({ code: 0, signal: null });
      expect(read1.logs.slice(before).map((line) => line.msg)).toEqual(
        expect.arrayContaining(['stopping: draining the requests and jobs in flight', 'stopped']),
      );
      timings.drain = Date.now() - t0;
    });
  });
}
