import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { actorOf } from '@hostel/platform/http';
import type { CommandTables } from '../migrations';
import { acceptImage, type ImageSources } from './image-reference';

/**
 * What an admin's new dish (a meal, an upcoming meal) is added with besides what the form sent: a fresh
 * id, the admin's role, the picture as acceptImage takes it (`missing`: the form's words for an upload we
 * do not have), and the admin as its distributor (from the token, never from the body).
 */
export async function newDish(request: FastifyRequest, image: string, deps: { db: Kysely<CommandTables>; imageSources: ImageSources }, missing: string) {
  const actor = actorOf(request);
  return {
    id: crypto.randomUUID(),
    actorRole: actor.role,
    image: await acceptImage(deps.db, image, deps.imageSources, missing),
    distributor: { distributorName: actor.name, distributorEmail: actor.email },
  };
}
