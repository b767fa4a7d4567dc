import type { MigrationSteps } from '../migrations';

/** The upcoming meals' tables, by the migration each step belongs to. Frozen in time: never import app code here. */
export const upcomingMealsMigrations: MigrationSteps = {
  '2026-11-22-upcoming-meals': [
    `create table upcoming_meals (
        id text primary key,
        title text not null,
        category text not null,
        image text not null,
        ingredients text[] not null,
        description text not null,
        price numeric(12, 2) not null,
        distributor_name text not null,
        distributor_email text not null,
        added_at timestamptz not null,
        likes integer not null
      )`,
    'create index upcoming_by_likes on upcoming_meals (likes desc, id desc)',
    'create index upcoming_newest on upcoming_meals (added_at desc, id desc)',
    'create table upcoming_likes (upcoming_id text not null, user_id text not null, constraint upcoming_likes_pk primary key (upcoming_id, user_id))',
  ],
};
