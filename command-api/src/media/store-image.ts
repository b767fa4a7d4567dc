import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import sharp from 'sharp';
import type { CommandTables } from '../migrations';
import { DomainError, invalid } from '@hostel/domain';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff']);
const MAX_SIDE = 2000;

export const mediaUrl = (id: string) => `/api/media/${id}`;
/** The id in a `/api/media/<id>` URL; every reference to an image in an event has this shape. */
export const MEDIA_URL = /\/api\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/g;

/**
 * Whether a `/api/media/<id>` URL names an image we stored (forms must upload first). It also marks the
 * image as in use now: a command is about to refer to it, and the sweep of unused images must not take
 * it before it has read that command's event (see sweep-unused-images.ts).
 */
export async function claimStoredImage(db: Kysely<CommandTables>, url: string): Promise<boolean> {
  const id = [...url.matchAll(MEDIA_URL)][0]?.[1];
  if (!id) return false;
  const claimed = await db
    .updateTable('media')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** How many bytes of images one user may store within a window (a day by default). */
export interface UploadQuota {
  maxBytes: number;
  windowMs: number;
}

/**
 * Stores an image the way every image gets in: the bytes must decode as an image (whatever the
 * file claims to be) and are re-encoded as WebP, which drops EXIF, GPS and any payload riding along.
 * An `id` given twice stores once (the demo seed names its images); otherwise a new id is made.
 * With a `quota`, the user's images stored within its window plus this one must fit in it, or 429.
 */
export async function storeImage(
  db: Kysely<CommandTables>,
  bytes: Buffer,
  uploadedBy: string,
  id: string = crypto.randomUUID(),
  quota?: UploadQuota,
): Promise<string> {
  if (bytes.length === 0) throw invalid('The file is empty: please choose an image');
  // sharp throws at once (not in its promise) for some inputs: both ways are a file we cannot read.
  const metadata = await Promise.resolve()
    .then(() => sharp(bytes).metadata())
    .catch(() => undefined);
  if (!metadata?.format || !ACCEPTED_FORMATS.has(metadata.format)) throw invalid('The file is not an image we can read (JPEG, PNG, WebP, GIF or AVIF)');
  const { data, info } = await Promise.resolve()
    .then(() =>
      sharp(bytes, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
    )
    .catch(() => {
      throw invalid('The image could not be processed');
    });
  await db.transaction().execute(async (trx) => {
    if (quota) {
      // One upload of a user at a time past this point, so two at once cannot both fit the last room.
      await sql`select pg_advisory_xact_lock(hashtext(${`media-quota:${uploadedBy}`}))`.execute(trx);
      const since = new Date(Date.now() - quota.windowMs);
      const stored = await trx
        .selectFrom('media')
        .select([sql<string>`coalesce(sum(octet_length(bytes)), 0)`.as('bytes'), sql<Date | null>`min(created_at)`.as('oldest')])
        .where('uploaded_by', '=', uploadedBy)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      if (Number(stored.bytes) + data.length > quota.maxBytes) {
        const retryAfterMs = stored.oldest ? stored.oldest.getTime() + quota.windowMs - Date.now() : quota.windowMs;
        throw quotaExceeded(quota, retryAfterMs);
      }
    }
    await trx
      .insertInto('media')
      .values({ id, content_type: 'image/webp', bytes: data, width: info.width, height: info.height, uploaded_by: uploadedBy })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  });
  return mediaUrl(id);
}

/** 429: the user's images of the window fill their quota. Carries when room frees up, for Retry-After. */
export class QuotaExceeded extends DomainError {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super('rate_limited', message);
  }
}

function quotaExceeded(quota: UploadQuota, retryAfterMs: number): QuotaExceeded {
  const megabytes = Number((quota.maxBytes / (1024 * 1024)).toFixed(1));
  const hours = Math.max(1, Math.ceil(retryAfterMs / 3_600_000));
  return new QuotaExceeded(
    `You have uploaded your ${megabytes} MB of images for today. Please try again in ${hours} hour${hours === 1 ? '' : 's'}, or reuse an image you uploaded.`,
    Math.max(1000, retryAfterMs),
  );
}
