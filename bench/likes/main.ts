/**
 * `npm run bench:likes`: what a like costs as a meal grows popular, measured in one run.
 *
 * 1. The like command (the route's own `likeMeal`, against PostgreSQL) on meals with 0, 1,000, 10,000
 *    and 100,000 earlier likes, sampled round-robin so the machine's noise falls on every size alike;
 *    next to it, the model before (every like in the meal's stream, folded on every like) at the
 *    sizes it can still do. Target: p99 at 100,000 within 1.5× of p99 at 0.
 * 2. 50 clients liking one hot meal at once through HTTP (the whole product in its own process),
 *    next to the raw append rate of the same events (a like stream each, `no_stream`) from 50
 *    writers in the same run. Target: at least half of it, with 0 × 409 and 0 × 5xx.
 * 3. Every other command whose stream grows with use, at a short and a long history (stream-growth.ts).
 * 4. What read-your-writes costs a like through HTTP: the answer waits until every read model shows the
 *    like (at most COMMAND_READABLE_WAIT_MS, 1 s). Two products side by side, one with the wait and one
 *    with COMMAND_READABLE_WAIT_MS=0, liked in turn by one client (a member of its own each time); the
 *    like's p50/p99 on each, and how often the wait ran out.
 *
 * Environment: BENCH_PARTS (1,2,3,4), BENCH_WAIT_SAMPLES (400 likes on each product), BENCH_SAMPLES (300 likes per size), BENCH_HOT_LIKES (2,000 a round: a warm-up round, then three measured); BENCH_PROF=1 writes the
 * server's CPU profile to /tmp/prof (open it in Chrome DevTools).
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { COMMAND_READABLE_WAIT_MS } from '@hostel/contracts';
import type { EventOf } from '@hostel/contracts';
import { envelope, evolveMeal, handleCommand, likeMeal, likeStream, mealStream, notFound } from '@hostel/domain';
import type { Decider, MealEvent, MealState } from '@hostel/domain';
import type { EventStore } from '@hostel/eventstore';
import { createPostgresEventStore, migrateEventStore } from '@hostel/eventstore/postgres';
import { createFreshDatabase } from '@hostel/platform/testing';
import { percentile } from '../percentile';
import { startSignedProduct } from '../product-api';
import { measureStreamGrowth } from './stream-growth';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const HOT_LIKES = Number(process.env.BENCH_HOT_LIKES ?? 2000);
const CLIENTS = 50;
const PARTS = (process.env.BENCH_PARTS ?? '1,2,3,4').split(',');
const WAIT_SAMPLES = Number(process.env.BENCH_WAIT_SAMPLES ?? 400);
const SIZES = [0, 1_000, 10_000, 100_000];
/** The model before can fold a stream of ten thousand likes on every like, but not a hundred thousand. */
const OLD_SIZES = [0, 1_000, 10_000];
const OLD_SAMPLES = 30;
const context = () => ({ actor: 'bench', correlationId: randomUUID() });
const ms = (value: number) => `${value.toFixed(1)} ms`;

const database = await createFreshDatabase('likes');
const pool = new pg.Pool({ connectionString: database.url, max: CLIENTS + 2 });
pool.on('error', () => {});
await migrateEventStore(pool);
const store = createPostgresEventStore({ pool });

async function newMeal(eventStore: EventStore, title: string) {
  const mealId = randomUUID();
  const added: EventOf<'MealAdded'> = {
    type: 'MealAdded',
    data: {
      mealId,
      title,
      category: 'Lunch',
      image: '/api/media/bench.webp',
      ingredients: ['rice'],
      description: 'Benchmark',
      price: 5,
      distributorName: 'Chef',
      distributorEmail: 'chef@example.com',
      postTime: new Date().toISOString(),
      rating: 0,
    },
  };
  await eventStore.append(mealStream(mealId), [envelope(added, context())], { expectedVersion: 'no_stream' });
  return mealId;
}

