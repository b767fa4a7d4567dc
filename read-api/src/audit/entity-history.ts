import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AuditDiff, AuditDiffQuery, AuditEntityParams, AuditEvent, AuditState, AuditStateQuery } from '@hostel/contracts';
import { notFound } from '@hostel/domain';
import type { ReadModelTables } from '@hostel/read-models';
import { entityVersions, eventsAt, ownEvents } from '@hostel/read-models/audit-log';
import { changesBetween, foldEntity } from './entity-state';

type Entity = z.output<typeof AuditEntityParams>['entity'];

/*
 * An entity's history as the audit pages read it, apart from HTTP (routes.ts answers with these): its
 * state at a version or a moment, and what changed between two versions, from its own events.
 */

/** An entity's state at a version or a moment, folded from its own events, with the event that made it. */
export async function entityStateAt(
  db: Kysely<ReadModelTables>,
  entity: Entity,
  id: string,
  { version, at }: z.output<typeof AuditStateQuery>,
): Promise<AuditState> {
  const versions = await entityVersions(db, entity, id);
  if (version !== undefined && versions > 0 && version > versions) throw notFound(`There is no version ${version}: it has ${versions}`);
  const events = await ownEvents(db, entity, id, { version, at });
  const last = events.at(-1);
  const state = foldEntity(entity, events);
  if (!last || !state) throw notFound('It did not exist then');
  const [event] = await eventsAt(db, [last.position]);
  return { version: last.version, versions: Math.max(versions, last.version), at: last.occurredAt, event: event!, state };
}

/** What changed between two versions of an entity, field by field, each step attributed to its actor as named then. */
export async function entityChanges(
  db: Kysely<ReadModelTables>,
  entity: Entity,
  id: string,
  { from, to }: z.output<typeof AuditDiffQuery>,
): Promise<AuditDiff> {
  const events = await ownEvents(db, entity, id, { version: to });
  if ((events.at(-1)?.version ?? 0) < to) throw notFound(`There is no version ${to} of it`);
  const { steps, changes, moreSteps } = changesBetween(entity, events, from, to);
  const stepEvents = new Map(
    (
      await eventsAt(
        db,
        steps.map((step) => events[step.version - 1]!.position),
      )
    ).map((event) => [event.subject!.version, event]),
  );
  return {
    from,
    to,
    changes,
    steps: steps.map((step) => {
      const event = stepEvents.get(step.version)!;
      return { version: step.version, type: event.type, occurredAt: event.occurredAt, actor: actorThen(event), changes: step.changes };
    }),
    ...(moreSteps > 0 ? { moreSteps } : {}),
  };
}

/** An event's actor as they were named when it happened (as they are now, if the log never named them). */
function actorThen(event: AuditEvent): AuditEvent['actor'] {
  if (event.actor === 'system') return 'system';
  const then = event.names?.[`users:${event.actor.id}`];
  return then ? { id: event.actor.id, name: then.name, email: then.email ?? event.actor.email } : event.actor;
}
