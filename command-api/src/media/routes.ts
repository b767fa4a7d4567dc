import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ImageBytes, MAX_UPLOAD_BYTES, UploadAnswer } from '@hostel/contracts';
import { actorOf } from '@hostel/platform/http';
import type { CommandTables } from '../migrations';
import type { UploadQuota } from './store-image';
import { QuotaExceeded, storeImage } from './store-image';
import { DomainError, invalid, notFound } from '@hostel/domain';

const MALFORMED = 'The upload could not be read: send the image as multipart/form-data in a field named file';

/**
 * The one file of a multipart body, whole. Whatever the parser chokes on (no boundary, a body cut
 * short, a broken part header) is the client's malformed request, 400; its own 4xx (a file over
 * 5 MB is 413) pass through.
 */
async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    if (!file) throw invalid('Please choose an image file');
    if (file.fieldname !== 'file') throw invalid('Send the image in a field named file');
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    request.log.info({ err: error }, 'malformed upload');
    throw invalid(MALFORMED);
  }
}

/** Image uploads (see storeImage for what is accepted and how it is cleaned), served from our own origin. */
export const mediaRoutes: FastifyPluginAsync<{ db: Kysely<CommandTables>; uploadQuota: UploadQuota }> = async (app, deps) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/api/uploads', { config: { access: 'user' }, schema: { response: { 201: UploadAnswer } } }, async (request, reply) => {
    const actor = actorOf(request);
    if (!request.isMultipart()) throw invalid('Send the image as multipart/form-data in a field named file');
    const bytes = await readUploadedFile(request);
    try {
      const url = await storeImage(deps.db, bytes, actor.sub, undefined, deps.uploadQuota);
      return reply.code(201).send({ url });
    } catch (error) {
      if (error instanceof QuotaExceeded) reply.header('retry-after', String(Math.ceil(error.retryAfterMs / 1000)));
      throw error;
    }
  });

  routes.get(
    '/api/media/:id',
    { config: { access: 'public' }, schema: { params: z.object({ id: z.uuid('Image not found') }), response: { 200: ImageBytes } } },
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
};
