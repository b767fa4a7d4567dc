import { describe, expect, it } from 'vitest';
import { AUDIT_LOG } from './audit-log';
import { MEAL_CATALOG } from './meal-catalog';
import { MEAL_REQUESTS } from './meal-requests';
import { PAYMENTS } from './payments';
import { REVIEWS } from './reviews';
import { UPCOMING_MEALS } from './upcoming-meals';
import { USERS } from './users';
import { projections, readModelMigrations, readModels } from './read-models';

describe('the list of read models', () => {
  it('names each by its exported constant, once', () => {
    expect(readModels.map((readModel) => readModel.projection.name)).toEqual([
      USERS,
      MEAL_CATALOG,
      REVIEWS,
      PAYMENTS,
      UPCOMING_MEALS,
      MEAL_REQUESTS,
      AUDIT_LOG,
    ]);
    expect(projections).toEqual(readModels.map((readModel) => readModel.projection));
  });

  it("gives each table to one read model only (a rebuild swaps a read model's tables whole)", () => {
    const tables = readModels.flatMap((readModel) => readModel.projection.tables);
    expect(new Set(tables).size).toBe(tables.length);
    expect(tables.sort()).toEqual([
      'audit_entities',
      'audit_entity_refs',
      'audit_events',
      'audit_names',
      'meal_likes',
      'meal_request_tickets',
      'meal_requests',
      'meals',
      'payments',
      'reviews',
      'upcoming_likes',
      'upcoming_meals',
      'users',
    ]);
  });

  it('keeps the migration history: the very keys databases have run, in order', () => {
    // A key renamed or dropped would make existing databases refuse to start, or run a step twice.
    expect(Object.keys(readModelMigrations).sort()).toEqual([
      '2026-11-21-checkpoints-and-users',
      '2026-11-22-meal-catalog-and-reviews',
      '2026-11-22-meal-search-by-prefix',
      '2026-11-22-payments',
      '2026-11-22-upcoming-meals',
      '2026-11-23-meal-requests',
      '2026-11-24-audit-log',
      '2026-11-26-serve-stages',
      '2026-11-27-audit-entities',
      '2026-11-27-request-tickets',
      '2026-11-27-signed-audit-checkpoints',
      '2026-11-27-signed-audit-checkpoints-chained',
    ]);
  });
});
