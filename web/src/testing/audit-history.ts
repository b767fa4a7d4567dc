import { type AuditRecord, makeAuditEvent, makeUser } from './api/db';

/** People of the audit tests: an admin who runs the kitchen, a student, and an auditor who reads it all. */
export const boss = makeUser({ name: 'Boss', email: 'boss@hostel.test', role: 'admin' });
export const sam = makeUser({ name: 'Sam Student', email: 'sam@example.com' });
export const audrey = makeUser({ name: 'Audrey Auditor', email: 'audrey@example.com', role: 'auditor' });

export const person = (user: typeof boss) => ({ id: user._id, email: user.email, name: user.name });

/**
 * A meal's life as the log holds it: added, its price edited, its ingredients and title edited, liked by
 * Sam, and reviewed (from the review's own stream).
 */
export function mealHistory(mealId = crypto.randomUUID()): AuditRecord[] {
  const stream = `meal-${mealId}`;
  const reviewId = crypto.randomUUID();
  return [
    makeAuditEvent({
      type: 'MealAdded',
      stream,
      version: 0,
      actor: person(boss),
      data: {
        mealId,
        title: 'Dal Tadka',
        category: 'Lunch',
        image: `/api/media/${mealId}`,
        ingredients: ['lentils', 'garlic'],
        description: 'Slow-cooked lentils',
        price: 5,
        rating: 0,
        distributorName: 'Boss',
        distributorEmail: boss.email,
        postTime: '2026-11-20T08:00:00.000Z',
      },
    }),
    makeAuditEvent({ type: 'MealEdited', stream, version: 1, actor: person(boss), data: { mealId, changes: { price: 5.5 } } }),
    makeAuditEvent({
      type: 'MealEdited',
      stream,
      version: 2,
      actor: person(boss),
      data: { mealId, changes: { ingredients: ['lentils', 'ghee', 'cumin'], title: 'Dal Tadka Deluxe' } },
    }),
    makeAuditEvent({ type: 'MealLiked', stream, version: 3, actor: person(sam), data: { mealId, userId: sam._id } }),
    makeAuditEvent({
      type: 'ReviewAdded',
      stream: `review-${reviewId}`,
      version: 0,
      actor: person(sam),
      data: {
        reviewId,
        mealId,
        mealTitle: 'Dal Tadka Deluxe',
        distributorName: 'Boss',
        userId: sam._id,
        userEmail: sam.email,
        userName: sam.name,
        review: 'Rich and smoky',
        createdAt: '2026-11-21T12:00:00.000Z',
      },
    }),
  ];
}

/** Someone signing up: registered, then a password (redacted, as the audit answers it). */
export function registration(user: typeof sam): AuditRecord[] {
  const stream = `user-${user._id}`;
  return [
    makeAuditEvent({
      type: 'UserRegistered',
      stream,
      version: 0,
      actor: person(user),
      data: { userId: user._id, name: user.name, email: user.email, photo: '', role: 'user' },
    }),
    makeAuditEvent({ type: 'UserPasswordSet', stream, version: 1, actor: person(user), data: { userId: user._id, passwordHash: '[redacted]' } }),
  ];
}
