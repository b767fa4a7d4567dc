import { parseArgs } from 'node:util';
import type { AuditEntity } from '@hostel/contracts';
import { entityHistory, stateAt } from '@hostel/read-api';
import { redact } from '@hostel/read-models/audit-log';
import { openCliInfrastructure } from './cli-database';

/**
 * `npm run replay -- <meal|upcoming|request|user|payment> <id> [--at <time>]`: an entity's history
 * as a table in the terminal, from the event store itself, and with `--at` its state then (folded
 * with the command side's own evolve, as the audit's state-at-a-moment does).
 */
const ENTITIES: Record<string, AuditEntity> = { meal: 'meals', upcoming: 'upcoming', request: 'requests', user: 'users', payment: 'payments' };
const { values, positionals } = parseArgs({ allowPositionals: true, options: { at: { type: 'string' } } });
const [kind, id] = positionals;
const entity = kind ? ENTITIES[kind] : undefined;
if (!entity || !id) {
  console.error('Usage: npm run replay -- <meal|upcoming|request|user|payment> <id> [--at <ISO time>]');
  process.exit(2);
}
const at = values.at ? new Date(values.at) : undefined;
if (at && Number.isNaN(at.getTime())) {
  console.error(`--at ${values.at}: not a time (try 2026-11-23T18:00:00Z)`);
  process.exit(2);
}

const infrastructure = await openCliInfrastructure(2);
try {
  const { stream, events } = await entityHistory(infrastructure.store, entity, id);
  if (events.length === 0) {
    console.error(`${stream} holds no events.`);
    process.exitCode = 1;
  } else {
    console.log(`${stream}: ${events.length} event${events.length === 1 ? '' : 's'}\n`);
    const summary = (data: unknown) => JSON.stringify(redact(data)).slice(0, 90);
    const rows = events.map((event) => [String(event.streamVersion), event.occurredAt, event.type, event.actor, summary(event.data)]);
    const header = ['version', 'when', 'event', 'by', 'data'];
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
    const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
    console.log(line(header));
    console.log(line(widths.map((width) => '-'.repeat(width))));
    for (const row of rows) console.log(line(row));
    if (at) {
      const then = await stateAt(infrastructure.store, entity, id, { at });
      console.log(
        then
          ? `\nAt ${at.toISOString()} (version ${then.version}, ${then.at}):\n${JSON.stringify(then.state, null, 2)}`
          : `\nAt ${at.toISOString()} it did not exist yet.`,
      );
    }
  }
} finally {
  await infrastructure.close();
}
