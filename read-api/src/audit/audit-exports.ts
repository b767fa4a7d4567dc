import { pipeline, Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { z } from 'zod';
import { AuditExportQuery, streamName } from '@hostel/contracts';
import { envelope, forbidden, rateLimited } from '@hostel/domain';
import { WrongExpectedVersionError } from '@hostel/eventstore';
import type { EventStore, Position } from '@hostel/eventstore';
import type { ReadModelTables } from '@hostel/read-models';
import { copyExport, CSV_HEADER } from '@hostel/read-models/audit-log';
import { EXPORT_LINK_TTL_MS, signExportLink, verifyExportLink } from './digest';
import type { AuditKey } from './digest';

/** Exports streaming at once in one instance, each on a database connection of its own. */
export const EXPORTS_AT_ONCE = 4;
/** A reader who takes nothing for this long (a paused download, a sleeping laptop) is cut off: its slot and connection go back. */
export const EXPORT_IDLE_MS = 120_000;

type ExportQuery = z.output<typeof AuditExportQuery>;

/** An export under way: its lines (a stream, ended however it stops) and where its own record is in the log. */
export interface RunningExport {
  exportId: string;
  format: ExportQuery['format'];
  lines: Readable;
  position: Position;
}

/**
 * The audit trail's exports, apart from HTTP (routes.ts sends them): each recorded as an AuditExported
 * event before its first line leaves (the trail audits its readers), at most EXPORTS_AT_ONCE at once,
 * and the signed download links a browser follows to stream one to disk.
 */
export function createAuditExports({
  db,
  store,
  databaseUrl,
  exportIdleMs,
  key,
}: {
  db: Kysely<ReadModelTables>;
  store: EventStore;
  databaseUrl: string;
  exportIdleMs: number;
  key: AuditKey;
}) {
  let exportsRunning = 0;

  return {
    /** A download link for an export (a browser cannot put a token on a plain link): good for one download within EXPORT_LINK_TTL_MS. */
    link(reader: string, { format, ...filter }: ExportQuery) {
      const exp = Date.now() + EXPORT_LINK_TTL_MS;
      const link = signExportLink(key, { id: crypto.randomUUID(), sub: reader, query: { format, ...asRecorded(filter) }, exp });
      return { url: `/api/audit/download?link=${link}`, expiresAt: new Date(exp).toISOString() };
    },

    /** What a download link asks for (who, which export, its id), or 403 when it has expired or is not ours. */
    openLink(link: string) {
      const claims = verifyExportLink(key, link);
      if (!claims) throw forbidden('This download link has expired or is not valid. Please export again.');
      // Signed by an instance that may have run an older schema (a deploy in between): refused, not a 5xx.
      const query = AuditExportQuery.safeParse(claims.query);
      if (!query.success) throw forbidden('This download link has expired or is not valid. Please export again.');
      return { reader: claims.sub, query: query.data, exportId: claims.id };
    },

    /**
     * One export: a COPY over a connection of its own, recorded once it runs and before its first line
     * leaves (the trail audits its own readers), its lines ended when the stream stops however it stops.
     * At most EXPORTS_AT_ONCE run in an instance (429 past that): each holds a database connection for as
     * long as its reader reads, and the pool's connections are the other readers'.
     */
    async run(
      reader: { sub: string; correlationId: string },
      { format, ...filter }: ExportQuery,
      /** A download link's id: its export's stream can be written once, so the link is good for one download. */
      exportId: string = crypto.randomUUID(),
    ): Promise<RunningExport> {
      if (exportsRunning >= EXPORTS_AT_ONCE) throw rateLimited(`${EXPORTS_AT_ONCE} exports are running already. Please try again when one has finished.`);
      exportsRunning++;
      let running = true;
      const finished = () => {
        if (running) exportsRunning--;
        running = false;
      };
      try {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        let lines: Readable;
        let position: Position;
        try {
          // A reader gone half-way (or a refused record) ends the connection, and with it the COPY: its
          // error has nobody to tell.
          lines = (await copyExport(client, db, filter, format)).on('error', () => undefined);
          // Recorded before a line leaves, once the COPY runs: a link is used up only by an export that goes ahead.
          ({ position } = await store
            .append(
              streamName('export', exportId),
              [
                envelope(
                  { type: 'AuditExported', data: { exportId, format, filter: asRecorded(filter) } },
                  { actor: reader.sub, correlationId: reader.correlationId },
                ),
              ],
              { expectedVersion: 'no_stream' },
            )
            .catch((error: unknown) => {
              throw error instanceof WrongExpectedVersionError ? forbidden('This download link has been used already. Please export again.') : error;
            }));
        } catch (error) {
          await client.end();
          throw error;
        }
        lines.once('close', () => {
          finished();
          void client.end().catch(() => undefined);
        });
        // Whichever way the body stops (cut off, its reader gone), the COPY's lines go too, and so the COPY.
        const body = pipeline(lines, cutOffWhenIdle(exportIdleMs, format === 'csv' ? CSV_HEADER : ''), () => undefined);
        return { exportId, format, lines: body, position };
      } catch (error) {
        finished();
        throw error;
      }
    },
  };
}

export type AuditExports = ReturnType<typeof createAuditExports>;

/** A filter as an export's record (and its link) keep it: strings, times in ISO 8601, nothing unset. */
function asRecorded(filter: Omit<ExportQuery, 'format'>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filter).flatMap(([name, value]) => (value === undefined ? [] : [[name, value instanceof Date ? value.toISOString() : String(value)]])),
  );
}

/**
 * Passes an export's bytes on (after its header, if any), and ends it once its reader has taken
 * nothing for `idleMs` (a paused download, a sleeping laptop), so the export's slot and connection go back. The clock starts at the
 * first bytes, so a COPY slow to find its first line is not cut off; after that, a reader who stops
 * reading stops the bytes coming through here (backpressure), and the clock runs out.
 */
function cutOffWhenIdle(idleMs: number, header: string): Transform {
  let lastBytes = 0;
  let clock: NodeJS.Timeout | undefined;
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      lastBytes = Date.now();
      clock ??= setInterval(
        () => {
          if (Date.now() - lastBytes >= idleMs) guard.destroy(new Error('The export’s reader took nothing for too long'));
        },
        Math.max(50, Math.min(idleMs / 4, 5_000)),
      );
      done(null, chunk);
    },
  });
  guard.once('close', () => clearInterval(clock));
  if (header) guard.push(header);
  return guard;
}
