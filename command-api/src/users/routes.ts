import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CommandAnswer, ProfileAnswer, ProfileBody } from '@hostel/contracts';
import type { EventStore } from '@hostel/eventstore';
import { actorOf } from '@hostel/platform/http';
import { toUserDto } from './user-dto';
import { claimStoredImage } from '../media/store-image';
import type { CommandTables } from '../migrations';
import { userDecider, userStream } from '@hostel/domain';
import { commandsOn } from '../commands-on';

/** The spec's user commands: a caller's own profile, and promotion by an admin. */
export const userRoutes: FastifyPluginAsync<{ store: EventStore; db: Kysely<CommandTables> }> = async (app, deps) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const onUser = commandsOn(deps.store, userStream, userDecider);

  // The spec's client also sends email and role here: the body schema checks their type and drops them, the token decides who.
  routes.post('/users', { config: { access: 'user' }, schema: { body: ProfileBody, response: { 200: ProfileAnswer } } }, async (request) => {
    const actor = actorOf(request);
    // A photo uploaded here is about to be referred to: keep it from the sweep of unused images.
    if (request.body.photo) await claimStoredImage(deps.db, request.body.photo);
    const result = await onUser(request, actor.sub, { type: 'UpdateProfile', userId: actor.sub, ...request.body });
    if (!result.state.exists) throw new Error('Profile update lost the account');
    return { user: toUserDto(result.state), position: result.position };
  });

  /** An admin gives a user a role: one route per role, the same shape. */
  const roleRoute = (path: string, type: 'PromoteToAdmin' | 'MakeAuditor', done: string, already: string) =>
    routes.patch(
      path,
      { config: { access: 'admin' }, schema: { params: z.object({ id: z.uuid('User not found') }), response: { 200: CommandAnswer } } },
      async (request) => {
        const actor = actorOf(request);
        const result = await onUser(request, request.params.id, { type, userId: request.params.id, actorRole: actor.role });
        return { message: result.changed ? done : already, position: result.position };
      },
    );
  roleRoute('/users/admin/:id', 'PromoteToAdmin', 'User promoted to admin', 'User is already an admin');
  roleRoute('/users/auditor/:id', 'MakeAuditor', 'User is now an auditor', 'User is already an auditor');
};
