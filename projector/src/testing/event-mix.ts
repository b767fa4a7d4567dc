import { badgeRank, MEAL_CATEGORIES, membershipCharge, PACKAGE_NAMES, streamName, UPCOMING_PUBLISH_THRESHOLD } from '@hostel/contracts';
import type { Badge, EventData, EventMetadata, EventType, MealCategory, StreamCategory } from '@hostel/contracts';
import type { EventToAppend, Position } from '@hostel/eventstore';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * A varied and consistent log, as the product would have written it over weeks: people registering
 * (password hash, mailed link, verification), admins adding and editing meals (a few of them before
 * ingredients became a list: MealAdded at schema version 1), many likes, reviews written and
 * deleted, memberships paid for and the badges they granted (by the system, in the payment's
 * correlation), upcoming meals liked up to the threshold and published into the catalogue with
 * their likes, requests made, approved, served, recalled and cancelled, purchases decided on the member's
 * stream (completed or failed), password resets, sign-in providers linked, newsletter subscriptions, and
 * audit exports: every event type (WRITTEN_BY). Every event is one the
 * deciders could have taken (no like twice, nothing on a deleted meal but a like that raced its
 * deletion, only members like upcoming meals), so every projection applies it. Likes are in streams
 * of their own, a fifth of them in their meal's stream as logs written before that hold them. Deterministic for a seed, so two runs write the same log.
 *
 * For the tests that compare a rebuild with live projection and for `bench/audit`.
 */
export interface MixedAppend {
  stream: string;
  /** Appended together (one transaction), in this order. */
  events: EventToAppend[];
}

/** Relative frequency of each action (an action appends one or more events). */
export interface MixWeights {
  register: number;
  verify: number;
  resetPassword: number;
  linkIdentity: number;
  updateProfile: number;
  addMeal: number;
  editMeal: number;
  deleteMeal: number;
  likeMeal: number;
  review: number;
  deleteReview: number;
  pay: number;
  failPurchase: number;
  addUpcoming: number;
  likeUpcoming: number;
  request: number;
  approve: number;
  serve: number;
  recall: number;
  cancel: number;
  newsletter: number;
  exportAudit: number;
}

/** About a million events: 40% likes, 15% reviews, 20% requests, payments with badges, a few thousand meals. */
export const REALISTIC_MIX: MixWeights = {
  register: 20,
  verify: 14,
  resetPassword: 2,
  linkIdentity: 1,
  updateProfile: 10,
  addMeal: 3,
  editMeal: 6,
  deleteMeal: 0.1,
  likeMeal: 400,
  review: 140,
  deleteReview: 10,
  pay: 15,
  failPurchase: 2,
  addUpcoming: 2.2,
  likeUpcoming: 22,
  request: 120,
  approve: 60,
  serve: 80,
  recall: 3,
  cancel: 15,
  newsletter: 2,
  exportAudit: 0.05,
};

/** Small logs where everything happens to the same few rows: edits, deletions, cancellations and publications close together. */
export const CHURN_MIX: MixWeights = {
  register: 6,
  verify: 3,
  resetPassword: 2,
  linkIdentity: 2,
  updateProfile: 4,
  addMeal: 4,
  editMeal: 8,
  deleteMeal: 1.5,
  likeMeal: 30,
  review: 14,
  deleteReview: 6,
  pay: 5,
  failPurchase: 2,
  addUpcoming: 3,
  likeUpcoming: 30,
  request: 12,
  approve: 5,
  serve: 6,
  recall: 2,
  cancel: 5,
  newsletter: 2,
  exportAudit: 0.5,
};

/**
 * Which part of the mix writes each event type: an action of MixWeights, or the hostel's opening (its
 * first admins, menu and auditor). Exhaustive: an event type added to contracts does not compile here
 * until the mix writes it, and `event-mix.unit.spec.ts` holds the mix to this list, so every event type
 * is replayed by the rebuild tests and the audit benchmark.
 */
