import type { EventStore } from '@hostel/eventstore';
import { WrongExpectedVersionError } from '@hostel/eventstore';
import type { CommandContext } from '../kernel/decider';
import { conflict } from '../kernel/errors';
import { handleCommand, loadState } from '../kernel/handle-command';
import { likeDecider, likeStream } from './like';
import { mealDecider, mealStream } from './meal';
import type { MealState } from './meal';

type KeptMeal = { state: MealState; version: bigint };
/**
 * Listed meals as their streams stood when a like was last decided on them, newest last; or, once an
 * append found the meal moved on, the version it moved past (so a like that read the old version
 * and finishes later does not put it back).
 */
const listedMeals = new Map<string, KeptMeal | { movedPast: bigint }>();
/** Enough for every meal a canteen lists; the longest unliked go first. */
const LISTED_MEALS_KEPT = 10_000;
/** A meal changing under every try this many times in a row is a conflict to report, not to wait out. */
const ATTEMPTS = 3;

/**
 * A student likes a meal: decided on the meal's own stream (is it listed; did its stream record this
 * like already, as likes were before they had streams of their own) and the like's stream, appended
 * there only, and only while the meal's stream stands at the version the decision read
 * (`unchangedSince`). So most likes cost one statement: the meal as it stood at the last like is
 * kept here, and when it has moved on since (edited, deleted), the append is refused, the meal read
 * again and the like decided afresh. A like whose append starts once the deletion has committed is
 * refused. One that races the deletion may still land just after it: on PostgreSQL when the
 * deletion has not committed yet as the like's statement reads the meal (nothing is locked), on
 * KurrentDB (which checks just before appending) a moment wider. Either way it counts nowhere (every
 * read model drops the likes of a deleted meal), as if the deletion had come a moment later.
 */
export async function likeMeal(store: EventStore, mealId: string, userId: string, context: CommandContext) {
  const stream = mealStream(mealId);
  for (let attempt = 1; ; attempt++) {
    // Read, not taken out: likes arriving together all decide on the one kept meal (taking it out
    // made all but the first read the meal again while the first was still appending).
    const kept = listedMeals.get(mealId);
    let meal = kept && 'state' in kept ? kept : undefined;
    if (!meal) {
      const { state, version } = await loadState(store, stream, mealDecider);
      meal = { state, version: version ?? -1n };
    }
    try {
      // A student likes a meal once: the like's stream is almost always new, so it is not read first.
      const liked = await handleCommand(store, likeStream(mealId, userId), likeDecider, { type: 'LikeMeal', mealId, userId, meal: meal.state }, context, {
        expectNew: true,
        unchangedSince: { stream, version: meal.version < 0n ? 'no_stream' : meal.version },
      });
      if (meal.state.status === 'listed') keep(mealId, meal);
      return liked;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || error.stream !== stream) throw error;
      keep(mealId, { movedPast: meal.version });
      if (attempt === ATTEMPTS) throw conflict('Someone else changed this at the same time. Please try again.');
    }
  }
}

/** Keeps what is known of the meal as the newest used: the later of `known` and what was kept. */
function keep(mealId: string, known: KeptMeal | { movedPast: bigint }) {
  const kept = listedMeals.get(mealId);
  listedMeals.delete(mealId);
  listedMeals.set(mealId, kept && rank(kept) > rank(known) ? kept : known);
  if (listedMeals.size > LISTED_MEALS_KEPT) listedMeals.delete(listedMeals.keys().next().value!);
}

/** Later knowledge ranks higher: version n, then "moved past n", then version n + 1. */
const rank = (known: KeptMeal | { movedPast: bigint }) => ('state' in known ? 2n * known.version : 2n * known.movedPast + 1n);
