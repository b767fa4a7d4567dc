import { hashPassword, newMailedLink, openMailedLink, storeImage, VERIFICATION_LINK_TTL_MS } from '@hostel/command-api';
import {
  addReview,
  DomainError,
  handleCommand,
  likeMeal,
  mealDecider,
  mealRequestsDecider,
  mealRequestsStream,
  mealStream,
  reviewStream,
  upcomingDecider,
  upcomingStream,
  userDecider,
  userIdForEmail,
  userStream,
} from '@hostel/domain';
import type { CommandTables } from '@hostel/command-api';
import { mealRequestId } from '@hostel/contracts';
import type { EventStore } from '@hostel/eventstore';
import type { Kysely } from 'kysely';
import { v5 as uuidv5 } from 'uuid';
import { mealImage } from './demo/meal-image';
import { DEMO_MEALS, DEMO_UPCOMING_MEALS } from './demo/meals';
import { DEMO_REQUESTS, DEMO_REVIEWS, DEMO_STUDENTS } from './demo/people';

/** The demo accounts seeded on first start (printed by `npm start`). */
export const DEMO_ACCOUNTS = [
  { role: 'admin', name: 'Demo Admin', email: 'admin@hostel.test', password: 'admin-demo-2025' },
  { role: 'student', name: 'Demo Student', email: 'student@hostel.test', password: 'student-demo-2025' },
  { role: 'auditor', name: 'Demo Auditor', email: 'auditor@hostel.test', password: 'auditor-demo-2025' },
] as const;

/** Names the demo's meals, reviews and images, so a second start finds them and adds nothing. */
const DEMO_NAMESPACE = '2b0f6c1e-8d4a-4f7b-9c3e-5a6d7e8f9012';
const demoId = (kind: string, name: string) => uuidv5(`${kind}:${name}`, DEMO_NAMESPACE);
const system = () => ({ actor: 'system', correlationId: crypto.randomUUID() });
const HOUR_MS = 3_600_000;

/**
 * First-start demo data, through the same commands and deciders as the HTTP routes: the demo
 * accounts (the auditor made one by the demo admin, as Manage Users does) and a few more students,
 * thirty meals with drawn images (added by the demo admin, so they count as theirs), some ratings,
 * reviews and likes. Every stream is named from the demo's own ids and skipped when it exists: a
 * restart seeds nothing twice. A few upcoming meals wait for votes, and a few students' meal
 * requests wait to be served.
 */
