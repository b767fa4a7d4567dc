import type { MigrationSteps } from '../migrations';

/** The catalogue's tables, by the migration each step belongs to. Frozen in time: never import app code here. */
export const mealCatalogMigrations: MigrationSteps = {
  '2026-11-22-meal-catalog-and-reviews': [
    `create table meals (
        id text primary key,
        title text not null,
        category text not null,
        image text not null,
        ingredients text[] not null,
        description text not null,
        price numeric(12, 2) not null,
        post_time timestamptz not null,
        distributor_name text not null,
        distributor_email text not null,
        rating real not null,
        likes integer not null,
        reviews_count integer not null,
        -- What search looks in: title, description and ingredients, kept by the projection.
        search_text text not null,
        search_vector tsvector generated always as (to_tsvector('english'::regconfig, search_text)) stored
      )`,
    'create index meals_search_vector on meals using gin (search_vector)',
    'create index meals_search_trgm on meals using gin (search_text gin_trgm_ops)',
    // The catalogue's orders: newest first per category, and the admin table's sorts; id breaks ties.
    'create index meals_category_newest on meals (category, post_time desc, id desc)',
    'create index meals_newest on meals (post_time desc, id desc)',
    'create index meals_by_likes on meals (likes desc, id desc)',
    'create index meals_by_reviews on meals (reviews_count desc, id desc)',
    'create index meals_distributor on meals (distributor_email)',
    'create table meal_likes (meal_id text not null, user_id text not null, constraint meal_likes_pk primary key (meal_id, user_id))',
  ],
  '2026-11-22-meal-search-by-prefix': [
    // Search became a prefix query on search_vector: the substring (trigram) index has no reader left.
    'drop index if exists meals_search_trgm',
    // Category and price narrow a search before any row is read (a BitmapAnd with search_vector).
    'create index if not exists meals_category_price on meals (category, price)',
  ],
};
