/**
 * `npm run bench:live-likes`: CLIENTS socket.io clients watch /UpcomingMeals (the `upcoming` room)
 * while members like upcoming meals at a steady RATE per second for SECONDS. For every like and every
 * client it measures the time from sending the like to that client receiving its push; it prints
 * p50 / p99 / max, the like answers' own p50 / p99 (the command side alone) and the likes per second
 * the server sustained. Environment: BENCH_CLIENTS (500), BENCH_RATE (100), BENCH_SECONDS (20);
 * BENCH_PROF=1 writes the server's CPU profile to /tmp/prof (open it in Chrome DevTools).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import { UPCOMING_PUBLISH_THRESHOLD, rooms } from '@hostel/contracts';
import { createFreshDatabase } from '@hostel/platform/testing';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const LIKES = RATE * SECONDS;
/** Each meal takes fewer likes than the threshold, so the load is likes, not publications. */
const LIKES_PER_MEAL = UPCOMING_PUBLISH_THRESHOLD - 1;
const MEALS = Math.ceil(LIKES / LIKES_PER_MEAL);
const MEMBERS = LIKES_PER_MEAL;
const here = fileURLToPath(new URL('.', import.meta.url));

const database = await createFreshDatabase('bench');
const server = spawn(process.execPath, [...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []), '--import', 'tsx', join(here, 'server.ts'), database.url], { stdio: ['ignore', 'pipe', 'inherit'] });
const sockets: Socket[] = [];
try {
  const port = await new Promise<number>((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    server.stdout!.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  const base = `http://127.0.0.1:${port}`;
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const response = await fetch(base + path, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const register = async (email: string) => (await call('POST', '/api/auth/register', undefined, { name: email.split('@')[0], email, password: 'bench-pass-1' })).token as string;

  console.log(`setting up: ${MEALS} upcoming meals, ${MEMBERS} Silver members, ${CLIENTS} watching clients…`);
  const admin = await register('bench-admin@hostel.test');
  const form = new FormData();
  // A 1×1 PNG: the media endpoint re-encodes whatever it accepts.
  form.append('file', new Blob([Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z/C/HgAGgwJ/lK3Q6wAAAABJRU5ErkJggg==', 'base64')], { type: 'image/png' }), 'meal.png');
  const image = ((await (await fetch(`${base}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form })).json()) as { url: string }).url;
  const meals: string[] = [];
  for (let index = 0; index < MEALS; index++) {
    meals.push((await call('POST', '/api/upcomingMeals', admin, { title: `Bench meal ${index}`, category: 'Lunch', image, ingredients: 'rice', description: 'Benchmark', price: 5 }))._id as string);
  }
  const members = await Promise.all(Array.from({ length: MEMBERS }, async (_, index) => {
    const token = await register(`bench-member-${index}@example.com`);
    await call('POST', '/payment', token, { package: 'Silver', stripeToken: 'tok_visa' });
    return token;
  }));

  // Every client counts, per meal, the pushes it has received; the n-th push for a meal answers the n-th like sent for it.
  const sent = new Map<string, number[]>();
  const latencies: number[] = [];
  let received = 0;
  await Promise.all(Array.from({ length: CLIENTS }, () => new Promise<void>((resolve, reject) => {
    const socket = io(base, { path: '/socket.io', transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    const seen = new Map<string, number>();
    socket.on('changed', ({ resource, id }: { resource: string; id?: string }) => {
      if (resource !== 'upcomingMeals' || !id) return;
      const count = (seen.get(id) ?? 0) + 1;
      seen.set(id, count);
      const at = sent.get(id)?.[count - 1];
      if (at !== undefined) latencies.push(performance.now() - at);
      received++;
    });
    socket.on('connect_error', reject);
    socket.on('connect', () => socket.emit('subscribe', rooms.upcoming, () => resolve()));
  })));

  console.log(`liking at ${RATE}/s for ${SECONDS} s (${LIKES} likes)…`);
  let failures = 0;
  const answerTimes: number[] = [];
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let like = 0; like < LIKES; like++) {
    // A steady rate: each like leaves at its slot, whatever the answers before it are doing.
    const slot = started + (like * 1000) / RATE;
    const wait = slot - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const meal = meals[Math.floor(like / LIKES_PER_MEAL)]!;
    const member = members[like % LIKES_PER_MEAL]!;
    (sent.get(meal) ?? sent.set(meal, []).get(meal)!).push(performance.now());
    const sentAt = performance.now();
    inFlight.push(call('PATCH', `/api/upcomingMeals/${meal}/like`, member).then(() => void answerTimes.push(performance.now() - sentAt), () => void failures++));
  }
  await Promise.all(inFlight);
  const answeredIn = (performance.now() - started) / 1000;
  // The last pushes are on their way: wait until every client has every push, or 5 s.
  const deadline = performance.now() + 5000;
  while (received < LIKES * CLIENTS && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

  const quantiles = (values: number[]) => {
    values.sort((a, b) => a - b);
    return (quantile: number) => values[Math.min(values.length - 1, Math.floor(quantile * values.length))]?.toFixed(1) ?? 'n/a';
  };
  const at = quantiles(latencies);
  const answered = quantiles(answerTimes);
  console.log(`\nlive likes: ${CLIENTS} clients on the upcoming room, ${LIKES} likes at ${RATE}/s (server, clients and load share this machine's cores)`);
  console.log(`likes answered: ${LIKES - failures} of ${LIKES} in ${answeredIn.toFixed(1)} s → ${((LIKES - failures) / answeredIn).toFixed(0)} likes/s sustained`);
  console.log(`like answered (HTTP): p50 ${answered(0.5)} ms, p99 ${answered(0.99)} ms, max ${answered(1)} ms`);
  console.log(`pushes received: ${received} of ${LIKES * CLIENTS} expected`);
  console.log(`like → push received, per client: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms  (target: p99 ≤ 100 ms at 100 likes/s with 500 clients)`);
} finally {
  for (const socket of sockets) socket.disconnect();
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve(undefined) : server.once('exit', resolve)));
  await database.drop();
}
