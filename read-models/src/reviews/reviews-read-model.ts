import type { ReadModel } from '../read-model';
import { reviewsMigrations } from './reviews-migrations';
import { reviewsProjection } from './reviews-projection';
import type { ReviewsTables } from './reviews-tables';

export const reviews: ReadModel<ReviewsTables> = { projection: reviewsProjection, migrations: reviewsMigrations };
