import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@hostel/eventstore';
import { envelope } from './envelope';
import { parseEvent } from './parse-event';

const mealAdded = (ingredients: unknown, schemaVersion: number): RecordedEvent => ({
  eventId: 'e-1',
  type: 'MealAdded',
  data: {
    mealId: 'm-1',
    title: 'Masala Omelette',
    category: 'Breakfast',
    image: '/api/media/00000000-0000-4000-8000-000000000000',
    ingredients,
    description: 'Spicy eggs',
    price: 4.5,
    distributorName: 'Chef',
    distributorEmail: 'chef@example.com',
    rating: 0,
    postTime: '2026-11-20T08:00:00.000Z',
  },
  metadata: { eventId: 'e-1', actor: 'u-1', correlationId: 'c-1', causationId: 'c-1', occurredAt: '2026-11-20T08:00:00.000Z', schemaVersion },
  streamId: 'meal-m-1',
  streamVersion: 0n,
  position: { a: 1n, b: 1n },
});

describe('parseEvent: the one read boundary', () => {
  it("given a MealAdded stored at schema version 1 with the form's comma-separated ingredients, answers today's shape and keeps the stored one", () => {
    const parsed = parseEvent(mealAdded(' eggs, onion ,, green chilli', 1));
    expect(parsed.type === 'MealAdded' && parsed.data.ingredients).toEqual(['eggs', 'onion', 'green chilli']);
    expect(parsed.schemaVersion).toBe(1);
    expect(parsed.storedData).toMatchObject({ ingredients: ' eggs, onion ,, green chilli' });
  });

  it('leaves an event already at its current version as stored, with no stored copy', () => {
    const parsed = parseEvent(mealAdded(['eggs'], 2));
    expect(parsed.type === 'MealAdded' && parsed.data.ingredients).toEqual(['eggs']);
    expect(parsed.storedData).toBeUndefined();
    // a version 1 event that already held an array needs no change either
    expect(parseEvent(mealAdded(['eggs'], 1)).storedData).toBeUndefined();
  });

  it('carries where, when, by whom and why the event was recorded', () => {
    expect(parseEvent(mealAdded(['eggs'], 2))).toMatchObject({
      eventId: 'e-1',
      streamId: 'meal-m-1',
      streamVersion: 0n,
      actor: 'u-1',
      correlationId: 'c-1',
      causationId: 'c-1',
      occurredAt: '2026-11-20T08:00:00.000Z',
    });
  });

  it("writes new events at their type's current version", () => {
    const stored = envelope({ type: 'MealDeleted', data: { mealId: 'm-1' } }, { actor: 'u-1', correlationId: 'c-1' });
    expect(stored.metadata).toMatchObject({ schemaVersion: 1 });
    const meal = parseEvent(mealAdded(['eggs'], 2));
    if (meal.type !== 'MealAdded') throw new Error('not a meal');
    expect(envelope({ type: 'MealAdded', data: meal.data }, { actor: 'u-1', correlationId: 'c-1' }).metadata).toMatchObject({ schemaVersion: 2 });
  });

  it('refuses an event type no contract knows', () => {
    expect(() => parseEvent({ ...mealAdded([], 2), type: 'MealTeleported' })).toThrow(/No contract for event type MealTeleported/);
  });
});
