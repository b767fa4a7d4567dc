import type { AuditEvent } from '@hostel/contracts';

/** One event a line: JSON (ndjson), each carrying its chain hash. */
export const ndjsonLine = (event: AuditEvent) => `${JSON.stringify(event)}\n`;

export const CSV_HEADER = 'position,stream,version,type,occurredAt,actorId,actorEmail,correlationId,causationId,schemaVersion,data,hash\n';

/** RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. */
const cell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export function csvLine(event: AuditEvent): string {
  const actor = event.actor === 'system' ? { id: 'system', email: null } : event.actor;
  return `${[event.position, event.stream, event.version, event.type, event.occurredAt, actor.id, actor.email, event.correlationId, event.causationId, event.schemaVersion, event.data, event.hash].map(cell).join(',')}\n`;
}
