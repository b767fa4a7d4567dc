import type { EventType } from '@hostel/contracts';

/**
 * The schema version each event type is written at today (1 when not listed). An event's data
 * changes shape only through a new version here, with the upcaster that brings the previous one up.
 */
export const CURRENT_SCHEMA_VERSIONS: { readonly [T in EventType]?: number } = {
  // v2: ingredients are always an array. v1 events may hold the add-meal form's raw comma-separated text.
  MealAdded: 2,
};

type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

/** For each event type, how its data at version n becomes version n + 1. */
const UPCASTERS: { readonly [T in EventType]?: Readonly<Record<number, Upcaster>> } = {
  MealAdded: {
    1: (data) =>
      typeof data.ingredients === 'string'
        ? {
            ...data,
            ingredients: data.ingredients
              .split(',')
              .map((item) => item.trim())
              .filter(Boolean),
          }
        : data,
  },
};

export const currentSchemaVersion = (type: string): number => CURRENT_SCHEMA_VERSIONS[type as EventType] ?? 1;

/**
 * Brings stored data up to its type's current version through the upcaster chain, one version at a
 * time. Run at the one read boundary every reader shares (parseEvent), so deciders, projections and
 * the audit all see today's shape whichever event store holds the log.
 */
export function upcast(type: string, storedVersion: number, data: unknown): unknown {
  const target = currentSchemaVersion(type);
  let current = data;
  for (let version = storedVersion; version < target; version++) {
    const step = UPCASTERS[type as EventType]?.[version];
    if (!step) throw new Error(`No upcaster for ${type} from schema version ${version} to ${version + 1}`);
    current = step(current as Record<string, unknown>);
  }
  return current;
}
