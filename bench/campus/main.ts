/**
 * `npm run bench:campus`: the compose deployment (docker-compose.yml on a container engine, every image
 * built, EVENT_STORE=postgres as in test:deploy) under a campus's evening, beside the embedded product
 * (`npm start`'s one process) at the same load, in the same run. BENCH_SOCKETS (10,000) socket.io
 * clients watch the upcoming meals through the gateway (spread over the two read-apis), while members
 * like at BENCH_RATE (200) a second for BENCH_SECONDS (20): the like's answer and like → push p50 / p99
 * per client, pushes missed, and each container's (or the embedded process's) highest CPU and memory
 * while it ran. Then the load grows step by step (BENCH_STEPS, `sockets x rate` pairs) until a step
 * breaks (pushes missed, likes failed, or like → push p99 over BENCH_TARGET_MS, 150), and says which
 * part was at its limit there. Everything shares this machine's cores; run it alone
 * (flock /tmp/heavy.lock).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parsePosition } from '@hostel/eventstore';
import { freePort } from '@hostel/platform/net';
import { createFreshDatabase } from '@hostel/platform/testing';
import { run, startComposeDeployment } from '@hostel/deploy/containers';
import type { StartedDeployment } from '@hostel/deploy/containers';
import { root, until } from '@hostel/deploy/topology';
import { likeOf, mealsToLike } from '../live-likes/liked-meals';
import { failureBreakdown, likeAtSteadyRate, pushLatencies, watchUpcoming } from '../live-likes/pushes';
import type { FailedLikes } from '../live-likes/pushes';
import { machineCpuBetween, machineReadingOf, readContainerStats, usageBetween } from './container-usage';
import type { StatsReading } from './container-usage';
import { productApi } from '../product-api';
import { startServerProcess } from '../server-process';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const TARGET_MS = Number(process.env.BENCH_TARGET_MS ?? 150);
/** The steps after the default load, `sockets x rate`; the client's own open-file limit caps the sockets. */
const STEPS = (process.env.BENCH_STEPS ?? '10000x400,10000x800,15000x200')
  .split(',')
  .filter(Boolean)
  .map((step) => step.split('x').map(Number) as [number, number]);

interface Usage {
  /** Highest CPU seen, in % of one core. */
  cpu: number;
  /** Highest memory seen, MB. */
  memoryMb: number;
}

interface Figures {
  sockets: number;
  rate: number;
  likesPerSecond: number;
  failures: number;
  /** The failed likes by reason (status and message, or the network's error). */
  failed: ReadonlyMap<string, FailedLikes>;
  likeP50: number;
  likeP99: number;
  pushP50: number;
  pushP99: number;
  missed: number;
  usage: Record<string, Usage>;
  /** The whole machine's cores while the likes ran, in % of one core: the mean, and the busiest second. */
  machineCpu: { mean: number; highest: number };
  /** This process (the sockets and the likes), in % of one core, the mean while the likes ran. */
  loadCpu: number;
}

interface Target {
  name: string;
  base: string;
  /** The containers' or the process's CPU and memory now. */
  sample(): Promise<Record<string, Usage>>;
  grantAdmin(email: string): Promise<void>;
  close(): Promise<void>;
}

const CORES = availableParallelism();
const machineNow = () => machineReadingOf(readFileSync('/proc/stat', 'utf8'));

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? Number.NaN;