export const WRITTEN_BY = {
  UserRegistered: 'register',
  UserPasswordSet: 'register',
  UserEmailVerificationSent: 'register',
  UserEmailVerified: 'verify',
  UserPasswordResetSent: 'resetPassword',
  UserPasswordReset: 'resetPassword',
  UserIdentityLinked: 'linkIdentity',
  UserPasswordCleared: 'linkIdentity',
  UserProfileUpdated: 'updateProfile',
  UserPromotedToAdmin: 'opening',
  UserMadeAuditor: 'opening',
  UserBadgeGranted: 'pay',
  MealAdded: 'addMeal',
  MealEdited: 'editMeal',
  MealDeleted: 'deleteMeal',
  MealLiked: 'likeMeal',
  ReviewAdded: 'review',
  ReviewDeleted: 'deleteReview',
  PaymentSucceeded: 'pay',
  MembershipPurchaseStarted: 'pay',
  MembershipPurchaseAwaitingProvider: 'pay',
  MembershipPurchaseCompleted: 'pay',
  MembershipPurchaseFailed: 'failPurchase',
  UpcomingMealAdded: 'addUpcoming',
  UpcomingMealLiked: 'likeUpcoming',
  UpcomingMealThresholdReached: 'likeUpcoming',
  UpcomingMealPublished: 'likeUpcoming',
  MealRequested: 'request',
  MealRequestApproved: 'approve',
  MealRequestServed: 'serve',
  MealRequestRecalled: 'recall',
  MealRequestCancelled: 'cancel',
  NewsletterSubscriptionRequested: 'newsletter',
  NewsletterSubscriptionConfirmed: 'newsletter',
  NewsletterUnsubscribed: 'newsletter',
  AuditExported: 'exportAudit',
} as const satisfies Record<EventType, keyof MixWeights | 'opening'>;

/** sfc32: small, fast, and a 128-bit state (so ids drawn from it do not repeat). */
function random(seed: number) {
  let a = 0x9e3779b9,
    b = 0x243f6a88,
    c = 0xb7e15162,
    d = seed >>> 0;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i++) next();
  return next;
}

const WORDS = ['spicy', 'creamy', 'smoky', 'tangy', 'garlic', 'lemon', 'coconut', 'ginger', 'herb', 'chilli', 'saffron', 'sesame', 'miso', 'cumin', 'basil'];
const DISHES = ['chicken', 'paneer', 'lentil', 'egg', 'mushroom', 'tofu', 'potato', 'chickpea', 'spinach', 'salmon', 'bean', 'pumpkin', 'halloumi', 'quinoa'];
const STYLES = ['curry', 'biryani', 'stew', 'soup', 'salad', 'wrap', 'bowl', 'roast', 'pie', 'tagine', 'risotto', 'korma', 'dal', 'kebab', 'ramen'];
const SIDES = ['rice', 'naan', 'roti', 'bread', 'couscous', 'mash', 'slaw', 'chutney', 'raita', 'greens'];
const FIRST = ['Asha', 'Ben', 'Chen', 'Dara', 'Elif', 'Farid', 'Gita', 'Hugo', 'Ines', 'Jon', 'Kemi', 'Lena', 'Malik', 'Nora', 'Omar', 'Priya', 'Ravi', 'Sara'];
const LAST = ['Khan', 'Okafor', 'Silva', 'Novak', 'Haddad', 'Rossi', 'Tanaka', 'Berg', 'Mensah', 'Costa', 'Ivanova', 'Patel', 'Dubois', 'Lindqvist'];
const REVIEWS = [
  'Generous portion and still hot when it reached the table.',
  'A bit too salty for me, but the bread was excellent.',
  'Best thing on the menu this week; I would order it again.',
  'Fine, nothing special. The rice was overcooked.',
  'Lovely spices. Could use more vegetables.',
  'Cold by the time I got it, sadly.',
];

interface User {
  id: string;
  name: string;
  email: string;
  badge: Badge | null;
  verified: boolean;
  requests: number;
}
interface Meal {
  id: string;
  title: string;
  distributorName: string;
  fields: { title: string; category: MealCategory; image: string; ingredients: string[]; description: string; price: number };
}
interface Upcoming {
  id: string;
  likedBy: string[];
  fields: Meal['fields'] & { distributorName: string; distributorEmail: string };
}

