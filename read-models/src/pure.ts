/**
 * The read models' rules that are plain functions (no database): what their queries compute in
 * JavaScript. Importable without kysely or pg, by the web tests' fake API (web/src/testing/api) too.
 */
export { recallableUntil } from './meal-requests/recall';
export { changesBetween, diff, foldEntity } from './audit-log/entity-fold';
export { mentionsOf, redact } from './audit-log/redaction';