async function compose(): Promise<Target & { started: StartedDeployment }> {
  const started = await startComposeDeployment({
    project: 'hostel-bench-campus',
    port: Number(process.env.BENCH_PORT ?? (await freePort())),
    overrides: ['deploy/test/compose.test.yml', 'bench/campus/compose.bench.yml'],
    log: () => {},
  });
  const { deployment } = started;
  console.log(`compose: images built in ${Math.round(started.buildMs / 1000)} s, up → ready in ${(started.upToReadyMs / 1000).toFixed(1)} s`);
  const ids = new Map(await Promise.all(started.services.map(async (service) => [await deployment.container(service), service] as const)));
  const dockerHost = deployment.engine.env.DOCKER_HOST ?? 'unix:///var/run/docker.sock';
  const readings = new Map<string, StatsReading>();
  return {
    name: 'compose (gateway, 2 command-api, 2 read-api, projector, PostgreSQL, Redis)',
    base: started.base,
    started,
    // Each container's cumulative CPU time from the stats endpoint, against the reading before it
    // (bench/campus/container-usage.ts: `docker stats` reads 0% under podman).
    async sample() {
      const usage: Record<string, Usage> = {};
      await Promise.all(
        [...ids].map(async ([id, service]) => {
          const now = await readContainerStats(dockerHost, id);
          const { cpu, memoryMb } = usageBetween(readings.get(id), now);
          readings.set(id, now);
          usage[service] = { cpu: Number.isFinite(cpu) ? cpu : 0, memoryMb };
        }),
      );
      return usage;
    },
    // Run again when it fails, as test:deploy does: right after up, on a busy machine, its first connection may miss the pool's 3 s.
    grantAdmin: async (email) =>
      void (await until(
        'the admin grant',
        () => deployment.exec('command-api-1', ['npm', 'run', '--silent', 'admin', '--', 'grant', email], 120_000),
        180_000,
        2000,
      )),
    // Each service's log is kept (a failed like's cause is in command-api's): said where, as the run ends.
    async close() {
      const logs = join(root, 'test-results', 'bench-campus-logs');
      await started.down(logs);
      console.log(`compose: each service's log kept in ${logs}`);
    },
  };
}

async function embedded(): Promise<Target> {
  const database = await createFreshDatabase('bench_campus');
  const server = await startServerProcess(join(root, 'bench/product-server.ts'), [database.url]);
  let last: { at: number; ticks: number } | undefined;
  return {
    name: 'embedded (npm start, one process)',
    base: `http://127.0.0.1:${server.port}`,
    async sample() {
      // utime + stime in clock ticks (100 a second), and the resident set, from /proc.
      const { stdout } = await run(['cat', `/proc/${server.child.pid}/stat`, `/proc/${server.child.pid}/status`]);
      const fields = stdout.split(') ')[1]!.split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      const at = performance.now();
      const cpu = last ? ((ticks - last.ticks) / 100 / ((at - last.at) / 1000)) * 100 : 0;
      last = { at, ticks };
      return { 'embedded process': { cpu, memoryMb: Number(/VmRSS:\s+(\d+)/.exec(stdout)?.[1]) / 1024 } };
    },
    async grantAdmin(email) {
      await promisify(execFile)(process.execPath, ['--import', 'tsx', join(root, 'ops/src/main.ts'), 'admin', 'grant', email], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: database.url },
      });
    },
    async close() {
      await server.stop();
      await database.drop();
    },
  };
}

/** An admin, the upcoming meals a run needs (each liked below the publication threshold) and Silver members. */
async function prepare(target: Target, likes: number) {
  const api = productApi(target.base);
  const { call, register } = api;
  const email = `campus-admin-${randomUUID().slice(0, 8)}@hostel.test`;
  await register(email);
  await target.grantAdmin(email);
  const admin = (await call('POST', '/api/auth/login', undefined, { email, password: 'bench-pass-1' })).token as string;
  const { meals, members } = await mealsToLike(api, admin, {
    likes,
    meal: { title: 'Campus meal', category: 'Dinner', description: 'Evening' },
    memberEmail: (index) => `campus-${randomUUID().slice(0, 8)}-${index}@hostel.test`,
  });
  await until(
    'the members’ badges',
    async () => {
      const badges = await Promise.all(members.map(async (member) => (await call('GET', `/users/${member.email}`, member.token)).badge));
      return badges.every((badge) => badge === 'Silver') ? true : undefined;
    },
    60_000,
  );
  return { call, meals, members };
}

