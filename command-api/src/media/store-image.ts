import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import sharp from 'sharp';
import type { Metadata } from 'sharp';
import type { CommandTables } from '../migrations';
import { MAX_IMAGE_PIXELS } from '@hostel/contracts';
import { DomainError, invalid } from '@hostel/domain';

// sharp names AVIF 'heif' (with AV1 compression); HEIC, HEVC-compressed, it cannot decode.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff']);
const readable = (metadata: Metadata) =>
  (metadata.format !== undefined && ACCEPTED_FORMATS.has(metadata.format)) || (metadata.format === 'heif' && metadata.compression === 'av1');
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

/** How many bytes of images may be stored within a window (a day by default): by one user, or from one address. */
export interface UploadQuota {
  maxBytes: number;
  windowMs: number;
}

/** Who stores an image, and the quotas it must fit. */
export interface Uploader {
  /** The user's id. */
  by: string;
  /** Their address, as rate limits see it (kept for a day: the sweep forgets it). */
  from?: string;
  /** Per user; and per address when `from` is given and `perAddress` set (admins have none). */
  quota?: { perUser: UploadQuota; perAddress?: UploadQuota | undefined };
}

/**
 * Stores an image the way every image gets in: the bytes must decode as an image (whatever the
 * file claims to be; JPEG, PNG, WebP, GIF, AVIF or TIFF) of at most MAX_IMAGE_PIXELS, and are
 * re-encoded as WebP, which drops EXIF, GPS and any payload riding along. An `id` given twice stores
 * once (the demo seed names its images); otherwise a new id is made. With quotas, the images stored
 * within each window by the user (and from the address) plus this one must fit, or 429.
 */
export async function storeImage(db: Kysely<CommandTables>, bytes: Buffer, uploader: Uploader, id: string = crypto.randomUUID()): Promise<string> {
  if (bytes.length === 0) throw invalid('The file is empty: please choose an image');
  // sharp throws at once (not in its promise) for some inputs: both ways are a file we cannot read.
  const metadata = await Promise.resolve()
    .then(() => sharp(bytes).metadata())
    .catch(() => undefined);
  if (!metadata || !readable(metadata)) throw invalid('The file is not an image we can read (JPEG, PNG, WebP, GIF, AVIF or TIFF)');
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels > MAX_IMAGE_PIXELS) {
    const megapixels = (pixels / 1_000_000).toFixed(1);
    throw invalid(
      `The image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels, and this one has ${megapixels}. Please resize it and try again.`,
    );
  }
  const { data, info } = await Promise.resolve()
    .then(() =>
      // The limit again while decoding: a header can claim fewer pixels than the data holds.
      sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
    )
    .catch(() => {
      throw invalid('The image could not be processed');
    });
  const { quota } = uploader;
  await db.transaction().execute(async (trx) => {
    if (quota) {
      await fits(trx, 'uploaded_by', uploader.by, quota.perUser, data.length, 'You have');
      if (uploader.from && quota.perAddress) await fits(trx, 'uploaded_from', uploader.from, quota.perAddress, data.length, 'Your network has');
    }
    await trx
      .insertInto('media')
      .values({
        id,
        content_type: 'image/webp',
        bytes: data,
        width: info.width,
        height: info.height,
        uploaded_by: uploader.by,
        uploaded_from: uploader.from ?? null,
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  });
  return mediaUrl(id);
}

/** Throws QuotaExceeded unless the images stored within the window by `key` (a user, an address) leave room for `adding` bytes more. */
async function fits(
  trx: Kysely<CommandTables>,
  column: 'uploaded_by' | 'uploaded_from',
  key: string,
  quota: UploadQuota,
  adding: number,
  who: 'You have' | 'Your network has',
) {
  // One upload of a user (of an address) at a time past this point, so two at once cannot both fit the last room.
  await sql`select pg_advisory_xact_lock(hashtext(${`media-quota:${column}:${key}`}))`.execute(trx);
  const since = new Date(Date.now() - quota.windowMs);
  const stored = await trx
    .selectFrom('media')
    .select([sql<string>`coalesce(sum(octet_length(bytes)), 0)`.as('bytes'), sql<Date | null>`min(created_at)`.as('oldest')])
    .where(column, '=', key)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(stored.bytes) + adding > quota.maxBytes) {
    const retryAfterMs = stored.oldest ? stored.oldest.getTime() + quota.windowMs - Date.now() : quota.windowMs;
    throw quotaExceeded(quota, retryAfterMs, who);
  }
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

function quotaExceeded(quota: UploadQuota, retryAfterMs: number, who: 'You have' | 'Your network has'): QuotaExceeded {
  const megabytes = Number((quota.maxBytes / (1024 * 1024)).toFixed(1));
  const hours = Math.max(1, Math.ceil(retryAfterMs / 3_600_000));
  const whose = who === 'You have' ? 'your' : 'its';
  return new QuotaExceeded(
    `${who} uploaded ${whose} ${megabytes} MB of images for today. Please try again in ${hours} hour${hours === 1 ? '' : 's'}, or reuse an image you uploaded.`,
    Math.max(1000, retryAfterMs),
  );
}
