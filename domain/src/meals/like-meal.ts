import type { EventStore } from '@hostel/eventstore';
import type { CommandContext } from '../kernel/decider';
import { handleCommand, loadState } from '../kernel/handle-command';
import { likeDecider, likeStream } from './like';
import { mealDecider, mealStream } from './meal';

/**
 * A student likes a meal: decided on the meal's own stream (is it listed; did its stream record this
 * like already) and the like's stream, appended there only. The meal is read, not written: a like
 * that races a deletion may land just after it, and then counts nowhere (every read model drops the
 * likes of a deleted meal), as if the deletion had come a moment later.
 */
export async function likeMeal(store: EventStore, mealId: string, userId: string, context: CommandContext) {
  const { state: meal } = await loadState(store, mealStream(mealId), mealDecider);
  // A student likes a meal once: the like's stream is almost always new, so it is not read first.
  return handleCommand(store, likeStream(mealId, userId), likeDecider, { type: 'LikeMeal', mealId, userId, meal }, context, { expectNew: true });
}
