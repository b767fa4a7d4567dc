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

const DAL = '5d1f8a2e-1c1e-4a43-9a3b-5d2d7c0e8a21';
const SALMON = '5d1f8a2e-1c1e-4a43-9a3b-5d2d7c0e8a22';
const RISOTTO = '5d1f8a2e-1c1e-4a43-9a3b-5d2d7c0e8a23';

/**
 * Three requests of one student, in their one stream of requests: Dal Makhani approved by Boss and
 * taken back to Pending, Grilled Salmon cancelled by the student after that, Mushroom Risotto asked
 * last. Each meal is added first, so the log names them.
 */
export function threeRequests(student: typeof sam = sam): { events: AuditRecord[]; requests: [string, string, string] } {
  const stream = `request-${student._id}`;
  const ids: [string, string, string] = [`${student._id}.1`, `${student._id}.2`, `${student._id}.3`];
  const meal = (mealId: string, title: string) =>
    makeAuditEvent({
      type: 'MealAdded',
      stream: `meal-${mealId}`,
      version: 0,
      actor: person(boss),
      data: {
        mealId,
        title,
        category: 'Dinner',
        image: `/api/media/${mealId}`,
        ingredients: [],
        description: '',
        price: 6,
        rating: 0,
        distributorName: 'Boss',
        distributorEmail: boss.email,
        postTime: '2026-11-20T08:00:00.000Z',
      },
    });
  const requested = (requestId: string, mealId: string, mealTitle: string, version: number) =>
    makeAuditEvent({
      type: 'MealRequested',
      stream,
      version,
      actor: person(student),
      data: {
        requestId,
        userId: student._id,
        userEmail: student.email,
        userName: student.name,
        userBadge: 'gold',
        mealId,
        mealTitle,
        distributorName: 'Boss',
        requestTime: '2026-11-20T12:00:00.000Z',
      },
    });
  const [dal, salmon, risotto] = ids;
  const kitchen = (requestId: string, mealId: string) => ({ requestId, userId: student._id, mealId });
  return {
    requests: ids,
    events: [
      meal(DAL, 'Dal Makhani'),
      meal(SALMON, 'Grilled Salmon'),
      meal(RISOTTO, 'Mushroom Risotto'),
      requested(dal, DAL, 'Dal Makhani', 0),
      requested(salmon, SALMON, 'Grilled Salmon', 1),
      makeAuditEvent({
        type: 'MealRequestApproved',
        stream,
        version: 2,
        actor: person(boss),
        data: { ...kitchen(dal, DAL), approvedAt: '2026-11-20T12:05:00.000Z', approvedBy: boss._id },
      }),
      makeAuditEvent({
        type: 'MealRequestRecalled',
        stream,
        version: 3,
        actor: person(boss),
        data: { ...kitchen(dal, DAL), from: 'Approved', to: 'Pending', recalledAt: '2026-11-20T12:06:00.000Z', recalledBy: boss._id },
      }),
      makeAuditEvent({ type: 'MealRequestCancelled', stream, version: 4, actor: person(student), data: kitchen(salmon, SALMON) }),
      requested(risotto, RISOTTO, 'Mushroom Risotto', 5),
    ],
  };
}
