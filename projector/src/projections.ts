import type { Projection } from './runtime/projection';
import { usersProjection } from './users/users-projection';

/** Every read model's projection. A new read model joins here. */
export const projections: readonly Projection[] = [usersProjection];
