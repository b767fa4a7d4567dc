import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { AuditDigest } from '@hostel/contracts';
import type { ReadModelTables } from '@hostel/read-models';
import { digestSignedBy, loadAuditKey, publicAuditJwk } from '@hostel/read-api';
import { openCliInfrastructure } from '../cli-database';
import { verifyInThreads } from './in-threads';

/**
 * `npm run audit:verify [-- --digest FILE]`: re-reads the whole log from the configured event store
 * (PostgreSQL or KurrentDB), recomputes the ledger's chain, checks it against the ledger and, when
 * given, a digest saved earlier (GET /api/audit/digest), on as many threads as the machine has cores. Prints 'verified N events up to <position>',
 * or the first event that differs, and exits non-zero.
 */
const { values } = parseArgs({ options: { digest: { type: 'string' } } });
const infrastructure = await openCliInfrastructure(4);
const db = infrastructure.db<ReadModelTables>();
try {
  const digest = values.digest ? AuditDigest.parse(JSON.parse(readFileSync(values.digest, 'utf8'))) : undefined;
  const started = performance.now();
  const result = await verifyInThreads({ db, store: infrastructure.store, databaseUrl: infrastructure.databaseUrl, at: digest ? [digest.position] : [] });
  const seconds = (performance.now() - started) / 1000;
  if (result.difference) {
    const { position, stream, version, type, reason } = result.difference;
    console.error(`The log and the ledger differ at ${position}${stream ? ` (${stream} version ${version}, ${type})` : ''}: ${reason}.`);
    console.error(`The ${result.verified} events before it verify.`);
    process.exitCode = 1;
  } else if (digest) {
    const key = await loadAuditKey(db);
    const recomputed = result.hashesAt.get(digest.position);
    if (digest.kid !== key.kid || !digestSignedBy(digest, publicAuditJwk(key))) {
      console.error(`The digest's signature does not verify with this ledger's key (${key.kid}).`);
      process.exitCode = 1;
    } else if (recomputed !== digest.hash) {
      console.error(
        `The log up to ${digest.position} is not what the digest signed at ${digest.signedAt}: ${recomputed ? 'its chain hash differs' : 'that position is no longer in the log'}.`,
      );
      process.exitCode = 1;
    } else {
      console.log(`verified ${result.verified} events up to ${result.position}, and the digest signed at ${digest.signedAt} (${digest.position})`);
    }
  } else {
    console.log(`verified ${result.verified} events up to ${result.position ?? 'the start'}`);
  }
  if (result.unchecked > 0) console.log(`(${result.unchecked} newer events are not in the ledger yet: the projector is catching up)`);
  infrastructure.log.info({ events: result.verified, seconds, perSecond: Math.round(result.verified / seconds) }, 'audit:verify');
} finally {
  await infrastructure.close();
}
