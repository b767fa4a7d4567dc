import { makeMeal, makeMealRequest, makeUser, type MealRequestRecord } from '@/testing/api/db';

/** The kitchen tests' clock and cast: the kitchen queue on Serve Meals and the kitchen display (kiosk) alike. */
export const NOW = Date.parse('2026-11-26T12:00:00.000Z');
export const minutesAgo = (minutes: number, seconds = 0) => new Date(NOW - minutes * 60_000 - seconds * 1000).toISOString();

export const admin = makeUser({ name: 'Boss', email: 'boss@hostel.test', role: 'admin' });
export const ana = makeUser({ name: 'Ana Ate', email: 'ana@example.com', badge: 'Gold' });
export const ben = makeUser({ name: 'Ben Bite', email: 'ben@example.com', badge: 'Gold' });
export const biryani = makeMeal({ title: 'Chicken Biryani', category: 'Lunch' });
export const dal = makeMeal({ title: 'Dal Makhani', category: 'Dinner' });
export const porridge = makeMeal({ title: 'Porridge', category: 'Breakfast' });

/** `who`'s request of `meal`, made at `requestTime`. */
export const requestOf = (
  meal: { _id: string; title: string },
  who: { email: string; name: string },
  requestTime: string,
  extra: Partial<MealRequestRecord> = {},
) => makeMealRequest({ mealId: meal._id, mealTitle: meal.title, userEmail: who.email, userName: who.name, requestTime, ...extra });