/** `count` earlier likes written in bulk, each as the model writes it: a stream of its own, or (`inMealStream`) the meal's. */
async function seedLikes(mealId: string, count: number, inMealStream: boolean) {
  const metadata = JSON.stringify({ actor: 'seed', correlationId: 'seed', causationId: 'seed', occurredAt: new Date().toISOString(), schemaVersion: 1 });
  for (let from = 0; from < count; from += 10_000) {
    const size = Math.min(10_000, count - from);
    await pool.query(
      `insert into eventstore.events (stream_id, stream_version, event_id, type, data, metadata)
       select case when $5 then $1 else 'like-' || $2 || '.seed-' || ($3 + g) end, case when $5 then 1 + $3 + g else 0 end,
              gen_random_uuid(), 'MealLiked', jsonb_build_object('mealId', $2::text, 'userId', 'seed-' || ($3 + g)), $6::jsonb
       from generate_series(0, $4 - 1) g`,
      [mealStream(mealId), mealId, from, size, inMealStream, metadata],
    );
  }
  await pool.query('analyze eventstore.events');
}

/** The model before this one, as it was: the meal's decider liked, reading and appending to the meal's own stream. */
const likedInMealStream: Decider<{ userId: string }, MealEvent, MealState> = {
  initialState: { status: 'none' },
  evolve: evolveMeal,
  decide: ({ userId }, meal) => {
    if (meal.status !== 'listed') throw notFound('Meal not found');
    return meal.likedBy.includes(userId) ? [] : [{ type: 'MealLiked', data: { mealId: meal.mealId, userId } }];
  },
};

async function timeRoundRobin(meals: { size: number; like: () => Promise<unknown> }[], samples: number) {
  const times = new Map(meals.map((meal) => [meal.size, [] as number[]]));
  for (const meal of meals) for (let warm = 0; warm < 3; warm++) await meal.like();
  for (let sample = 0; sample < samples; sample++) {
    for (const meal of meals) {
      const started = performance.now();
      await meal.like();
      times.get(meal.size)!.push(performance.now() - started);
    }
  }
  return times;
}

