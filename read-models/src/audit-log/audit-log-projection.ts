import { auditNamingsOf, auditSubjectOf, eventSchemas, rooms } from '@hostel/contracts';
import type { EventType } from '@hostel/contracts';
import { insertRows } from '../batch-writes';
import { batched } from '../projection';
import { batchEntities } from './entities';
import { chainHash, GENESIS_HASH, mentionsOf, redact } from './ledger';
import { AUDIT_LOG } from './audit-log-tables';
import type { AuditEntityRefsTable, AuditEventsTable, AuditLogTables, AuditNamesTable } from './audit-log-tables';

const EVENT_COLUMNS = [
  'position_a',
  'position_b',
  'stream_id',
  'stream_version',
  'event_id',
  'type',
  'occurred_at',
  'actor_id',
  'correlation_id',
  'causation_id',
  'schema_version',
  'data',
  'stored_data',
  'hash',
  'subject_version',
] as const;
const REF_COLUMNS = ['entity_type', 'entity_id', 'position_a', 'position_b'] as const;
const NAME_COLUMNS = ['entity_type', 'entity_id', 'position_a', 'position_b', 'name', 'email'] as const;

/**
 * The audit log: every event, of every type, in commit order, indexed by the entities it mentions,
 * each chained to the one before it (the ledger), each numbered among its subject's versions, and
 * the names it gives kept from its position on. Applied in commit order by the projector, so the
 * chain is the log's order; a rebuild recomputes it from the store.
 */
export const auditLogProjection = batched<AuditLogTables>({
  name: AUDIT_LOG,
  handles: Object.keys(eventSchemas) as EventType[],
  tables: ['audit_events', 'audit_entity_refs', 'audit_entities', 'audit_names'],
  async applyBatch(trx, events, live) {
    const last = await trx.selectFrom('audit_events').select('hash').orderBy('position_a', 'desc').orderBy('position_b', 'desc').limit(1).executeTakeFirst();
    let hash = last?.hash ?? GENESIS_HASH;
    const subjects = events.map((event) => auditSubjectOf(event.type, event.data as Record<string, unknown>));
    const entities = await batchEntities(
      trx,
      subjects.filter((subject) => subject !== undefined),
    );
    const rows: AuditEventsTable[] = [];
    const refs: AuditEntityRefsTable[] = [];
    const names: AuditNamesTable[] = [];
    for (const [index, event] of events.entries()) {
      // Spelled out, not spread: an object spread costs microseconds a row, and a rebuild writes millions.
      const positionA = event.position.a.toString();
      const positionB = event.position.b.toString();
      hash = chainHash(hash, event.recorded);
      const subject = subjects[index];
      rows.push({
        position_a: positionA,
        position_b: positionB,
        stream_id: event.streamId,
        stream_version: event.streamVersion.toString(),
        event_id: event.eventId,
        type: event.type,
        occurred_at: new Date(event.occurredAt),
        actor_id: event.actor,
        correlation_id: event.correlationId,
        causation_id: event.causationId,
        schema_version: event.schemaVersion,
        // As objects: they reach their jsonb columns as the per-event INSERT's JSON text does.
        data: redact(event.data),
        stored_data: event.storedData === undefined ? null : redact(event.storedData),
        hash,
        subject_version: subject ? entities.nextVersion(subject.entity, subject.id) : null,
      });
      for (const mention of mentionsOf(event.data as Record<string, unknown>))
        refs.push({ entity_type: mention.entity, entity_id: mention.id, position_a: positionA, position_b: positionB });
      // An event names its own subject only: the entities it names are among those loaded.
      for (const naming of auditNamingsOf(event.type, event.data as Record<string, unknown>)) {
        const { name, email } = entities.name(naming);
        names.push({ entity_type: naming.entity, entity_id: naming.id, position_a: positionA, position_b: positionB, name, email });
      }
      live({ room: rooms.audit, event: 'changed', payload: { resource: 'audit' } });
    }
    await insertRows(trx, 'audit_events', EVENT_COLUMNS, rows);
    await insertRows(trx, 'audit_entity_refs', REF_COLUMNS, refs);
    await insertRows(trx, 'audit_names', NAME_COLUMNS, names);
    await entities.flush();
  },
});
