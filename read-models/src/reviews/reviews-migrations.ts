import type { MigrationSteps } from '../migrations';

/** The reviews table, by the migration each step belongs to. Frozen in time: never import app code here. */
export const reviewsMigrations: MigrationSteps = {
  '2026-11-22-meal-catalog-and-reviews': [
    `create table reviews (
        id text primary key,
        meal_id text not null,
        meal_title text not null,
        distributor_name text not null,
        user_id text not null,
        user_email text not null,
        user_name text not null,
        review text not null,
        created_at timestamptz not null
      )`,
    'create index reviews_meal on reviews (meal_id, created_at desc, id desc)',
    'create index reviews_author on reviews (lower(user_email), created_at desc, id desc)',
    'create index reviews_newest on reviews (created_at desc, id desc)',
  ],
};
