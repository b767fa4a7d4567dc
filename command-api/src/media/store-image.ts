import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { invalid } from '@hostel/platform/http';
import type { CommandTables } from '../migrations';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff']);
const MAX_SIDE = 2000;

export const mediaUrl = (id: string) => `/api/media/${id}`;

/** Whether a `/api/media/<id>` URL names an image we stored (forms must upload first). */
export async function isStoredImage(db: Kysely<CommandTables>, url: string): Promise<boolean> {
  const id = url.split('/').at(-1) ?? '';
  return (await db.selectFrom('media').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/**
 * Stores an image the way every image gets in: the bytes must decode as an image (whatever the
 * file claims to be) and are re-encoded as WebP, which drops EXIF, GPS and any payload riding along.
 * An `id` given twice stores once (the demo seed names its images); otherwise a new id is made.
 */
export async function storeImage(db: Kysely<CommandTables>, bytes: Buffer, uploadedBy: string, id: string = crypto.randomUUID()): Promise<string> {
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
  await db
    .insertInto('media')
    .values({ id, content_type: 'image/webp', bytes: data, width: info.width, height: info.height, uploaded_by: uploadedBy })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  return mediaUrl(id);
}
