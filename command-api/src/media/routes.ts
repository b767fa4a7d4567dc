import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '@hostel/contracts';
import { actorOf, invalid, notFound } from '@hostel/platform/http';
import type { CommandTables } from '../migrations';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff']);
const MAX_SIDE = 2000;

/**
 * Image uploads: the bytes must decode as an image (whatever the file claims to be), are re-encoded
 * (which drops EXIF, GPS and any payload riding along), and are served from our own origin.
 */
export function mediaRoutes(app: FastifyInstance, deps: { db: Kysely<CommandTables> }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/api/uploads', { config: { access: 'user' } }, async (request, reply) => {
    const actor = actorOf(request);
    if (!request.isMultipart()) throw invalid('Send the image as multipart/form-data in a field named file');
    const file = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    if (!file) throw invalid('Please choose an image file');
    const bytes = await file.toBuffer();
    const metadata = await sharp(bytes).metadata().catch(() => undefined);
    if (!metadata?.format || !ACCEPTED_FORMATS.has(metadata.format)) throw invalid('The file is not an image we can read (JPEG, PNG, WebP, GIF or AVIF)');
    const { data, info } = await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true })
      .catch(() => {
        throw invalid('The image could not be processed');
      });
    const id = crypto.randomUUID();
    await deps.db
      .insertInto('media')
      .values({ id, content_type: 'image/webp', bytes: data, width: info.width, height: info.height, uploaded_by: actor.sub })
      .execute();
    return reply.code(201).send({ url: `/api/media/${id}` });
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
