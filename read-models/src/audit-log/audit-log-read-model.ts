import type { ReadModel } from '../read-model';
import { auditLogMigrations } from './audit-log-migrations';
import { auditLogProjection } from './audit-log-projection';
import type { AuditLogTables } from './audit-log-tables';

export const auditLog: ReadModel<AuditLogTables> = { projection: auditLogProjection, migrations: auditLogMigrations };
