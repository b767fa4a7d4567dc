import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { DASHBOARD_PAGE_SIZE } from '@hostel/contracts';
import type { ReadModelTables, UserDto, UsersTable } from '@hostel/contracts';
import { actorOf, forbidden, notFound } from '@hostel/platform/http';
import { likePattern } from '../like-pattern';

const toDto = (row: UsersTable): UserDto => ({ _id: row.id, name: row.name, email: row.email, photo: row.photo, badge: row.badge, role: row.role });
const email = z.string().trim().toLowerCase().max(254);
const reads = ['users'] as const;


/** The spec's user queries over the `users` read model. */
export function userQueryRoutes(app: FastifyInstance, deps: { db: Kysely<ReadModelTables> }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  async function findByEmail(address: string) {
    const row = await db.selectFrom('users').selectAll().where('email', '=', address).executeTakeFirst();
    if (!row) throw notFound('User not found');
    return toDto(row);
  }

  /** Own record, or anyone's for an admin. */
  function mayRead(request: Parameters<typeof actorOf>[0], address: string) {
    const actor = actorOf(request);
    if (actor.role !== 'admin' && actor.email !== address) throw forbidden("You can only see your own profile");
  }

  routes.get('/users/:email', { config: { access: 'user', reads }, schema: { params: z.object({ email }) } }, async (request) => {
    mayRead(request, request.params.email);
    return findByEmail(request.params.email);
  });

  routes.get('/api/users', { config: { access: 'user', reads }, schema: { querystring: z.object({ email }) } }, async (request) => {
    mayRead(request, request.query.email);
    return findByEmail(request.query.email);
  });

  routes.get(
    '/users',
    {
      config: { access: 'admin', reads },
      schema: {
        querystring: z.object({
          email: email.optional(),
          search: z.string().trim().max(100).optional(),
          skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
          limit: z.coerce.number().int().min(1).max(100).default(DASHBOARD_PAGE_SIZE),
        }),
      },
    },
    async (request, reply) => {
      const { email: exact, search, skip, limit } = request.query;
      let query = db.selectFrom('users');
      if (exact) query = query.where('email', '=', exact);
      if (search) query = query.where((where) => where.or([where('name', 'ilike', likePattern(search)), where('email', 'ilike', likePattern(search))]));
      const [rows, total] = await Promise.all([
        query.selectAll().orderBy('registered_at', 'asc').orderBy('id', 'asc').offset(skip).limit(limit).execute(),
        query.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
      ]);
      reply.header('x-total-count', String(total.count));
      return rows.map(toDto);
    },
  );
}
