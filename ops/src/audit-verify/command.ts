import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { AuditDigest } from '@hostel/contracts';
import type { EventStore } from '@hostel/eventstore';
import { comparePositions, formatPosition, parsePosition, START } from '@hostel/eventstore';
import type { ReadModelTables } from '@hostel/read-models';
import { loadAuditKey, signDigest } from '@hostel/read-api';
import { auditCheckpointHeadFile, auditKeyFile } from '@hostel/embedded/audit-key-file';
import { openCliInfrastructure } from '../cli-database';
import type { Kysely } from 'kysely';
import { forTerminal } from '../terminal-text';
import { firstDeparture, keptChainIn, keptHash, type KeptChain } from './kept-chain';
import { verifyLog } from './verify-log';

/**
 * `npm run audit:verify [-- --digest FILE] [--save-digest FILE]`: re-reads the whole log from the
 * configured event store (PostgreSQL or KurrentDB) and recomputes the ledger's chain on as many threads
 * as the machine has cores; checks it against the ledger (naming the first event that differs), then
 * against every checkpoint read-api signed and, when given, a digest kept earlier (GET /api/audit/digest):
 * a log edited and its ledger recomputed from it (a rebuild) agrees with its ledger, not with what was
 * signed before. The signatures are checked with the key read-api signs with (AUDIT_SIGNING_KEY, or the
 * key file beside the embedded data), which is not in the database; and the checkpoints' chain: numbered
 * without a gap from the first, each naming the one before it, up to the newest read-api also keeps in
 * DATA_DIR (npm start), so checkpoints deleted from the database are found. `--save-digest` writes a digest of
 * the log just verified, signed, for the auditor to keep. Exits non-zero when anything differs.
 */