/** Part 2's raw rate: the same events appended straight to the store by CLIENTS writers. */
async function rawAppendRate(eventStore: EventStore, mealId: string, count: number) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < count) {
        next++;
        const userId = randomUUID();
        await eventStore.append(likeStream(mealId, userId), [envelope({ type: 'MealLiked', data: { mealId, userId } }, context())], {
          expectedVersion: 'no_stream',
        });
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

const ROUNDS = 3;

/** Waits until every read model of the product on `db` has applied the whole log (so the next round starts quiet). */
async function caughtUp(db: pg.Pool) {
  for (;;) {
    const { rows } = await db.query<{ behind: number }>(
      `select count(*)::int as behind from projection_checkpoints c, (select transaction_id, global_position from eventstore.events
         order by transaction_id desc, global_position desc limit 1) e
       where (c.position_a::numeric, c.position_b::numeric) < (e.transaction_id::text::numeric, e.global_position::numeric)`,
    );
    if (rows[0]?.behind === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The product in its own process on a database of its own (on part 1's it would first project 120,000
 * likes). Rounds alternate: HOT_LIKES likes through HTTP, then the same number of raw appends into
 * a bare event store (a database with no product attached: the store's own rate), so the machine's
 * noise falls on both alike; medians of the rounds.
 */
async function hotMealThroughHttp() {
  const hotDatabase = await createFreshDatabase('hotlikes');
  const rawDatabase = await createFreshDatabase('rawlikes');
  const pools = [hotDatabase, rawDatabase].map((database) => {
    const pool = new pg.Pool({ connectionString: database.url, max: CLIENTS + 2 });
    pool.on('error', () => {});
    return pool;
  });
  const [hotPool, rawPool] = pools as [pg.Pool, pg.Pool];
  await migrateEventStore(hotPool);
  await migrateEventStore(rawPool);
  const hotStore = createPostgresEventStore({ pool: hotPool });
  const rawStore = createPostgresEventStore({ pool: rawPool });
  const { server, sign } = await startSignedProduct(hotDatabase.url);
  try {
    const { port } = server;
    const mealId = await newMeal(hotStore, 'Hot meal');
    const rawMeal = await newMeal(rawStore, 'Raw appends');
    const statuses = new Map<number, number>();
    const rates: { likes: number; raw: number }[] = [];
    // Round 0 warms the product (its code compiled, its connections open, its caches filled) and is not counted.
    for (let round = 0; round <= ROUNDS; round++) {
      // Each like by a member of its own (one like each): tokens signed here with the server's key.
      const tokens = await Promise.all(
        Array.from({ length: HOT_LIKES }, (_, index) => sign({ sub: randomUUID(), email: `fan-${index}@example.com`, name: `Fan ${index}`, role: 'user' })),
      );
      await caughtUp(hotPool);
      // autocannon, not fetch: the load generator shares this machine's two cores with the server and
      // PostgreSQL, so it should cost as little as it can. Each request carries the next member's token.
      let next = 0;
      let answered = 0;
      let lastAnswerAt = Number.NaN;
      const started = performance.now();
      const run = autocannon({
        url: `http://127.0.0.1:${port}`,
        connections: CLIENTS,
        amount: tokens.length,
        requests: [
          {
            method: 'PATCH',
            path: `/api/meals/${mealId}/like`,
            setupRequest: (request) => ({ ...request, headers: { ...request.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` } }),
          },
        ],
      });
      // Timed by the last answer: autocannon notices it is done only at its next one-second tick.
      run.on('response', () => {
        if (++answered === tokens.length) lastAnswerAt = performance.now();
      });
      const result = await run;
      for (const [status, { count }] of Object.entries(result.statusCodeStats)) statuses.set(Number(status), (statuses.get(Number(status)) ?? 0) + count);
      const likes = tokens.length / ((lastAnswerAt - started) / 1000);
      await caughtUp(hotPool);
      const raw = await rawAppendRate(rawStore, rawMeal, HOT_LIKES);
      if (round > 0) rates.push({ likes, raw });
      console.log(`  ${round === 0 ? 'warm-up round' : `round ${round}`}: ${likes.toFixed(0)} likes/s through HTTP, ${raw.toFixed(0)} raw appends/s`);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    return { likesPerSecond: median(rates.map((rate) => rate.likes)), raw: median(rates.map((rate) => rate.raw)), statuses };
  } finally {
    await server.stop();
    await hotStore.close();
    await rawStore.close();
    for (const pool of pools) await pool.end();
    await hotDatabase.drop();
    await rawDatabase.drop();
  }
}

try {
  if (PARTS.includes('1')) await likeCommandBySize();
  if (PARTS.includes('2')) await hotMeal();
  if (PARTS.includes('3')) await otherStreams();
  if (PARTS.includes('4')) await readableWait();
} finally {
  await store.close();
  await pool.end();
  await database.drop();
}

async function likeCommandBySize() {
  console.log(`1. the like command on one meal, by earlier likes (${SAMPLES} likes at each size, taken in turn)…`);
  const meals = [];
  for (const size of SIZES) {
    const mealId = await newMeal(store, `Liked ${size} times`);
    await seedLikes(mealId, size, false);
    meals.push({ size, like: () => likeMeal(store, mealId, randomUUID(), context()) });
  }
  const now = await timeRoundRobin(meals, SAMPLES);
  const oldMeals = [];
  for (const size of OLD_SIZES) {
    const mealId = await newMeal(store, `Liked ${size} times, in its stream`);
    await seedLikes(mealId, size, true);
    oldMeals.push({ size, like: () => handleCommand(store, mealStream(mealId), likedInMealStream, { userId: randomUUID() }, context()) });
  }
  const before = await timeRoundRobin(oldMeals, OLD_SAMPLES);

  console.log('\n| earlier likes on the meal | like p50 | like p99 | before (likes in the meal stream) p50 | p99 |');
  console.log('|---|---|---|---|---|');
  for (const size of SIZES) {
    const times = now.get(size)!;
    const old = before.get(size);
    console.log(
      `| ${size.toLocaleString('en')} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 99))} | ${old ? ms(percentile(old, 50)) : 'not run'} | ${old ? ms(percentile(old, 99)) : 'not run'} |`,
    );
  }
  const ratio = percentile(now.get(100_000)!, 99) / percentile(now.get(0)!, 99);
  console.log(`\np99 at 100,000 earlier likes / p99 at 0: ${ratio.toFixed(2)}× (target ≤ 1.5×) ${ratio <= 1.5 ? 'MET' : 'NOT MET'}`);
}

async function hotMeal() {
  console.log(
    `\n2. ${CLIENTS} clients liking one hot meal through HTTP (${HOT_LIKES.toLocaleString('en')} likes a round, each by a member of its own), rounds alternating with raw appends…`,
  );
  const hot = await hotMealThroughHttp();
  const share = hot.likesPerSecond / hot.raw;
  const refused = [...hot.statuses].filter(([status]) => status !== 200);
  console.log(
    `likes through HTTP (median): ${hot.likesPerSecond.toFixed(0)}/s; answers ${[...hot.statuses].map(([status, count]) => `${count} × ${status}`).join(', ')}`,
  );
  console.log(`raw appends of the same events by ${CLIENTS} writers to a bare store (median): ${hot.raw.toFixed(0)}/s`);
  console.log(`likes/s ÷ raw append rate: ${share.toFixed(2)} (target ≥ 0.5, 0 × 409, 0 × 5xx) ${share >= 0.5 && refused.length === 0 ? 'MET' : 'NOT MET'}`);
}

async function otherStreams() {
  console.log('\n3. every other command whose stream grows with use…');
  console.log('\n| command | history | p50 | p99 |');
  console.log('|---|---|---|---|');
  for (const row of await measureStreamGrowth(store)) console.log(`| ${row.command} | ${row.history} | ${ms(row.p50)} | ${ms(row.p99)} |`);
}

/** One product on a database of its own, its members' tokens signed here, with one meal to like. */
async function likedProduct(env: Record<string, string>) {
  const productDatabase = await createFreshDatabase('waitlikes');
  const productPool = new pg.Pool({ connectionString: productDatabase.url, max: 2 });
  productPool.on('error', () => {});
  await migrateEventStore(productPool);
  const productStore = createPostgresEventStore({ pool: productPool });
  const mealId = await newMeal(productStore, 'Liked and read');
  const { server, sign, base } = await startSignedProduct(productDatabase.url, env);
  await caughtUp(productPool);
  let member = 0;
  return {
    /** One like by a new member, timed from the request to its whole answer; whether the read models had it by then. */
    async like() {
      const token = await sign({ sub: randomUUID(), email: `reader-${member}@example.com`, name: `Reader ${member++}`, role: 'user' });
      const started = performance.now();
      const response = await fetch(`${base}/api/meals/${mealId}/like`, { method: 'PATCH', headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`like answered ${response.status}`);
      return elapsed;
    },
    async stop() {
      await server.stop();
      await productStore.close();
      await productPool.end();
      await productDatabase.drop();
    },
  };
}

async function readableWait() {
  console.log(`\n4. what the read-your-writes wait adds to a like through HTTP (${WAIT_SAMPLES} likes on each product, one client, taken in turn)…`);
  const waiting = await likedProduct({});
  const atOnce = await likedProduct({ COMMAND_READABLE_WAIT_MS: '0' });
  try {
    const times = { waiting: [] as number[], atOnce: [] as number[] };
    for (let warm = 0; warm < 20; warm++) await Promise.all([waiting.like(), atOnce.like()]);
    for (let sample = 0; sample < WAIT_SAMPLES; sample++) {
      // In turn, never at once: each like has the machine as the other had it.
      times.waiting.push(await waiting.like());
      times.atOnce.push(await atOnce.like());
    }
    const [p50, p99] = [50, 99].map((p) => [percentile(times.waiting, p), percentile(times.atOnce, p)] as const);
    const ranOut = times.waiting.filter((time) => time >= COMMAND_READABLE_WAIT_MS).length;
    console.log('\n| like through HTTP | p50 | p99 |');
    console.log('|---|---|---|');
    console.log(`| answered once readable (COMMAND_READABLE_WAIT_MS ${COMMAND_READABLE_WAIT_MS}) | ${ms(p50![0])} | ${ms(p99![0])} |`);
    console.log(`| answered at once (COMMAND_READABLE_WAIT_MS=0) | ${ms(p50![1])} | ${ms(p99![1])} |`);
    console.log(`| what the wait adds | ${ms(p50![0] - p50![1])} | ${ms(p99![0] - p99![1])} |`);
    console.log(`likes whose wait ran out (answered after ${COMMAND_READABLE_WAIT_MS} ms): ${ranOut} of ${WAIT_SAMPLES}`);
  } finally {
    await waiting.stop();
    await atOnce.stop();
  }
}