export async function seedDemoData({ store, commandDb }: { store: EventStore; commandDb: Kysely<CommandTables> }): Promise<void> {
  const exists = async (stream: string) => (await store.readStream(stream)).length > 0;

  const admin = DEMO_ACCOUNTS[0];
  const adminId = userIdForEmail(admin.email);
  const people = [...DEMO_ACCOUNTS, ...DEMO_STUDENTS.map((student) => ({ ...student, role: 'student' as const }))];
  for (const person of people) {
    const userId = userIdForEmail(person.email);
    // Demo addresses are ours: each account is registered, then its verification link followed, as a newcomer would.
    const { token, link } = newMailedLink(userId, VERIFICATION_LINK_TTL_MS, new Date());
    if (await exists(userStream(userId))) {
      // Seeded before addresses were verified (an older DATA_DIR): follow a fresh link now. Verified already, or a
      // link asked for in the last minute: nothing to do.
      const sent = await handleCommand(store, userStream(userId), userDecider, { type: 'SendVerificationLink', userId, link }, system()).catch(
        (error: unknown) => {
          if (error instanceof DomainError && (error.kind === 'conflict' || error.kind === 'rate_limited')) return undefined;
          throw error;
        },
      );
      if (sent)
        await handleCommand(
          store,
          userStream(userId),
          userDecider,
          { type: 'VerifyEmail', userId, tokenHash: openMailedLink(token).tokenHash, now: new Date().toISOString(), adminEmails: [] },
          system(),
        );
      continue;
    }
    await handleCommand(
      store,
      userStream(userId),
      userDecider,
      {
        type: 'RegisterWithPassword',
        userId,
        name: person.name,
        email: person.email,
        photo: '',
        passwordHash: await hashPassword(person.password),
        verificationLink: link,
      },
      system(),
    );
    const { tokenHash } = openMailedLink(token);
    await handleCommand(
      store,
      userStream(userId),
      userDecider,
      { type: 'VerifyEmail', userId, tokenHash, now: new Date().toISOString(), adminEmails: [] },
      system(),
    );
    if (person.role === 'admin') await handleCommand(store, userStream(userId), userDecider, { type: 'PromoteToAdmin', userId, actorRole: 'admin' }, system());
    // As PATCH /users/auditor/:id does it: the demo admin (registered above, first) makes them one; the audit trail says so.
    if (person.role === 'auditor')
      await handleCommand(store, userStream(userId), userDecider, { type: 'MakeAuditor', userId, actorRole: 'admin' }, { ...system(), actor: adminId });
  }

  const missing = [];
  for (const [index, meal] of DEMO_MEALS.entries()) {
    if (!(await exists(mealStream(demoId('meal', meal.title))))) missing.push({ index, meal });
  }
  // Drawing is the slow part: all at once, sharp spreads it over its worker threads.
  const images = await Promise.all(
    missing.map(async ({ meal }) => storeImage(commandDb, await mealImage(meal.title, meal.look), { by: adminId }, demoId('image', meal.title))),
  );
  const firstPostTime = Date.now() - DEMO_MEALS.length * HOUR_MS;
  for (const [position, { index, meal }] of missing.entries()) {
    const mealId = demoId('meal', meal.title);
    const { title, category, price, ingredients, description, rating } = meal;
    await handleCommand(
      store,
      mealStream(mealId),
      mealDecider,
      {
        type: 'AddMeal',
        mealId,
        actorRole: 'admin',
        fields: { title, category, price, ingredients, description, image: images[position]! },
        distributorName: admin.name,
        distributorEmail: admin.email,
        // An hour apart, in list order: the catalogue's "newest first" is stable from start to start.
        postTime: new Date(firstPostTime + index * HOUR_MS).toISOString(),
      },
      { ...system(), actor: adminId },
    );
    await handleCommand(
      store,
      mealStream(mealId),
      mealDecider,
      { type: 'EditMeal', mealId, actorRole: 'admin', changes: { rating } },
      { ...system(), actor: adminId },
    );
  }

  for (const { email, name, meal: title, review, liked } of DEMO_REVIEWS) {
    const mealId = demoId('meal', title);
    const userId = userIdForEmail(email);
    const meal = DEMO_MEALS.find((candidate) => candidate.title === title);
    if (!meal) throw new Error(`Demo review of an unknown meal: ${title}`);
    const reviewId = demoId('review', `${email}:${title}`);
    // Seeded once: by a later start the meal may have been edited or deleted by its admin.
    if (await exists(reviewStream(reviewId))) continue;
    // Read from the meal's stream as the route does: a demo meal its admin has deleted gets no new review.
    const added = await addReview(
      store,
      { reviewId, mealId, author: { userId, email, name }, review, createdAt: new Date().toISOString() },
      { ...system(), actor: userId },
    ).catch((error: unknown) => {
      if (error instanceof DomainError && error.kind === 'not_found') return undefined;
      throw error;
    });
    if (!added) continue;
    if (liked) await likeMeal(store, mealId, userId, { ...system(), actor: userId });
  }

  for (const upcoming of DEMO_UPCOMING_MEALS) {
    const upcomingId = demoId('upcoming', upcoming.title);
    if (await exists(upcomingStream(upcomingId))) continue;
    const { title, category, price, ingredients, description, look } = upcoming;
    const image = await storeImage(commandDb, await mealImage(title, look), { by: adminId }, demoId('image', title));
    await handleCommand(
      store,
      upcomingStream(upcomingId),
      upcomingDecider,
      {
        type: 'AddUpcomingMeal',
        upcomingId,
        actorRole: 'admin',
        fields: { title, category, price, ingredients, description, image, distributorName: admin.name, distributorEmail: admin.email },
        addedAt: new Date().toISOString(),
      },
      { ...system(), actor: adminId },
    );
  }

  // One stream per student: a student whose requests exist was seeded before.
  const seeded = new Set<string>();
  for (const { email, name, meal: title, served } of DEMO_REQUESTS) {
    const userId = userIdForEmail(email);
    const stream = mealRequestsStream(userId);
    if (!seeded.has(userId) && (await exists(stream))) continue;
    seeded.add(userId);
    const meal = { mealId: demoId('meal', title), title, distributorName: admin.name };
    const asked = await handleCommand(
      store,
      stream,
      mealRequestsDecider,
      { type: 'RequestMeal', user: { userId, email, name, badge: null }, meal, requestTime: new Date().toISOString() },
      { ...system(), actor: userId },
    );
    const requestId = mealRequestId(userId, asked.state.made);
    if (served)
      await handleCommand(
        store,
        stream,
        mealRequestsDecider,
        { type: 'ServeMealRequest', requestId, actorId: adminId, actorRole: 'admin', at: new Date().toISOString(), mealListed: true },
        { ...system(), actor: adminId },
      );
  }
}
