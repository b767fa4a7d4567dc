import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ImageBytes, MAX_UPLOAD_BYTES, UploadAnswer } from '@hostel/contracts';
import { actorOf } from '@hostel/platform/http';
import type { EventStore } from '@hostel/eventstore';
import { DomainError, forbidden, invalid, notFound } from '@hostel/domain';
import { loadAccount } from '../identity/account-commands';
import { addressOf } from '../limits/rate-limits';
import type { CommandTables } from '../migrations';
import type { UploadQuota } from './store-image';
import { QuotaExceeded, storeImage } from './store-image';

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

export interface MediaDeps {
  db: Kysely<CommandTables>;
  store: EventStore;
  /** Bytes stored per user, and per address (admins are held to theirs only). */
  uploadQuota: { perUser: UploadQuota; perAddress: UploadQuota };
}

/**
 * Image uploads (see storeImage for what is accepted and how it is cleaned), served from our own
 * origin. Only from accounts whose owner proved the address (or admins): a throwaway account cannot
 * store anything, and what one network stores in a day is bounded however many accounts it opens.
 */
export const mediaRoutes: FastifyPluginAsync<MediaDeps> = async (app, deps) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/api/uploads', { config: { access: 'user' }, schema: { response: { 201: UploadAnswer } } }, async (request, reply) => {
    const actor = actorOf(request);
    const admin = actor.role === 'admin';
    if (!admin) {
      const { state: account } = await loadAccount(deps.store, actor.sub);
      if (!account.exists || !account.emailVerified)
        throw forbidden('Please verify your email address before uploading images: open the link we mailed you when you registered.');
    }
    if (!request.isMultipart()) throw invalid('Send the image as multipart/form-data in a field named file');
    const bytes = await readUploadedFile(request);
    try {
      const quota = { perUser: deps.uploadQuota.perUser, perAddress: admin ? undefined : deps.uploadQuota.perAddress };
      const url = await storeImage(deps.db, bytes, { by: actor.sub, from: addressOf(request), quota });
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
      // An id names immutable bytes, so the image may be cached for good. Pictures are shown by pages
      // of other origins too (a client listed in CORS_ORIGINS): helmet's same-origin would block them.
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('etag', `"${request.params.id}"`)
        .type(image.content_type)
        .send(image.bytes);
    },
  );
};