async function measure(target: Target, sockets: number, rate: number): Promise<Figures> {
  const likes = rate * SECONDS;
  const { call, meals, members } = await prepare(target, likes);
  const watching = await watchUpcoming([target.base], sockets);
  const usage: Record<string, Usage> = {};
  let machineHighest = 0;
  let sampling = true;
  const sampler = (async () => {
    let machineBefore = machineNow();
    while (sampling) {
      for (const [name, now] of Object.entries(await target.sample().catch(() => ({}) as Record<string, Usage>)))
        usage[name] = { cpu: Math.max(usage[name]?.cpu ?? 0, now.cpu), memoryMb: Math.max(usage[name]?.memoryMb ?? 0, now.memoryMb) };
      const machine = machineNow();
      machineHighest = Math.max(machineHighest, machineCpuBetween(machineBefore, machine, CORES) || 0);
      machineBefore = machine;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  const machineAtStart = machineNow();
  const loadAtStart = { cpu: process.cpuUsage(), at: performance.now() };
  try {
    const sent = await likeAtSteadyRate(likes, rate, async (like) => {
      const { meal, member: liker } = likeOf(like, meals.length);
      const member = members[liker]!;
      const answer = await call('PATCH', `/api/upcomingMeals/${meals[meal]!}/like`, member.token, { userEmail: member.email });
      const position = parsePosition(String(answer.position));
      if (!position) throw new Error(`answered without a position: ${JSON.stringify(answer).slice(0, 200)}`);
      return position;
    });
    const { latencies, missed } = await pushLatencies(watching.clients, sent.likes);
    const answered = sent.likes.map((like) => like.answeredAt - like.sentAt);
    const loadUsed = process.cpuUsage(loadAtStart.cpu);
    return {
      machineCpu: { mean: machineCpuBetween(machineAtStart, machineNow(), CORES), highest: machineHighest },
      loadCpu: ((loadUsed.user + loadUsed.system) / 1000 / (performance.now() - loadAtStart.at)) * 100,
      sockets,
      rate,
      likesPerSecond: sent.likes.length / sent.seconds,
      failures: sent.failures,
      failed: sent.failed,
      likeP50: quantile(answered, 0.5),
      likeP99: quantile(answered, 0.99),
      pushP50: quantile(latencies, 0.5),
      pushP99: quantile(latencies, 0.99),
      missed,
      usage,
    };
  } finally {
    sampling = false;
    await sampler;
    watching.disconnect();
  }
}

const format = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : 'n/a');
const row = (name: string, figures: Figures) =>
  `| ${name} | ${figures.sockets} | ${figures.rate} | ${figures.likesPerSecond.toFixed(0)} | ${figures.failures} | ${format(figures.likeP50)} | ${format(figures.likeP99)} | ${format(figures.pushP50)} | ${format(figures.pushP99)} | ${figures.missed} | ${Object.entries(
    figures.usage,
  )
    .sort(([, a], [, b]) => b.cpu - a.cpu)
    .map(([service, { cpu, memoryMb }]) => `${service} ${cpu.toFixed(0)}% ${memoryMb.toFixed(0)} MB`)
    .join(
      ', ',
    )} | ${format(figures.machineCpu.mean)}% (${format(figures.machineCpu.highest)}%) of ${CORES * 100}%, the load generator ${format(figures.loadCpu)}% |`;
const broke = (figures: Figures) => figures.missed > 0 || figures.failures > 0 || !(figures.pushP99 <= TARGET_MS);
/**
 * The part at its limit: the machine's cores when they were busy most of the run (everything shares
 * them: no container can then take the core it would need, whichever is busiest), else the busiest
 * container (a core is 100%).
 */
const limitOf = (figures: Figures) => {
  const [busiest, usage] = Object.entries(figures.usage).sort(([, a], [, b]) => b.cpu - a.cpu)[0] ?? ['n/a', { cpu: 0, memoryMb: 0 }];
  if (figures.machineCpu.mean >= 0.9 * CORES * 100)
    return `the machine's ${CORES} cores, ${format(figures.machineCpu.mean)}% busy of ${CORES * 100}% through the run (busiest: ${busiest} at ${usage.cpu.toFixed(0)}% of a core, the load generator ${format(figures.loadCpu)}%)`;
  return `${busiest} at ${usage.cpu.toFixed(0)}% CPU (the machine ${format(figures.machineCpu.mean)}% of ${CORES * 100}%)`;
};

const rows: string[] = [];
/** Each measured row's failed likes by reason, printed under the table. */
const failures: string[] = [];
const report = (name: string, figures: Figures) => {
  rows.push(row(name, figures));
  const reasons = failureBreakdown(figures.failed);
  if (reasons.length > 0) failures.push(`${name}, ${figures.sockets} sockets at ${figures.rate} likes/s:`, ...reasons.map((reason) => `  ${reason}`));
  // Each row as it is measured: a later failure leaves it in the output.
  console.log([rows.at(-1), ...reasons.map((reason) => `  likes failed: ${reason}`)].join('\n'));
};
let verdict = '';
// A socket that fails while others connect can report again once let go (a WebSocket error with no
// listener left): counted, so the run still prints what it measured instead of ending on it.
let lateSocketErrors = 0;
process.on('uncaughtException', (error) => {
  if (error.name !== 'TransportError') throw error;
  lateSocketErrors++;
});
for (const open of [embedded, compose]) {
  const target = await open();
  try {
    console.log(`measuring ${target.name}: ${SOCKETS} sockets, ${RATE} likes/s for ${SECONDS} s…`);
    const figures = await measure(target, SOCKETS, RATE).catch((error: unknown) => {
      verdict += `${verdict ? '; ' : ''}${target.name} failed at the default load (${SOCKETS} sockets, ${RATE} likes/s): ${String(error).slice(0, 200)}`;
      return undefined;
    });
    if (!figures) continue;
    report(target.name, figures);
    if (open === compose) {
      verdict = broke(figures)
        ? `default load not met: like → push p99 ${format(figures.pushP99)} ms, ${figures.missed} missed, ${figures.failures} likes failed; the limit: ${limitOf(figures)}`
        : `default load met: like → push p99 ${format(figures.pushP99)} ms ≤ ${TARGET_MS} ms, 0 missed`;
      for (const [sockets, rate] of broke(figures) ? [] : STEPS) {
        console.log(`step: ${sockets} sockets, ${rate} likes/s…`);
        const step = await measure(target, sockets, rate).catch((error: unknown) => {
          verdict += `; at ${sockets} sockets and ${rate} likes/s it failed: ${String(error).slice(0, 200)}`;
          return undefined;
        });
        if (!step) break;
        report(`${target.name}, step`, step);
        if (broke(step)) {
          verdict += `; first to break: ${sockets} sockets at ${rate} likes/s (like → push p99 ${format(step.pushP99)} ms, ${step.missed} missed, ${step.failures} failed), ${limitOf(step)}`;
          break;
        }
      }
    }
  } finally {
    await target.close();
  }
}
console.log(`\nbench:campus — like → push through the gateway, ${SECONDS} s per run (everything on this machine's cores)`);
console.log(
  '| deployment | sockets | likes/s asked | likes/s done | likes failed | like p50 ms | like p99 ms | like→push p50 ms | like→push p99 ms | pushes missed | highest CPU and memory | machine CPU, mean (busiest second) |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const line of rows) console.log(line);
if (failures.length > 0) console.log(`\nlikes failed, by the answer (or the network's error), most first:\n${failures.join('\n')}`);
console.log(`\n${verdict}${lateSocketErrors ? ` (${lateSocketErrors} socket errors after their sockets were let go)` : ''}`);
