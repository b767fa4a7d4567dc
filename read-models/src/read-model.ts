import type { MigrationSteps } from './migrations';
import type { Projection } from './projection';

/**
 * A read model, whole: the projection that writes its tables (named after it) and its tables'
 * DDL. Its row types and its queries live beside it in its folder.
 */
export interface ReadModel<Tables> {
  projection: Projection<Tables>;
  migrations: MigrationSteps;
}
