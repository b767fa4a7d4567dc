import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPCOMING_PUBLISH_THRESHOLD, type UserDto } from '@hostel/contracts';
import { startProduct } from '@hostel/embedded/testing';

/**
 * A job can be lost outside the policies' reach: it failed every attempt, or its trigger was recorded
 * before jobs were durable (the in-memory queue forgot it). On start, once the read models have
 * caught up, a reconciliation finds every payment above its member's badge and every meal at the
 * threshold still up for the vote, and queues their commands again.
 */
let product: Awaited<ReturnType<typeof startProduct>>;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.stop());

/** Forgets every queued job, as the old in-memory queue did when its process stopped. */
async function loseQueuedJobs() {
  const [row] = await product.sql<{ count: string }>('select count(*) as count from graphile_worker.jobs');
  await product.sql('select graphile_worker.complete_jobs(array(select id from graphile_worker.jobs))');
  return Number(row?.count);
}

const pay = (token: string, packageName: string) =>
  product.call('POST', '/payment', { token, body: { package: packageName, stripeToken: 'tok_visa' }, headers: { 'idempotency-key': randomUUID() } });

describe('reconciliation at start', () => {
  it('grants a recorded payment whose job was lost, and publishes a meal at the threshold whose job was lost', async () => {
    // given an upcoming meal and ten Silver members (everything running)
    const admin = await product.registerVerified('Boss', 'boss@hostel.test');
    const image = await product.upload(admin.token);
    const added = await product.call('POST', '/api/upcomingMeals', {
      token: admin.token,
      body: { title: 'Lost and Found Stew', category: 'Dinner', image, ingredients: 'beans', description: 'Comes back', price: 5 },
    });
    const upcomingId = added.json()._id as string;
    const members = await Promise.all(
      Array.from({ length: UPCOMING_PUBLISH_THRESHOLD }, (_, index) => product.register(`Member ${index}`, `member-${index}@example.com`)),
    );
    for (const member of members) expect((await pay(member.token, 'Silver')).statusCode).toBe(200);

    // when, with no worker running, a member buys Gold and the meal gets its tenth like, and then the queued jobs are lost
    await product.restart({ workers: false });
    const goldBuyer = members[0]!;
    expect((await pay(goldBuyer.token, 'Gold')).statusCode).toBe(202);
    for (const member of members) expect((await product.call('PATCH', `/api/upcomingMeals/${upcomingId}/like`, { token: member.token })).statusCode).toBe(200);
    expect(await loseQueuedJobs()).toBeGreaterThanOrEqual(2);

    // and the product starts again, workers and all
    await product.restart();

    // then the badge and the publication happen after all
    const badge = async () => ((await product.call('GET', `/users/${goldBuyer.user.email}`, { token: goldBuyer.token })).json() as UserDto).badge;
    await expect.poll(badge, { timeout: 15_000 }).toBe('Gold');
    await expect
      .poll(async () => ((await product.call('GET', '/api/upcomingMeals')).json() as { _id: string }[]).some((meal) => meal._id === upcomingId), {
        timeout: 15_000,
      })
      .toBe(false);
    const published = await product.services.store.readStream(`upcoming-${upcomingId}`);
    expect(published.filter((event) => event.type === 'UpcomingMealPublished')).toHaveLength(1);
  }, 60_000);
});