export async function auditVerify(args: readonly string[]): Promise<void> {
  const { values } = parseArgs({ args: [...args], options: { digest: { type: 'string' }, 'save-digest': { type: 'string' } } });
  // What it prints names events as stored, and an edited event may hold anything: escaped, never run by the terminal.
  const say = (line: string) => console.log(forTerminal(line));
  const complain = (line: string) => console.error(forTerminal(line));
  const infrastructure = await openCliInfrastructure('npm run audit:verify', 4);
  const db = infrastructure.db<ReadModelTables>();
  const { config, store } = infrastructure;
  try {
    const key = loadAuditKey({ jwk: config.AUDIT_SIGNING_KEY, file: auditKeyFile(config.DATA_DIR), create: false });
    const keptFile: unknown = values.digest ? JSON.parse(readFileSync(values.digest, 'utf8')) : undefined;
    const kept = keptFile === undefined ? undefined : AuditDigest.parse(keptFile);
    // A digest saved here keeps the chain too (every event's position and hash): a change is then named exactly.
    const keptChain = keptChainIn(keptFile);
    const started = performance.now();
    const headFile = auditCheckpointHeadFile(config.DATA_DIR);
    const { result, signed, chain, checkpoints } = await verifyLog({
      db,
      store,
      databaseUrl: infrastructure.databaseUrl,
      key,
      kept,
      headFile,
      alsoAt: keptChain?.map(([position]) => position),
    });
    const seconds = (performance.now() - started) / 1000;
    if (!signed) {
      const { position, stream, version, type, reason } = result.difference!;
      complain(`The log and the ledger differ at ${position}${stream ? ` (${stream} version ${version}, ${type})` : ''}: ${reason}.`);
      complain(`The ${result.verified} events before it verify.`);
      process.exitCode = 1;
    } else if (!signed.ok) {
      const { claim, after, problem } = signed;
      const what = claim.kept ? `the digest in ${values.digest}` : "read-api's checkpoint";
      const { position, signedAt } = claim.digest;
      if (problem === 'forged') {
        complain(
          `The ledger holds a checkpoint at ${position} (dated ${signedAt}) that this key (${key.kid}) did not sign: someone wrote it into the database.`,
        );
      } else if (problem === 'missing') {
        complain(`The log no longer reaches ${position}, where ${what} signed it at ${signedAt}: events were deleted from its end.`);
      } else {
        complain(
          `The log up to ${position} is not what ${what} signed at ${signedAt}: an event was changed since, and the ledger recomputed from the changed log.`,
        );
        const departure = keptChain && firstDeparture(keptChain, result.hashesAt);
        const changed = await eventsBetween(store, after?.position, position);
        const since = after ? `after ${after.position}, where the log is still what was signed at ${after.signedAt}` : 'from the start of the log';
        if (departure) {
          const index = keptChain.findIndex(([at]) => at === departure.position);
          const event = departure.problem === 'changed' ? (await eventsBetween(store, keptChain[index - 1]?.[0], departure.position)).at(-1) : undefined;
          if (event && formatPosition(event.position) === departure.position)
            complain(`The first event that differs is ${describe(event)}, by the chain kept in ${values.digest}.`);
          else
            complain(
              `The first event that differs is the one the chain kept in ${values.digest} holds at ${departure.position}: the log no longer holds it there (deleted).`,
            );
        } else if (changed.length === 1) complain(`The first event that differs is ${describe(changed[0]!)}.`);
        else complain(`The first event that differs is one of these${changed.length > 20 ? ' (the first 20 shown)' : ''}, ${since}:`);
        if (changed.length > 1) for (const event of changed.slice(0, 20)) complain(`  ${describe(event)}`);
      }
      process.exitCode = 1;
    } else if (chain.length > 0) {
      say(`verified ${result.verified} events up to ${result.position ?? 'the start'} against the ledger, but not its signed checkpoints:`);
    } else {
      say(`verified ${result.verified} events up to ${result.position ?? 'the start'}`);
      if (signed.newestSigned)
        say(
          `the log up to ${signed.newestSigned.position} is what the audit key ${key.kid} signed at ${signed.newestSigned.signedAt} (${checkpoints} checkpoints hold)`,
        );
      if (signed.kept) say(`and the digest signed at ${signed.kept.signedAt} (${signed.kept.position}) holds`);
      if (values['save-digest'] && result.position) {
        const digest = signDigest(key, { position: result.position, hash: result.hash });
        const kept = await ledgerChain(db, result.position);
        writeFileSync(values['save-digest'], `${JSON.stringify(digest, null, 2).slice(0, -2)},\n  "chain": ${JSON.stringify(kept)}\n}\n`);
        say(`wrote a digest of the log up to ${digest.position} to ${values['save-digest']}: keep it, and give it back with --digest`);
      }
    }
    // What is missing from the chain of checkpoints, or inconsistent in it: whatever else was found.
    for (const problem of chain) complain(problem);
    if (chain.length > 0) process.exitCode = 1;
    if (result.unchecked > 0) say(`(${result.unchecked} newer events are not in the ledger yet: the projector is catching up)`);
    infrastructure.log.info({ events: result.verified, seconds, perSecond: Math.round(result.verified / seconds) }, 'audit:verify');
  } catch (error) {
    complain(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
  } finally {
    await infrastructure.close();
  }
}

/**
 * The ledger's chain up to `until` (just verified against the log), as a kept file holds it: every event's
 * position and its hash cut to 16 hex digits, read in keyset steps.
 */
async function ledgerChain(db: Kysely<ReadModelTables>, until: string): Promise<KeptChain> {
  const chain: KeptChain = [];
  let after: [string, string] = ['-1', '-1'];
  for (;;) {
    const rows = await db
      .selectFrom('audit_events')
      .select(['position_a', 'position_b', 'hash'])
      .where(({ eb, refTuple, tuple }) => eb(refTuple('position_a', 'position_b'), '>', tuple(after[0], after[1])))
      .orderBy('position_a')
      .orderBy('position_b')
      .limit(50_000)
      .execute();
    for (const row of rows) {
      const position = `${row.position_a}/${row.position_b}`;
      chain.push([position, keptHash(row.hash)]);
      if (position === until) return chain;
    }
    if (rows.length === 0) return chain;
    after = [rows.at(-1)!.position_a, rows.at(-1)!.position_b];
  }
}

/** The events after `after` (from the start when absent) up to and including `until`: at most 21, enough to name them or say there are more. */
async function eventsBetween(eventStore: EventStore, after: string | undefined, until: string) {
  const end = parsePosition(until)!;
  const events = await eventStore.readAll({ from: (after && parsePosition(after)) || START, batch: 21 });
  return events.filter((event) => comparePositions(event.position, end) <= 0);
}

function describe(event: { position: Parameters<typeof formatPosition>[0]; streamId: string; streamVersion: bigint; type: string }) {
  return `${event.streamId} version ${event.streamVersion} (${event.type}) at ${formatPosition(event.position)}`;
}
