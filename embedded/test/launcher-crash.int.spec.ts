import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { UPCOMING_PUBLISH_THRESHOLD } from '@hostel/contracts';
import { freePort } from '@hostel/platform/net';
import { embeddedDatabaseUrl, launch, stopLauncher, type Launched } from './launcher';

/**
 * The durability promise through the real launcher and a real signal: a burst of 20 payments and
 * 20 likes on an upcoming meal at 9 likes, stopped by SIGKILL (or SIGTERM) once every payment is
 * in the log, then `npm start` again on the same data without any cleanup. Every paid badge must
 * land, the meal be published exactly once, every acknowledged like be kept and none counted twice.
 */
const BURST = 20;
const EARLY_LIKES = UPCOMING_PUBLISH_THRESHOLD - 1;
const launched: Launched[] = [];
afterAll(async () => {
  for (const each of launched) await stopLauncher(each, 'SIGKILL');
});

type Answer = { status: number; body: Record<string, unknown> } | { failed: string };

function client(url: string) {
  return async (method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    try {
      const response = await fetch(url + path, {
        method,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    } catch (error) {
      return { failed: String((error as Error).cause ?? error) };
    }
  };
}

function ok(answer: Answer, status = 200): Record<string, unknown> {
  if ('failed' in answer || answer.status !== status) throw new Error(`expected ${status}, got ${JSON.stringify(answer)}`);
  return answer.body;
}

/** Everything the burst needs, arranged through the API: a meal at 9 likes, and 20 Silver members to pay and like. */
async function arrange(url: string) {
  const call = client(url);
  const admin = ok(await call('POST', '/api/auth/login', undefined, { email: 'admin@hostel.test', password: 'admin-demo-2025' })).token as string;
  const form = new FormData();
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#2e86de' } })
    .png()
    .toBuffer();
  form.append('file', new Blob([png], { type: 'image/png' }), 'meal.png');
  const uploaded = await fetch(`${url}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
  const image = ((await uploaded.json()) as { url: string }).url;
  const upcomingId = ok(
    await call('POST', '/api/upcomingMeals', admin, {
      title: 'Crash-test Curry',
      category: 'Dinner',
      image,
      ingredients: 'rice, lentils',
      description: 'Survives anything',
      price: 6,
    }),
    201,
  )._id as string;

  const member = async (label: string) => {
    const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
    const registered = ok(await call('POST', '/api/auth/register', undefined, { name: label, email, password: 'crash-pass-1' }), 201) as {
      token: string;
      user: { _id: string };
    };
    const paid = await call('POST', '/payment', registered.token, { package: 'Silver', stripeToken: 'tok_visa' }, { 'idempotency-key': randomUUID() });
    // 202: the grant is still queued (many payments at once); the badge follows.
    if (!('status' in paid && paid.status === 202)) ok(paid);
    await vi.waitFor(async () => expect(ok(await call('GET', `/users/${email}`, registered.token)).badge).toBe('Silver'), { timeout: 30_000, interval: 50 });
    return { email, token: registered.token, id: registered.user._id };
  };
  const early = await Promise.all(Array.from({ length: EARLY_LIKES }, (_, index) => member(`early-${index}`)));
  const burst = await Promise.all(Array.from({ length: BURST }, (_, index) => member(`burst-${index}`)));
  for (const liker of early) ok(await call('PATCH', `/api/upcomingMeals/${upcomingId}/like`, liker.token));
  return { upcomingId, burst };
}

/** Counts in the embedded database, read directly. */
async function inLog(databaseUrl: string, upcomingId: string, burstEmails: string[]) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const count = async (query: string, values: unknown[]) => Number((await db.query<{ n: string }>(query, values)).rows[0]?.n);
    const goldPaid = await db.query<{ email: string }>(
      "select data->>'email' as email from eventstore.events where type = 'PaymentSucceeded' and data->>'package' = 'Gold'",
    );
    const likers = await db.query<{ user_id: string }>(
      "select data->>'userId' as user_id from eventstore.events where stream_id = $1 and type = 'UpcomingMealLiked'",
      [`upcoming-${upcomingId}`],
    );
    const published = await db.query<{ meal_id: string }>(
      "select data->>'mealId' as meal_id from eventstore.events where stream_id = $1 and type = 'UpcomingMealPublished'",
      [`upcoming-${upcomingId}`],
    );
    const mealId = published.rows[0]?.meal_id;
    const badges = await db.query<{ email: string; badge: string | null }>('select email, badge from users where email = any($1)', [burstEmails]);
    return {
      goldPaid: goldPaid.rows.map((row) => row.email),
      likers: likers.rows.map((row) => row.user_id),
      publications: published.rows.length,
      listings: mealId ? await count("select count(*) as n from eventstore.events where stream_id = $1 and type = 'MealAdded'", [`meal-${mealId}`]) : 0,
      goldBadges: badges.rows.filter((row) => row.badge === 'gold').map((row) => row.email),
    };
  } finally {
    await db.end();
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function burstThenStop(signal: 'SIGKILL' | 'SIGTERM' | 'SIGINT', to: 'process' | 'group' = 'process') {
  const dataDir = mkdtempSync(join(tmpdir(), `hostel-crash-${signal.toLowerCase()}-${to}-`));
  // The burst is about durability, not throttling: every account here comes from one address.
  const env = { RATE_LIMITS: 'off' };
  const first = launch({ dataDir, port: await freePort(), env });
  launched.push(first);
  const url = await first.ready;
  const { upcomingId, burst } = await arrange(url);
  const databaseUrl = embeddedDatabaseUrl(dataDir);
  const emails = burst.map((member) => member.email);

  // The burst: every member buys Gold and likes the meal, all at once.
  const call = client(url);
  const payments = burst.map((member) =>
    call('POST', '/payment', member.token, { package: 'Gold', stripeToken: 'tok_visa' }, { 'idempotency-key': randomUUID() }),
  );
  const likes = burst.map((member) => call('PATCH', `/api/upcomingMeals/${upcomingId}/like`, member.token));
  // Stopped as soon as all 20 payments are in the log: their badges are still being granted.
  await vi.waitFor(async () => expect((await inLog(databaseUrl, upcomingId, emails)).goldPaid).toHaveLength(BURST), { timeout: 30_000, interval: 5 });
  const atStop = await inLog(databaseUrl, upcomingId, emails);
  const postgresPid = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const ended = await stopLauncher(first, signal, to);
  // Whether the launcher left its PostgreSQL running (a SIGKILLed one cannot stop it: the next start does).
  const postgresLeft = running(postgresPid);
  const answers = { payments: await Promise.all(payments), likes: await Promise.all(likes) };

  // `npm start` again, on the same data, nothing cleaned up by hand.
  const second = launch({ dataDir, port: await freePort(), env });
  launched.push(second);
  await second.ready;
  const after = await vi.waitFor(
    async () => {
      const state = await inLog(embeddedDatabaseUrl(dataDir), upcomingId, emails);
      expect(state.goldBadges.sort()).toEqual([...emails].sort());
      expect(state.listings).toBe(1);
      return state;
    },
    { timeout: 30_000, interval: 50 },
  );
  await stopLauncher(second);
  return { ended, atStop, answers, after, burst, postgresLeft, output: first.output() };
}

describe('npm start survives a stop in the middle of a burst', () => {
  it('SIGKILL: after a restart, 20 badges, one publication, every acknowledged like kept and none twice', async () => {
    const { atStop, answers, after, burst, postgresLeft } = await burstThenStop('SIGKILL');

    // Its PostgreSQL outlived it, and the next start stopped it and started afresh on the same data.
    expect(postgresLeft).toBe(true);
    // (the kill came before every grant had landed, or this test would prove nothing)
    expect(atStop.goldBadges.length, 'every badge had landed before the kill').toBeLessThan(BURST);
    expect(after.goldPaid).toHaveLength(BURST);
    expect(after.goldBadges).toHaveLength(BURST);
    expect(after.publications).toBe(1);
    expect(after.listings).toBe(1);
    expect(new Set(after.likers).size, 'a like counted twice').toBe(after.likers.length);
    expect(after.likers).toHaveLength(UPCOMING_PUBLISH_THRESHOLD);
    const acknowledged = answers.likes.flatMap((answer, index) => ('status' in answer && answer.status === 200 ? [burst[index]!.id] : []));
    expect(acknowledged.length).toBeLessThanOrEqual(1);
    for (const liker of acknowledged) expect(after.likers).toContain(liker);
    // Every acknowledged payment is one of the 20 in the log.
    for (const [index, answer] of answers.payments.entries())
      if ('status' in answer && answer.status < 300) expect(after.goldPaid).toContain(burst[index]!.email);
  }, 240_000);

  it("Ctrl+C (SIGINT to the launcher's whole process group): every payment in flight is answered as recorded, then PostgreSQL stops", async () => {
    const { ended, answers, after, atStop, burst, postgresLeft, output } = await burstThenStop('SIGINT', 'group');

    expect(ended, output).toEqual({ code: 0, signal: null });
    expect(postgresLeft, 'PostgreSQL still running after the launcher exited').toBe(false);
    expect(output, 'the drain hit its deadline').not.toContain('Not everything finished');
    // Every connection closed before PostgreSQL stopped (pg-pool's end() resolved before its connections were gone).
    expect(output).not.toContain('PostgreSQL connection lost');
    // The group's SIGINT reached PostgreSQL too when it shared the group: requests then failed with 503, charged all the same.
    const answered = answers.payments.map((answer, index) => ({ email: burst[index]!.email, status: 'status' in answer ? answer.status : answer.failed }));
    expect(answered.filter(({ status }) => status !== 200 && status !== 202)).toEqual([]);
    expect(atStop.goldPaid.sort()).toEqual(answered.map(({ email }) => email).sort());
    expect(after.goldBadges).toHaveLength(BURST);
  }, 240_000);

  it('SIGTERM: answers every request in flight and finishes its jobs before exiting; after a restart the same holds', async () => {
    const { ended, answers, after, burst, postgresLeft, output } = await burstThenStop('SIGTERM');

    expect(ended, output).toEqual({ code: 0, signal: null });
    expect(postgresLeft, 'PostgreSQL still running after the launcher exited').toBe(false);
    expect(output, 'the drain hit its deadline').not.toContain('Not everything finished');
    expect(output).not.toContain('PostgreSQL connection lost');
    // Drained: each payment was accepted before the stop (it is in the log), so each got its answer.
    for (const answer of answers.payments) {
      expect(answer).toMatchObject({ status: expect.any(Number) });
      expect([200, 202]).toContain((answer as { status: number }).status);
    }
    expect(after.goldBadges).toHaveLength(BURST);
    expect(after.publications).toBe(1);
    expect(after.listings).toBe(1);
    expect(new Set(after.likers).size).toBe(after.likers.length);
    expect(after.likers).toHaveLength(UPCOMING_PUBLISH_THRESHOLD);
    // The likes were answered too: one took the meal to 10, the others were refused as too late.
    const liked = answers.likes.filter((answer) => 'status' in answer && answer.status === 200);
    expect(liked).toHaveLength(1);
    for (const [index, answer] of answers.likes.entries()) if ('status' in answer && answer.status === 200) expect(after.likers).toContain(burst[index]!.id);
  }, 240_000);
});
