import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '@hostel/contracts';
import { actorOf, invalid, notFound } from '@hostel/platform/http';
import type { CommandTables } from '../migrations';
import { storeImage } from './store-image';

/** Image uploads (see storeImage for what is accepted and how it is cleaned), served from our own origin. */
export function mediaRoutes(app: FastifyInstance, deps: { db: Kysely<CommandTables> }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/api/uploads', { config: { access: 'user' } }, async (request, reply) => {
    const actor = actorOf(request);
    if (!request.isMultipart()) throw invalid('Send the image as multipart/form-data in a field named file');
    const file = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    if (!file) throw invalid('Please choose an image file');
    const url = await storeImage(deps.db, await file.toBuffer(), actor.sub);
    return reply.code(201).send({ url });
  });

  routes.get(
    '/api/media/:id',
    { config: { access: 'public' }, schema: { params: z.object({ id: z.uuid('Image not found') }) } },
    async (request, reply) => {
      const image = await deps.db.selectFrom('media').select(['content_type', 'bytes']).where('id', '=', request.params.id).executeTakeFirst();
      if (!image) throw notFound('Image not found');
      // An id names immutable bytes, so the image may be cached for good.
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${request.params.id}"`)
        .type(image.content_type)
        .send(image.bytes);
    },
  );
}
