import type { EventData, EventOf, Role } from '@hostel/contracts';
import { streamName } from '@hostel/contracts';
import { conflict, forbidden, notFound } from '../kernel/errors';
import type { Decider } from '../kernel/decider';
import { exhaustive } from '../kernel/decider';

/** MealLiked: only in streams written before likes had streams of their own (like.ts); still folded. */
export type MealEvent = EventOf<'MealAdded'> | EventOf<'MealEdited'> | EventOf<'MealDeleted'> | EventOf<'MealLiked'>;

/** A listed meal's editable fields, as its MealAdded event carries them. */
export type MealFields = Omit<EventData<'MealAdded'>, 'mealId' | 'distributorEmail' | 'postTime' | 'likedBy'>;

export type MealState =
  | { status: 'none' }
  | { status: 'deleted'; mealId: string }
  | ({
      status: 'listed';
      mealId: string;
      distributorEmail: string;
      /**
       * The likes this stream holds: carried over from an upcoming meal, or recorded here before
       * likes had streams of their own (see like.ts). A like today is never added here.
       */
      likedBy: readonly string[];
    } & MealFields);

export const mealStream = (mealId: string) => streamName('meal', mealId);

/** Commands on a meal stream; the actor's role and id arrive with them (the decider checks them). */
export type MealCommand =
  | {
      type: 'AddMeal';
      mealId: string;
      actorRole: Role;
      fields: Omit<MealFields, 'rating' | 'distributorName'>;
      distributorName: string;
      distributorEmail: string;
      postTime: string;
      /** Who liked it before it was listed (a published upcoming meal keeps its likes). */
      likedBy?: readonly string[];
    }
  | { type: 'EditMeal'; mealId: string; actorRole: Role; changes: Partial<MealFields> }
  | { type: 'DeleteMeal'; mealId: string; actorRole: Role };

export function evolveMeal(state: MealState, event: MealEvent): MealState {
  switch (event.type) {
    case 'MealAdded': {
      const { mealId, distributorEmail, postTime: _postTime, likedBy, ...fields } = event.data;
      return { status: 'listed', mealId, distributorEmail, likedBy: likedBy ?? [], ...fields };
    }
    case 'MealEdited':
      return state.status === 'listed' ? { ...state, ...event.data.changes } : state;
    case 'MealDeleted':
      return { status: 'deleted', mealId: event.data.mealId };
    case 'MealLiked':
      return state.status === 'listed' ? { ...state, likedBy: [...state.likedBy, event.data.userId] } : state;
    default:
      return exhaustive(event);
  }
}

function requireAdmin(role: Role) {
  if (role !== 'admin') throw forbidden('Only admins can manage meals');
}

function listed(state: MealState) {
  if (state.status !== 'listed') throw notFound('Meal not found');
  return state;
}

function decide(command: MealCommand, state: MealState): MealEvent[] {
  switch (command.type) {
    case 'AddMeal':
      requireAdmin(command.actorRole);
      if (state.status !== 'none') throw conflict('This meal already exists');
      return [
        {
          type: 'MealAdded',
          data: {
            mealId: command.mealId,
            ...command.fields,
            distributorName: command.distributorName,
            distributorEmail: command.distributorEmail,
            postTime: command.postTime,
            rating: 0,
            ...(command.likedBy?.length ? { likedBy: [...command.likedBy] } : {}),
          },
        },
      ];
    case 'EditMeal': {
      requireAdmin(command.actorRole);
      const meal = listed(state);
      const changes = Object.fromEntries(
        Object.entries(command.changes).filter(
          ([key, value]) => value !== undefined && JSON.stringify(meal[key as keyof MealFields]) !== JSON.stringify(value),
        ),
      ) as Partial<MealFields>;
      return Object.keys(changes).length === 0 ? [] : [{ type: 'MealEdited', data: { mealId: meal.mealId, changes } }];
    }
    case 'DeleteMeal':
      requireAdmin(command.actorRole);
      return [{ type: 'MealDeleted', data: { mealId: listed(state).mealId } }];
    default:
      return exhaustive(command);
  }
}

export const mealDecider: Decider<MealCommand, MealEvent, MealState> = {
  initialState: { status: 'none' },
  evolve: evolveMeal,
  decide,
  // A meal stream is short today, but one written before likes moved out may hold thousands of them.
  snapshot: { kind: 'meal@1', every: 25 },
};
