/** The audit log: every event indexed by who, what, why and which entities it mentions, chained into a ledger. */
export { AUDIT_LOG } from './audit-log-tables';
export type { AuditEventsTable, AuditLogTables } from './audit-log-tables';
export { auditLog } from './audit-log-read-model';
export { auditLogProjection } from './audit-log-projection';
export { chainHash, GENESIS_HASH, mentionsOf, redact } from './ledger';
export { changesBetween, diff, foldEntity } from './entity-fold';
export {
  correlatedEvents,
  entityTimeline,
  entityVersions,
  eventsAt,
  ledgerHead,
  ledgerLength,
  ledgerParts,
  ownEvents,
  paymentTrails,
  newestEvents,
  searchEntities,
  searchEvents,
} from './audit-log-queries';
export type { AuditFilter, AuditPaging, OwnEvent } from './audit-log-queries';
export { checkpointNumbered, checkpointRow, lastCheckpoint, ledgerCheckpoints, ledgerHashAt, recordCheckpoint, withCheckpointLock } from './checkpoints';
export { copyExport, CSV_HEADER } from './export';
export { joinLedgerParts, verifyLedger, verifyLedgerPart } from './verify';
export type { LedgerDifference, LedgerPart, LedgerVerification } from './verify';
