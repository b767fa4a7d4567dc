export { createReadModelDatabase, idsOf, mealAdded, readModelsGiven, recorded } from './read-model-database';
export type { ReadModelDatabase } from './read-model-database';
