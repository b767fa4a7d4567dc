import { createHash } from 'node:crypto';
import { formatPosition } from '@hostel/eventstore';
import type { RecordedEvent, StoredEvent } from '@hostel/eventstore';
import { canonicalJson, canonicalJsonOfText } from './canonical-json';

export { mentionsOf, redact } from './redaction';

/** The hash before the first event. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * The ledger's chain: `hash = SHA-256(previous hash ‖ canonical JSON (RFC 8785) of {position, stream,
 * version, type, data, metadata})`, over the event exactly as the store holds it, so `npm run
 * audit:verify` can recompute it from the store alone and find the first event that differs.
 */
export function chainHash(previous: string, recorded: RecordedEvent): string {
  const body = canonicalJson({
    position: formatPosition(recorded.position),
    stream: recorded.streamId,
    version: recorded.streamVersion.toString(),
    type: recorded.type,
    data: recorded.data,
    metadata: recorded.metadata,
  });
  return chained(previous, body);
}

/**
 * chainHash of an event as the store holds it (data and metadata as JSON text): the same hash,
 * with the body written straight from the text (its keys in canonical order: data, metadata,
 * position, stream, type, version). audit:verify hashes the whole log this way.
 */
export function chainHashOfStored(previous: string, stored: StoredEvent): string {
  const body = `{"data":${canonicalOfText(stored.data)},"metadata":${canonicalOfText(stored.metadata)},"position":"${formatPosition(stored.position)}","stream":${canonicalJson(stored.streamId)},"type":${canonicalJson(stored.type)},"version":"${stored.streamVersion}"}`;
  return chained(previous, body);
}

const chained = (previous: string, body: string) => createHash('sha256').update(previous).update(body).digest('hex');
const canonicalOfText = (json: string) => canonicalJsonOfText(json) ?? canonicalJson(JSON.parse(json));
