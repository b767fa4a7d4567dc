import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

/** Read-model tables and the projector's checkpoints. Frozen in time: never import app code here. */
export const projectorMigrations: Record<string, Migration> = {
  '2026-11-21-checkpoints-and-users': {
    async up(db: Kysely<any>) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await db.schema
        .createTable('projection_checkpoints')
        .ifNotExists()
        .addColumn('name', 'text', (column) => column.primaryKey())
        .addColumn('position_a', 'bigint', (column) => column.notNull())
        .addColumn('position_b', 'bigint', (column) => column.notNull())
        .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('users')
        .ifNotExists()
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull().unique())
        .addColumn('photo', 'text', (column) => column.notNull())
        .addColumn('role', 'text', (column) => column.notNull())
        .addColumn('badge', 'text')
        .addColumn('registered_at', 'timestamptz', (column) => column.notNull())
        .execute();
      // Manage Users searches by name or email with a substring match.
      await sql`create index if not exists users_name_trgm on users using gin (name gin_trgm_ops)`.execute(db);
      await sql`create index if not exists users_email_trgm on users using gin (email gin_trgm_ops)`.execute(db);
    },
  },
  '2026-11-22-meal-catalog-and-reviews': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('meals')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('title', 'text', (column) => column.notNull())
        .addColumn('category', 'text', (column) => column.notNull())
        .addColumn('image', 'text', (column) => column.notNull())
        .addColumn('ingredients', sql`text[]`, (column) => column.notNull())
        .addColumn('description', 'text', (column) => column.notNull())
        .addColumn('price', 'numeric(12, 2)', (column) => column.notNull())
        .addColumn('post_time', 'timestamptz', (column) => column.notNull())
        .addColumn('distributor_name', 'text', (column) => column.notNull())
        .addColumn('distributor_email', 'text', (column) => column.notNull())
        .addColumn('rating', 'real', (column) => column.notNull())
        .addColumn('likes', 'integer', (column) => column.notNull())
        .addColumn('reviews_count', 'integer', (column) => column.notNull())
        // What search looks in: title, description and ingredients, kept by the projection.
        .addColumn('search_text', 'text', (column) => column.notNull())
        .addColumn('search_vector', sql`tsvector`, (column) => column.generatedAlwaysAs(sql`to_tsvector('english'::regconfig, search_text)`).stored())
        .execute();
      await sql`create index meals_search_vector on meals using gin (search_vector)`.execute(db);
      await sql`create index meals_search_trgm on meals using gin (search_text gin_trgm_ops)`.execute(db);
      // The catalogue's orders: newest first per category, and the admin table's sorts; id breaks ties.
      await sql`create index meals_category_newest on meals (category, post_time desc, id desc)`.execute(db);
      await sql`create index meals_newest on meals (post_time desc, id desc)`.execute(db);
      await sql`create index meals_by_likes on meals (likes desc, id desc)`.execute(db);
      await sql`create index meals_by_reviews on meals (reviews_count desc, id desc)`.execute(db);
      await sql`create index meals_distributor on meals (distributor_email)`.execute(db);
      await db.schema
        .createTable('meal_likes')
        .addColumn('meal_id', 'text', (column) => column.notNull())
        .addColumn('user_id', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('meal_likes_pk', ['meal_id', 'user_id'])
        .execute();
      await db.schema
        .createTable('reviews')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('meal_id', 'text', (column) => column.notNull())
        .addColumn('meal_title', 'text', (column) => column.notNull())
        .addColumn('distributor_name', 'text', (column) => column.notNull())
        .addColumn('user_id', 'text', (column) => column.notNull())
        .addColumn('user_email', 'text', (column) => column.notNull())
        .addColumn('user_name', 'text', (column) => column.notNull())
        .addColumn('review', 'text', (column) => column.notNull())
        .addColumn('created_at', 'timestamptz', (column) => column.notNull())
        .execute();
      await sql`create index reviews_meal on reviews (meal_id, created_at desc, id desc)`.execute(db);
      await sql`create index reviews_author on reviews (lower(user_email), created_at desc, id desc)`.execute(db);
      await sql`create index reviews_newest on reviews (created_at desc, id desc)`.execute(db);
    },
  },
  '2026-11-22-meal-search-by-prefix': {
    async up(db: Kysely<any>) {
      // Search became a prefix query on search_vector: the substring (trigram) index has no reader left.
      await sql`drop index if exists meals_search_trgm`.execute(db);
      // Category and price narrow a search before any row is read (a BitmapAnd with search_vector).
      await sql`create index if not exists meals_category_price on meals (category, price)`.execute(db);
    },
  },
  '2026-11-22-payments': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('payments')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('package', 'text', (column) => column.notNull())
        .addColumn('badge', 'text', (column) => column.notNull())
        .addColumn('price', 'text', (column) => column.notNull())
        .addColumn('amount', 'integer', (column) => column.notNull())
        .addColumn('currency', 'text', (column) => column.notNull())
        .addColumn('provider_ref', 'text', (column) => column.notNull())
        .addColumn('paid_at', 'timestamptz', (column) => column.notNull())
        .execute();
      // Payment History: one person's payments, newest first.
      await sql`create index payments_by_email on payments (lower(email), paid_at desc, id desc)`.execute(db);
    },
  },
  '2026-11-22-upcoming-meals': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('upcoming_meals')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('title', 'text', (column) => column.notNull())
        .addColumn('category', 'text', (column) => column.notNull())
        .addColumn('image', 'text', (column) => column.notNull())
        .addColumn('ingredients', sql`text[]`, (column) => column.notNull())
        .addColumn('description', 'text', (column) => column.notNull())
        .addColumn('price', 'numeric(12, 2)', (column) => column.notNull())
        .addColumn('distributor_name', 'text', (column) => column.notNull())
        .addColumn('distributor_email', 'text', (column) => column.notNull())
        .addColumn('added_at', 'timestamptz', (column) => column.notNull())
        .addColumn('likes', 'integer', (column) => column.notNull())
        .execute();
      await sql`create index upcoming_by_likes on upcoming_meals (likes desc, id desc)`.execute(db);
      await sql`create index upcoming_newest on upcoming_meals (added_at desc, id desc)`.execute(db);
      await db.schema
        .createTable('upcoming_likes')
        .addColumn('upcoming_id', 'text', (column) => column.notNull())
        .addColumn('user_id', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('upcoming_likes_pk', ['upcoming_id', 'user_id'])
        .execute();
    },
  },
  '2026-11-23-meal-requests': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('meal_requests')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) => column.notNull())
        .addColumn('user_email', 'text', (column) => column.notNull())
        .addColumn('user_name', 'text', (column) => column.notNull())
        .addColumn('user_badge', 'text')
        .addColumn('meal_id', 'text', (column) => column.notNull())
        .addColumn('meal_title', 'text', (column) => column.notNull())
        .addColumn('distributor_name', 'text', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('request_time', 'timestamptz', (column) => column.notNull())
        .addColumn('served_at', 'timestamptz')
        .execute();
      // My Requested Meals (and the meal page): one student's, newest first.
      await sql`create index meal_requests_by_user on meal_requests (lower(user_email), request_time desc, id desc)`.execute(db);
      // Serve Meals: everyone's, newest first, searched by a substring of the email or name.
      await sql`create index meal_requests_newest on meal_requests (request_time desc, id desc)`.execute(db);
      await sql`create index meal_requests_email_trgm on meal_requests using gin (user_email gin_trgm_ops)`.execute(db);
      await sql`create index meal_requests_name_trgm on meal_requests using gin (user_name gin_trgm_ops)`.execute(db);
    },
  },
};
