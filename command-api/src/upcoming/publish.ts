import type { Role } from '@hostel/contracts';
import type { EventStore } from '@hostel/eventstore';
import { v5 as uuidv5 } from 'uuid';
import { readUntil } from '../read-until';
import { handleCommand, loadState, mealDecider, mealStream, upcomingDecider, upcomingStream } from '@hostel/domain';
import type { CommandContext } from '@hostel/domain';

const PUBLISHED_MEAL_NAMESPACE = '5d7c1b2a-9e4f-4a3b-8c6d-2f1e0a9b8c7d';
/** One catalogue meal per upcoming meal: its id is derived, so however often publication runs, it is listed once. */
export const publishedMealId = (upcomingId: string) => uuidv5(upcomingId, PUBLISHED_MEAL_NAMESPACE);

/** Marks the upcoming meal published (an admin at any count, or the threshold policy). Idempotent. */
export function publishUpcomingMeal(store: EventStore, upcomingId: string, actorRole: Role | 'system', context: CommandContext) {
  return handleCommand(
    store,
    upcomingStream(upcomingId),
    upcomingDecider,
    { type: 'PublishUpcomingMeal', upcomingId, actorRole, mealId: publishedMealId(upcomingId), publishedAt: new Date().toISOString() },
    context,
  );
}

/**
 * Lists a published upcoming meal in the catalogue, with its likes and who gave them, posted at its
 * publication time. Run by the policy on UpcomingMealPublished; a second run finds the meal there.
 */
export async function listPublishedMeal(store: EventStore, upcomingId: string, context: CommandContext) {
  const { state } = await loadState(store, upcomingStream(upcomingId), upcomingDecider);
  if (state.status !== 'published' || !state.mealId || !state.publishedAt) return undefined;
  const { state: meal } = await loadState(store, mealStream(state.mealId), mealDecider);
  if (meal.status !== 'none') return undefined;
  const { title, category, image, ingredients, description, price, distributorName, distributorEmail } = state;
  return handleCommand(
    store,
    mealStream(state.mealId),
    mealDecider,
    {
      type: 'AddMeal',
      mealId: state.mealId,
      actorRole: 'admin',
      fields: { title, category, image, ingredients, description, price },
      distributorName,
      distributorEmail,
      postTime: state.publishedAt,
      likedBy: state.likedBy,
    },
    context,
  );
}

/** Waits (bounded) until the published meal is in the catalogue's stream; answers its position, if it got there. */
export async function waitForListing(store: EventStore, upcomingId: string, timeoutMs = 3000): Promise<string | undefined> {
  const listing = await readUntil(
    () => loadState(store, mealStream(publishedMealId(upcomingId)), mealDecider),
    ({ position }) => position !== undefined,
    timeoutMs,
  );
  return listing.position;
}