/**
 * Yields appends in commit order until at least `events` events have been yielded. `weights`
 * chooses the mix (REALISTIC_MIX by default; CHURN_MIX for small logs full of edge cases).
 */
export function* eventMix(options: { events: number; seed?: number; weights?: MixWeights; start?: Date }): Generator<MixedAppend> {
  const rand = random(options.seed ?? 1);
  const weights = options.weights ?? REALISTIC_MIX;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const hex = (n: number) =>
    Math.floor(rand() * 16 ** n)
      .toString(16)
      .padStart(n, '0');
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(rand() * 4)]}${hex(3)}-${hex(6)}${hex(6)}`;
  let clock = (options.start ?? new Date(Date.UTC(2026, 0, 5, 8))).getTime();
  const now = () => new Date(clock).toISOString();

  let yielded = 0;
  const users: User[] = [];
  const admins: User[] = [];
  const unverified: User[] = [];
  const members: User[] = [];
  const meals: Meal[] = [];
  const upcoming: Upcoming[] = [];
  const reviews: { id: string; mealId: string; author: string }[] = [];
  const pending: { id: string; user: User; mealId: string }[] = [];
  const approved: { id: string; user: User; mealId: string }[] = [];
  const delivered: { id: string; user: User; mealId: string }[] = [];
  const likes = new Set<string>();

  const remove = <T>(items: T[], index: number) => {
    items[index] = items[items.length - 1]!;
    items.pop();
  };
  const event = <T extends EventType>(
    type: T,
    data: EventData<T>,
    context: { actor: string; correlationId: string; causationId?: string },
    schemaVersion = 1,
  ) => {
    const eventId = uuid();
    const metadata: EventMetadata = {
      eventId,
      actor: context.actor,
      correlationId: context.correlationId,
      causationId: context.causationId ?? context.correlationId,
      occurredAt: now(),
      schemaVersion,
    };
    return { eventId, type, data, metadata } satisfies EventToAppend;
  };
  const append = (category: StreamCategory, id: string, events: EventToAppend[]): MixedAppend => ({ stream: streamName(category, id), events });
  const tokenHash = () => hex(8) + hex(8) + hex(8) + hex(8) + hex(8) + hex(8) + hex(8) + hex(8);
  const mailedLink = (userId: string) => ({ userId, tokenHash: tokenHash(), sentAt: now(), expiresAt: new Date(clock + 86_400_000).toISOString() });
  const passwordHash = () => `$argon2id$v=19$m=19456,t=2,p=1$${hex(8)}${hex(8)}$${hex(8)}${hex(8)}${hex(8)}${hex(8)}`;
  const dish = () => {
    const main = pick(DISHES);
    const style = pick(STYLES);
    const side = pick(SIDES);
    return {
      title: `${pick(WORDS)} ${main} ${style}`.replace(/^./, (first) => first.toUpperCase()),
      category: pick(MEAL_CATEGORIES),
      image: `/api/media/${uuid()}`,
      ingredients: [main, side, pick(WORDS), 'salt'],
      description: `A ${pick(WORDS)} ${style} of ${main}, served with ${side}.`,
      price: Math.round(200 + rand() * 1800) / 100,
    };
  };

  function register(admin = false): MixedAppend[] {
    const id = uuid();
    const name = `${pick(FIRST)} ${pick(LAST)}`;
    const user: User = { id, name, email: `${name.toLowerCase().replace(' ', '.')}.${users.length}@example.com`, badge: null, verified: false, requests: 0 };
    users.push(user);
    const context = { actor: id, correlationId: uuid() };
    const sentAt = now();
    const link = {
      userId: id,
      tokenHash: hex(8) + hex(8) + hex(8) + hex(8) + hex(8) + hex(8) + hex(8) + hex(8),
      sentAt,
      expiresAt: new Date(clock + 86_400_000).toISOString(),
    };
    const appends = [
      append('user', id, [
        event('UserRegistered', { userId: id, name, email: user.email, photo: rand() < 0.3 ? `/api/media/${uuid()}` : '', role: 'user' }, context),
        event(
          'UserPasswordSet',
          { userId: id, passwordHash: `$argon2id$v=19$m=19456,t=2,p=1$${hex(8)}${hex(8)}$${hex(8)}${hex(8)}${hex(8)}${hex(8)}` },
          context,
        ),
        event('UserEmailVerificationSent', link, context),
      ]),
    ];
    if (admin) {
      user.verified = true;
      admins.push(user);
      appends.push(
        append('user', id, [
          event('UserEmailVerified', { userId: id, email: user.email, via: 'verification-link' }, context),
          event('UserPromotedToAdmin', { userId: id, reason: 'verified-admin-email' }, context),
        ]),
      );
    } else unverified.push(user);
    return appends;
  }

  function addMeal(): MixedAppend[] {
    const admin = pick(admins);
    const fields = dish();
    const meal: Meal = { id: uuid(), title: fields.title, distributorName: admin.name, fields };
    meals.push(meal);
    const data = { mealId: meal.id, ...fields, distributorName: admin.name, distributorEmail: admin.email, postTime: now(), rating: 0 };
    // One meal in twenty predates schema version 2: its ingredients as the form's comma-separated text.
    const legacy = rand() < 0.05;
    const stored = legacy ? ({ ...data, ingredients: fields.ingredients.join(', ') } as unknown as typeof data) : data;
    return [append('meal', meal.id, [event('MealAdded', stored, { actor: admin.id, correlationId: uuid() }, legacy ? 1 : 2)])];
  }

  const actions: Record<keyof MixWeights, () => MixedAppend[] | undefined> = {
    register: () => register(),
    verify() {
      if (unverified.length === 0) return undefined;
      const index = Math.floor(rand() * unverified.length);
      const user = unverified[index]!;
      remove(unverified, index);
      user.verified = true;
      return [
        append('user', user.id, [
          event('UserEmailVerified', { userId: user.id, email: user.email, via: 'verification-link' }, { actor: user.id, correlationId: uuid() }),
        ]),
      ];
    },
    resetPassword() {
      // A mailed reset link, followed: the new password, and the address proved if it was not yet.
      const user = pick(users);
      const context = { actor: user.id, correlationId: uuid() };
      const link = mailedLink(user.id);
      const reset = [
        event('UserPasswordReset', { userId: user.id, tokenHash: link.tokenHash }, context),
        event('UserPasswordSet', { userId: user.id, passwordHash: passwordHash() }, context),
      ];
      if (!user.verified) {
        user.verified = true;
        remove(unverified, unverified.indexOf(user));
        reset.push(event('UserEmailVerified', { userId: user.id, email: user.email, via: 'password-reset' }, context));
      }
      return [append('user', user.id, [event('UserPasswordResetSent', link, context)]), append('user', user.id, reset)];
    },
    linkIdentity() {
      // A sign-in provider that vouches for the address joins the account; a password set before anyone proved the mailbox is dropped.
      const user = unverified.length > 0 && rand() < 0.5 ? pick(unverified) : pick(users);
      const context = { actor: user.id, correlationId: uuid() };
      const events = [event('UserIdentityLinked', { userId: user.id, issuer: 'https://id.example.com', subject: hex(12) }, context)];
      if (!user.verified) {
        user.verified = true;
        remove(unverified, unverified.indexOf(user));
        events.push(
          event('UserEmailVerified', { userId: user.id, email: user.email, via: 'identity-provider' }, context),
          event('UserPasswordCleared', { userId: user.id }, context),
        );
      }
      return [append('user', user.id, events)];
    },
    updateProfile() {
      const user = pick(users);
      user.name = `${pick(FIRST)} ${pick(LAST)}`;
      return [
        append('user', user.id, [
          event('UserProfileUpdated', { userId: user.id, name: user.name, photo: `/api/media/${uuid()}` }, { actor: user.id, correlationId: uuid() }),
        ]),
      ];
    },
    addMeal,
    editMeal() {
      if (meals.length === 0) return undefined;
      const meal = pick(meals);
      const next = dish();
      const changes: Record<string, unknown> = {};
      for (const key of ['title', 'category', 'ingredients', 'description', 'price'] as const) if (rand() < 0.4) changes[key] = next[key];
      if (rand() < 0.3) changes.rating = Math.round(rand() * 100) / 10;
      if (Object.keys(changes).length === 0) changes.price = next.price;
      Object.assign(meal.fields, changes);
      if (typeof changes.title === 'string') meal.title = changes.title;
      return [append('meal', meal.id, [event('MealEdited', { mealId: meal.id, changes }, { actor: pick(admins).id, correlationId: uuid() })])];
    },
    deleteMeal() {
      if (meals.length < 3) return undefined;
      const index = Math.floor(rand() * meals.length);
      const meal = meals[index]!;
      remove(meals, index);
      const deleted = append('meal', meal.id, [event('MealDeleted', { mealId: meal.id }, { actor: pick(admins).id, correlationId: uuid() })]);
      // The race the deciders allow: a like decided while the meal was listed, landing just after its deletion.
      const late = pick(users);
      if (rand() < 0.5 || likes.has(`${meal.id} ${late.id}`)) return [deleted];
      likes.add(`${meal.id} ${late.id}`);
      return [
        deleted,
        append('like', `${meal.id}.${late.id}`, [event('MealLiked', { mealId: meal.id, userId: late.id }, { actor: late.id, correlationId: uuid() })]),
      ];
    },
    likeMeal() {
      if (meals.length === 0) return undefined;
      for (let attempt = 0; attempt < 5; attempt++) {
        const meal = pick(meals);
        const user = pick(users);
        const key = `${meal.id} ${user.id}`;
        if (likes.has(key)) continue;
        likes.add(key);
        const liked = event('MealLiked', { mealId: meal.id, userId: user.id }, { actor: user.id, correlationId: uuid() });
        // A like has a stream of its own; logs written before that hold some in the meal's stream.
        return [rand() < 0.2 ? append('meal', meal.id, [liked]) : append('like', `${meal.id}.${user.id}`, [liked])];
      }
      return undefined;
    },
    review() {
      if (meals.length === 0) return undefined;
      const meal = pick(meals);
      const user = pick(users);
      const id = uuid();
      reviews.push({ id, mealId: meal.id, author: user.id });
      const data = {
        reviewId: id,
        mealId: meal.id,
        mealTitle: meal.title,
        distributorName: meal.distributorName,
        userId: user.id,
        userEmail: user.email,
        userName: user.name,
        review: pick(REVIEWS),
        createdAt: now(),
      };
      return [append('review', id, [event('ReviewAdded', data, { actor: user.id, correlationId: uuid() })])];
    },
    deleteReview() {
      if (reviews.length === 0) return undefined;
      const index = Math.floor(rand() * reviews.length);
      const review = reviews[index]!;
      remove(reviews, index);
      const actor = rand() < 0.7 ? review.author : pick(admins).id;
      return [append('review', review.id, [event('ReviewDeleted', { reviewId: review.id, mealId: review.mealId }, { actor, correlationId: uuid() })])];
    },
    pay() {
      const user = pick(users);
      const name = pick(PACKAGE_NAMES);
      const charge = membershipCharge(name);
      const paymentId = uuid();
      const context = { actor: user.id, correlationId: uuid() };
      // Purchases decided on the member's stream (most; logs written before have none): started, perhaps
      // waiting for the provider (Stripe's 3-D Secure), then completed once the payment is recorded.
      const decided = rand() < 0.7;
      const provider = decided && rand() < 0.3 ? 'stripe' : 'sandbox';
      const providerRef = `pi_${hex(12)}${hex(12)}`;
      const started = [event('MembershipPurchaseStarted', { userId: user.id, paymentId, package: name, provider, startedAt: now() }, context)];
      if (provider === 'stripe')
        started.push(event('MembershipPurchaseAwaitingProvider', { userId: user.id, paymentId, paymentIntentId: providerRef }, context));
      const paid = event('PaymentSucceeded', { paymentId, userId: user.id, email: user.email, ...charge, provider, providerRef, paidAt: now() }, context);
      const appends = decided
        ? [
            append('membership', user.id, started),
            append('payment', paymentId, [paid]),
            append('membership', user.id, [event('MembershipPurchaseCompleted', { userId: user.id, paymentId }, context)]),
          ]
        : [append('payment', paymentId, [paid])];
      if (badgeRank(charge.badge) > badgeRank(user.badge)) {
        if (badgeRank(user.badge) < badgeRank('silver')) members.push(user);
        user.badge = charge.badge;
        appends.push(
          append('user', user.id, [
            event(
              'UserBadgeGranted',
              { userId: user.id, badge: charge.badge, paymentId },
              { actor: 'system', correlationId: context.correlationId, causationId: paid.eventId },
            ),
          ]),
        );
      }
      return appends;
    },
    failPurchase() {
      // Nothing taken: the card declined, the attempt refused, or the purchase abandoned.
      const user = pick(users);
      const paymentId = uuid();
      const context = { actor: user.id, correlationId: uuid() };
      const reason = pick(['declined', 'refused', 'abandoned'] as const);
      return [
        append('membership', user.id, [
          event('MembershipPurchaseStarted', { userId: user.id, paymentId, package: pick(PACKAGE_NAMES), provider: 'sandbox', startedAt: now() }, context),
        ]),
        append('membership', user.id, [
          event('MembershipPurchaseFailed', { userId: user.id, paymentId, reason, message: `Your card was ${reason}. Nothing was charged.` }, context),
        ]),
      ];
    },
    addUpcoming() {
      const admin = pick(admins);
      const item: Upcoming = { id: uuid(), likedBy: [], fields: { ...dish(), distributorName: admin.name, distributorEmail: admin.email } };
      upcoming.push(item);
      return [
        append('upcoming', item.id, [
          event('UpcomingMealAdded', { upcomingId: item.id, ...item.fields, addedAt: now() }, { actor: admin.id, correlationId: uuid() }),
        ]),
      ];
    },
    likeUpcoming() {
      if (upcoming.length === 0 || members.length === 0) return undefined;
      const index = Math.floor(rand() * upcoming.length);
      const item = upcoming[index]!;
      const user = pick(members);
      if (item.likedBy.includes(user.id)) return undefined;
      item.likedBy.push(user.id);
      const count = item.likedBy.length;
      const context = { actor: user.id, correlationId: uuid() };
      const liked = event('UpcomingMealLiked', { upcomingId: item.id, userId: user.id, likes: count }, context);
      if (count < UPCOMING_PUBLISH_THRESHOLD) return [append('upcoming', item.id, [liked])];
      // The threshold: the policy publishes it, and the publication lists it in the catalogue with its likes.
      remove(upcoming, index);
      const reached = event('UpcomingMealThresholdReached', { upcomingId: item.id, likes: count }, context);
      const mealId = uuid();
      const publishedAt = now();
      const published = event(
        'UpcomingMealPublished',
        { upcomingId: item.id, mealId, publishedAt },
        { actor: 'system', correlationId: context.correlationId, causationId: reached.eventId },
      );
      const { distributorName, distributorEmail, ...fields } = item.fields;
      meals.push({ id: mealId, title: fields.title, distributorName, fields });
      const listed = event(
        'MealAdded',
        { mealId, ...fields, distributorName, distributorEmail, postTime: publishedAt, rating: 0, likedBy: [...item.likedBy] },
        { actor: 'system', correlationId: context.correlationId, causationId: published.eventId },
        2,
      );
      // A published meal arrives with its likes: no one of them may like it again.
      for (const liker of item.likedBy) likes.add(`${mealId} ${liker}`);
      return [append('upcoming', item.id, [liked, reached]), append('upcoming', item.id, [published]), append('meal', mealId, [listed])];
    },
    request() {
      if (meals.length === 0) return undefined;
      const user = pick(users);
      const meal = pick(meals);
      const id = `${user.id}.${++user.requests}`;
      pending.push({ id, user, mealId: meal.id });
      const data = {
        requestId: id,
        userId: user.id,
        userEmail: user.email,
        userName: user.name,
        userBadge: user.badge,
        mealId: meal.id,
        mealTitle: meal.title,
        distributorName: meal.distributorName,
        requestTime: now(),
      };
      return [append('request', user.id, [event('MealRequested', data, { actor: user.id, correlationId: uuid() })])];
    },
    approve() {
      if (pending.length === 0) return undefined;
      const index = Math.floor(rand() * pending.length);
      const request = pending[index]!;
      remove(pending, index);
      approved.push(request);
      const admin = pick(admins);
      const data = { requestId: request.id, userId: request.user.id, mealId: request.mealId, approvedAt: now(), approvedBy: admin.id };
      return [append('request', request.user.id, [event('MealRequestApproved', data, { actor: admin.id, correlationId: uuid() })])];
    },
    serve() {
      // Straight from Pending (as before the serve queue), or once the kitchen approved it (naming who served).
      const from = approved.length > 0 && (pending.length === 0 || rand() < 0.5) ? approved : pending;
      if (from.length === 0) return undefined;
      const index = Math.floor(rand() * from.length);
      const request = from[index]!;
      remove(from, index);
      delivered.push(request);
      const admin = pick(admins);
      const data = { requestId: request.id, userId: request.user.id, mealId: request.mealId, servedAt: now() };
      const served = from === approved ? { ...data, servedBy: admin.id } : data;
      return [append('request', request.user.id, [event('MealRequestServed', served, { actor: admin.id, correlationId: uuid() })])];
    },
    recall() {
      // A slip the kitchen takes back at once, within the recall window: approved then back to Pending,
      // or approved, served and back to Approved.
      if (pending.length === 0) return undefined;
      const index = Math.floor(rand() * pending.length);
      const request = pending[index]!;
      const admin = pick(admins);
      const context = { actor: admin.id, correlationId: uuid() };
      const ids = { requestId: request.id, userId: request.user.id, mealId: request.mealId };
      const appends = [append('request', request.user.id, [event('MealRequestApproved', { ...ids, approvedAt: now(), approvedBy: admin.id }, context)])];
      if (rand() < 0.5) {
        clock += 1000;
        appends.push(
          append('request', request.user.id, [
            event('MealRequestRecalled', { ...ids, from: 'Approved', to: 'Pending', recalledAt: now(), recalledBy: admin.id }, context),
          ]),
        );
        return appends;
      }
      remove(pending, index);
      approved.push(request);
      clock += 1000;
      appends.push(append('request', request.user.id, [event('MealRequestServed', { ...ids, servedAt: now(), servedBy: admin.id }, context)]));
      clock += 1000;
      appends.push(
        append('request', request.user.id, [
          event('MealRequestRecalled', { ...ids, from: 'Delivered', to: 'Approved', recalledAt: now(), recalledBy: admin.id }, context),
        ]),
      );
      return appends;
    },
    cancel() {
      const from = rand() < 0.8 || delivered.length === 0 ? pending : delivered;
      if (from.length === 0) return undefined;
      const index = Math.floor(rand() * from.length);
      const request = from[index]!;
      remove(from, index);
      const data = { requestId: request.id, userId: request.user.id, mealId: request.mealId };
      return [append('request', request.user.id, [event('MealRequestCancelled', data, { actor: request.user.id, correlationId: uuid() })])];
    },
    newsletter() {
      // The footer's double opt-in: a confirm link mailed, followed; some leave later by the unsubscribe link.
      const subscriptionId = uuid();
      const email = `reader.${hex(8)}@example.org`;
      const context = { actor: `newsletter:${subscriptionId}`, correlationId: uuid() };
      const appends = [
        append('newsletter', subscriptionId, [
          event(
            'NewsletterSubscriptionRequested',
            { subscriptionId, email, tokenHash: tokenHash(), sentAt: now(), expiresAt: new Date(clock + 86_400_000).toISOString() },
            context,
          ),
        ]),
        append('newsletter', subscriptionId, [event('NewsletterSubscriptionConfirmed', { subscriptionId, email, unsubscribeTokenHash: tokenHash() }, context)]),
      ];
      if (rand() < 0.3) appends.push(append('newsletter', subscriptionId, [event('NewsletterUnsubscribed', { subscriptionId, email }, context)]));
      return appends;
    },
    exportAudit() {
      const id = uuid();
      const auditor = pick(admins);
      return [
        append('export', id, [
          event(
            'AuditExported',
            { exportId: id, format: rand() < 0.5 ? 'ndjson' : 'csv', filter: { type: 'MealLiked' } },
            { actor: auditor.id, correlationId: uuid() },
          ),
        ]),
      ];
    },
  };
  const names = Object.keys(actions) as (keyof MixWeights)[];
  const total = names.reduce((sum, name) => sum + weights[name], 0);
  const choose = () => {
    let at = rand() * total;
    for (const name of names) {
      at -= weights[name];
      if (at < 0) return name;
    }
    return names.at(-1)!;
  };
  const emit = function* (appends: MixedAppend[]) {
    for (const item of appends) {
      yielded += item.events.length;
      yield item;
    }
  };

  // A hostel opens: two admins (their addresses in ADMIN_EMAILS), a first menu, a first auditor.
  yield* emit([...register(true), ...register(true)]);
  for (let i = 0; i < 5; i++) yield* emit(addMeal());
  const auditor = register();
  yield* emit(auditor);
  const auditorUser = users.at(-1)!;
  yield* emit([append('user', auditorUser.id, [event('UserMadeAuditor', { userId: auditorUser.id }, { actor: admins[0]!.id, correlationId: uuid() })])]);

  while (yielded < options.events) {
    clock += Math.floor(rand() * 3000);
    // Early on, people register faster than they do anything else.
    const appends = users.length < 20 && rand() < 0.5 ? register() : actions[choose()]();
    if (appends) yield* emit(appends);
  }
}

/**
 * Writes a mix straight into the PostgreSQL event store's table (`<schema>.events`), `chunk` events a
 * multi-row INSERT (one transaction each, so positions are commit order; each stream's versions
 * follow on), and wakes its subscribers: a million events in seconds, where appends one stream at a
 * time would take minutes. Answers how many events it wrote and the position of the last one.
 */
export async function insertEventMix(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- only raw SQL on the store's table
  db: Kysely<any>,
  options: { events: number; seed?: number; weights?: MixWeights; chunk?: number; schema?: string; onProgress?: (written: number) => void },
): Promise<{ events: number; last: Position }> {
  const schema = options.schema ?? 'eventstore';
  const chunk = options.chunk ?? 5000;
  const versions = new Map<string, number>();
  let rows: object[] = [];
  let written = 0;
  let writing: Promise<unknown> = Promise.resolve();
  const flush = async () => {
    const json = JSON.stringify(rows);
    const count = rows.length;
    rows = [];
    // One INSERT in flight while the next chunk is generated.
    await writing;
    writing = sql`insert into ${sql.table(`${schema}.events`)} (stream_id, stream_version, event_id, type, data, metadata)
      select v.stream_id, v.stream_version, v.event_id, v.type, v.data, v.metadata
      from json_populate_recordset(null::${sql.table(`${schema}.events`)}, ${json}::json) with ordinality as v
      order by v.ordinality`
      .execute(db)
      .then(() => {
        written += count;
        options.onProgress?.(written);
      });
  };
  for (const { stream, events } of eventMix(options)) {
    for (const event of events) {
      const version = versions.get(stream) ?? 0;
      versions.set(stream, version + 1);
      rows.push({ stream_id: stream, stream_version: version, event_id: event.eventId, type: event.type, data: event.data, metadata: event.metadata });
    }
    if (rows.length >= chunk) await flush();
  }
  if (rows.length > 0) await flush();
  await writing;
  const { rows: [head] = [] } = await sql<{ a: string; b: string }>`select transaction_id::text as a, global_position::text as b
    from ${sql.table(`${schema}.events`)} order by transaction_id desc, global_position desc limit 1`.execute(db);
  const last = head ? { a: BigInt(head.a), b: BigInt(head.b) } : { a: 0n, b: 0n };
  await sql`select pg_notify(${`${schema}_events`}, ${`${last.a}/${last.b}`})`.execute(db);
  return { events: written, last };
}
