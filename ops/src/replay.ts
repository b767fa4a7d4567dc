import { parseArgs } from 'node:util';
import type { AuditEntity } from '@hostel/contracts';
import { entityHistory, foldEntity } from '@hostel/read-api';
import { redact } from '@hostel/read-models/audit-log';
import { openCliInfrastructure } from './cli-database';
import { forTerminal } from './terminal-text';

const ENTITIES: Record<string, AuditEntity> = { meal: 'meals', upcoming: 'upcoming', request: 'requests', user: 'users', payment: 'payments' };

/**
 * `npm run replay -- <meal|upcoming|request|user|payment> <id> [--at <time>]`: an entity's history
 * as a table in the terminal, from the event store itself (its own events in its own stream: a
 * request's among its student's), and with `--at` its state then (folded as the audit's state at a
 * moment is, from these events: likes and reviews kept in streams of their own are not counted).
 */
export async function replay(args: readonly string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: [...args], allowPositionals: true, options: { at: { type: 'string' } } });
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

  const infrastructure = await openCliInfrastructure('npm run replay', 2);
  try {
    const { stream, events } = await entityHistory(infrastructure.store, entity, id);
    if (events.length === 0) {
      console.error(`${forTerminal(stream)} holds no events of it.`);
      process.exitCode = 1;
    } else {
      console.log(`${forTerminal(stream)}: ${events.length} event${events.length === 1 ? '' : 's'} of it\n`);
      // What the log holds is written as it is stored: a control or direction character as its escape.
      const summary = (data: unknown) => JSON.stringify(redact(data)).slice(0, 90);
      const rows = events.map((event, index) =>
        [String(index + 1), String(event.streamVersion), event.occurredAt, event.type, event.actor, summary(event.data)].map((cell) => forTerminal(cell)),
      );
      const header = ['version', 'in stream', 'when', 'event', 'by', 'data'];
      const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
      const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ');
      console.log(line(header));
      console.log(line(widths.map((width) => '-'.repeat(width))));
      for (const row of rows) console.log(line(row));
      if (at) {
        const until = events.filter((event) => Date.parse(event.occurredAt) <= at.getTime());
        const then = foldEntity(entity, until as { type: string; data: Record<string, unknown> }[]);
        console.log(
          then
            ? `\nAt ${at.toISOString()} (version ${until.length}, ${forTerminal(until.at(-1)!.occurredAt)}):\n${forTerminal(JSON.stringify(then, null, 2), { lineBreaks: true })}`
            : `\nAt ${at.toISOString()} it did not exist yet.`,
        );
      }
    }
  } finally {
    await infrastructure.close();
  }
}
