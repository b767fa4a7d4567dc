import type { AuditNaming } from '@hostel/contracts';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { AuditEntitiesTable, AuditLogTables } from './audit-log-tables';

/**
 * A batch's entities, by `entity:id`: loaded once for the keys the batch touches, changed in memory
 * (versions counted, names given), the changed ones written back with one upsert.
 */
export async function batchEntities(trx: Transaction<AuditLogTables>, keys: readonly { entity: string; id: string }[]) {
  const rows = new Map<string, AuditEntitiesTable>();
  const changed = new Set<string>();
  const wanted = [...new Map(keys.map((key) => [`${key.entity}:${key.id}`, key])).values()];
  if (wanted.length > 0) {
    const { rows: found } = await sql<AuditEntitiesTable>`select a.entity_type, a.entity_id, a.versions, a.name, a.email
      from unnest(${wanted.map((key) => key.entity)}::text[], ${wanted.map((key) => key.id)}::text[]) as k(entity_type, entity_id)
      join audit_entities a on a.entity_type = k.entity_type and a.entity_id = k.entity_id`.execute(trx);
    for (const row of found) rows.set(`${row.entity_type}:${row.entity_id}`, row);
  }
  const get = (entity: string, id: string) => {
    const key = `${entity}:${id}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { entity_type: entity, entity_id: id, versions: 0, name: null, email: null }));
    changed.add(key);
    return row;
  };
  return {
    /** The entity's next version: the one this event makes. */
    nextVersion(entity: string, id: string): number {
      return ++get(entity, id).versions;
    },
    /** Names it, and answers its name and email now. */
    name(naming: AuditNaming): { name: string; email: string | null } {
      const row = get(naming.entity, naming.id);
      row.name = naming.name;
      if (naming.email !== undefined) row.email = naming.email;
      return { name: row.name, email: row.email };
    },
    async flush(): Promise<void> {
      if (changed.size === 0) return;
      const written = [...changed].map((key) => rows.get(key)!);
      await sql`insert into audit_entities (entity_type, entity_id, versions, name, email)
        select entity_type, entity_id, versions, name, email from json_populate_recordset(null::audit_entities, ${JSON.stringify(written)}::json)
        on conflict (entity_type, entity_id) do update set versions = excluded.versions, name = excluded.name, email = excluded.email`.execute(trx);
    },
  };
}
