import { randomUUID } from 'node:crypto';
/**
 * `npm run bench:live-likes`: CLIENTS socket.io clients watch /UpcomingMeals (the `upcoming` room)
 * while members like upcoming meals at a steady RATE per second for SECONDS. For every like and every
 * client it measures the time from sending the like to that client receiving the push that carries
 * it (the first whose position is at or past the like's: pushes of a burst arrive merged); it prints
 * p50 / p99 / max, the like answers' own p50 / p99 (the command side alone) and the likes per second
 * the server sustained. Environment: BENCH_CLIENTS (500), BENCH_RATE (100), BENCH_SECONDS (20);
 * BENCH_PROF=1 writes the server's CPU profile to /tmp/prof (open it in Chrome DevTools).
 */
import { parsePosition } from '@hostel/eventstore';
import { createFreshDatabase } from '@hostel/platform/testing';
import { productApi, startSignedProduct } from '../product-api';
import { LIKES_PER_MEAL, likeOf, mealsToLike } from './liked-meals';
import { failureBreakdown, likeAtSteadyRate, pushLatencies, watchUpcoming } from './pushes';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const LIKES = RATE * SECONDS;
const MEALS = Math.ceil(LIKES / LIKES_PER_MEAL);

const database = await createFreshDatabase('bench');
const { server, base, sign } = await startSignedProduct(database.url);
let disconnect = () => {};
try {
  const api = productApi(base);
  const { call } = api;

  console.log(`setting up: ${MEALS} upcoming meals, ${LIKES_PER_MEAL} Silver members, ${CLIENTS} watching clients…`);
  const admin = await sign({ sub: randomUUID(), email: 'bench-admin@hostel.test', name: 'Bench Admin', role: 'admin' });
  const { meals, members } = await mealsToLike(api, admin, {
    likes: LIKES,
    meal: { title: 'Bench meal', category: 'Lunch', description: 'Benchmark' },
    memberEmail: (index) => `bench-member-${index}@example.com`,
  });

  // Every client keeps its pushes (arrival time, and the position the read model had then reached);
  // a like has reached a client with the first push whose position is at or past the like's.
  const watching = await watchUpcoming([base], CLIENTS);
  disconnect = watching.disconnect;
  const { clients } = watching;

  console.log(`liking at ${RATE}/s for ${SECONDS} s (${LIKES} likes)…`);
  const {
    likes,
    failures,
    failed,
    seconds: answeredIn,
  } = await likeAtSteadyRate(LIKES, RATE, async (like) => {
    const { meal: mealIndex, member: liker } = likeOf(like, meals.length);
    const meal = meals[mealIndex]!;
    const member = members[liker]!;
    return parsePosition(String((await call('PATCH', `/api/upcomingMeals/${meal}/like`, member.token)).position))!;
  });
  const { latencies, missed } = await pushLatencies(clients, likes);

  const frames = clients.reduce((sum, pushes) => sum + pushes.length, 0);
  const quantiles = (values: number[]) => {
    values.sort((a, b) => a - b);
    return (quantile: number) => values[Math.min(values.length - 1, Math.floor(quantile * values.length))]?.toFixed(1) ?? 'n/a';
  };
  const at = quantiles(latencies);
  const answered = quantiles(likes.map((like) => like.answeredAt - like.sentAt));
  console.log(`\nlive likes: ${CLIENTS} clients on the upcoming room, ${LIKES} likes at ${RATE}/s (server, clients and load share this machine's cores)`);
  console.log(
    `likes answered: ${LIKES - failures} of ${LIKES} in ${answeredIn.toFixed(1)} s → ${((LIKES - failures) / answeredIn).toFixed(0)} likes/s sustained`,
  );
  for (const reason of failureBreakdown(failed)) console.log(`  likes failed: ${reason}`);
  console.log(`like answered (HTTP): p50 ${answered(0.5)} ms, p99 ${answered(0.99)} ms, max ${answered(1)} ms`);
  console.log(
    `likes seen by clients: ${latencies.length} of ${likes.length * CLIENTS} (${missed} missed), in ${frames} pushes (${(frames / CLIENTS / answeredIn).toFixed(1)} a second per client)`,
  );
  console.log(
    `like → push received, per client: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms  (target: p99 ≤ 100 ms at 100 likes/s with 500 clients)`,
  );
} finally {
  disconnect();
  await server.stop();
  await database.drop();
}
