import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorAnswer, UserDto, UserEmailParams, UserEmailQuery, UsersQuery } from '@hostel/contracts';
import { actorOf } from '@hostel/platform/http';
import { findUserByEmail, listUsers, USERS } from '@hostel/read-models/users';
import type { ReadModelTables } from '@hostel/read-models';
import type { Kysely } from 'kysely';
import { readErrors } from '../error-answers';
import { forbidden, notFound } from '@hostel/domain';

const reads = [USERS];

/** The spec's user queries over the `users` read model. */
export const userQueryRoutes: FastifyPluginAsyncZod<{ db: Kysely<ReadModelTables> }> = async (app, { db }) => {
  async function findByEmail(address: string) {
    const user = await findUserByEmail(db, address);
    if (!user) throw notFound('User not found');
    return user;
  }

  /** Own record, or anyone's for an admin. */
  function mayRead(request: FastifyRequest, address: string) {
    const actor = actorOf(request);
    if (actor.role !== 'admin' && actor.email !== address) throw forbidden('You can only see your own profile');
  }

  const oneUser = { 200: UserDto, ...readErrors, 403: ErrorAnswer, 404: ErrorAnswer };

  app.get('/users/:email', { config: { access: 'user', reads }, schema: { params: UserEmailParams, response: oneUser } }, async (request) => {
    mayRead(request, request.params.email);
    return findByEmail(request.params.email);
  });

  app.get('/api/users', { config: { access: 'user', reads }, schema: { querystring: UserEmailQuery, response: oneUser } }, async (request) => {
    mayRead(request, request.query.email);
    return findByEmail(request.query.email);
  });

  app.get(
    '/users',
    { config: { access: 'admin', reads }, schema: { querystring: UsersQuery, response: { 200: z.array(UserDto), ...readErrors, 403: ErrorAnswer } } },
    async (request, reply) => {
      // The spec's client sends the caller's own email in `email`: the caller is known from the token,
      // so that address filters nothing (an admin's search would otherwise find only themself).
      const { email, ...filter } = request.query;
      const own = email?.toLowerCase() === actorOf(request).email.toLowerCase();
      const { items, total } = await listUsers(db, own || !email ? filter : { ...filter, email });
      reply.header('x-total-count', String(total));
      return items;
    },
  );
};
