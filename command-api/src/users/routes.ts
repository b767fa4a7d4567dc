import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProfileBody } from '@hostel/contracts';
import type { EventStore } from '@hostel/eventstore';
import { actorOf } from '@hostel/platform/http';
import { handleCommand } from '../command-handler';
import { toUserDto } from '../identity/routes';
import { userStream } from '../identity/user';
import { userDecider } from '../identity/user-decider';

/** The spec's user commands: a caller's own profile, and promotion by an admin. */
export function userRoutes(app: FastifyInstance, deps: { store: EventStore }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The spec's client also sends email and role here: the body schema drops them, the token decides who.
  routes.post('/users', { config: { access: 'user' }, schema: { body: ProfileBody } }, async (request) => {
    const actor = actorOf(request);
    const result = await handleCommand(
      deps.store,
      userStream(actor.sub),
      userDecider,
      { type: 'UpdateProfile', userId: actor.sub, ...request.body },
      { actor: actor.sub, correlationId: request.id },
    );
    if (!result.state.exists) throw new Error('Profile update lost the account');
    return { user: toUserDto(result.state), position: result.position };
  });

  routes.patch(
    '/users/admin/:id',
    { config: { access: 'admin' }, schema: { params: z.object({ id: z.uuid('User not found') }) } },
    async (request) => {
      const actor = actorOf(request);
      const result = await handleCommand(
        deps.store,
        userStream(request.params.id),
        userDecider,
        { type: 'PromoteToAdmin', userId: request.params.id, actorRole: actor.role },
        { actor: actor.sub, correlationId: request.id },
      );
      return { message: result.changed ? 'User promoted to admin' : 'User is already an admin', position: result.position };
    },
  );
}
