import type { Kysely } from 'kysely';
import { invalid } from '@hostel/domain';
import type { CommandTables } from '../migrations';
import { claimStoredImage } from './store-image';

/** Where a meal's picture may come from besides an upload here. */
export interface ImageSources {
  /** Our own public origins (APP_ORIGIN, or the URL npm start prints): `<origin>/api/media/<id>` is one of ours, as answered. */
  publicOrigins: readonly string[];
  /** IMAGE_URL_HOSTS: hosts whose `https` image URLs are taken as they are (empty by default). */
  hosts: readonly string[];
}

const OURS = /^\/api\/media\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type ImageDecision = { upload: string } | { external: string } | { refused: string };

/**
 * What an image URL sent with a meal names: an upload of ours (`/api/media/<id>`, or the absolute URL
 * we answer it as), an `https` URL on a host the operator listed, or nothing we take (with why).
 */
export function decideImage(url: string, sources: ImageSources): ImageDecision {
  if (OURS.test(url)) return { upload: url };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { refused: 'The image must be uploaded first, or be an https address' };
  }
  if (sources.publicOrigins.includes(parsed.origin) && OURS.test(parsed.pathname) && !parsed.search && !parsed.hash) return { upload: parsed.pathname };
  const listed = sources.hosts.includes(parsed.hostname);
  if (listed && parsed.protocol === 'https:' && parsed.port === '' && !parsed.username && !parsed.password) return { external: url };
  if (sources.hosts.length === 0) return { refused: `Images from ${parsed.host} are not accepted: please upload the image here` };
  const where = sources.hosts.join(', ');
  if (listed) return { refused: `Images from ${parsed.host} are accepted only as plain https addresses (https://${parsed.hostname}/…)` };
  return { refused: `Images from ${parsed.host} are not accepted: upload the image here, or use an https address on ${where}` };
}

/**
 * The image a command records for `url`: an upload of ours, claimed (so the sweep of unused images
 * leaves it) and kept as `/api/media/<id>`; or a listed host's https URL as sent. Anything else is a
 * 400: `missing` (the form's own words) for an upload we do not have, or what is wrong with the URL.
 */
export async function acceptImage(db: Kysely<CommandTables>, url: string, sources: ImageSources, missing: string): Promise<string> {
  const decision = decideImage(url, sources);
  if ('refused' in decision) throw invalid(decision.refused);
  if ('external' in decision) return decision.external;
  if (!(await claimStoredImage(db, decision.upload))) throw invalid(missing);
  return decision.upload;
}
