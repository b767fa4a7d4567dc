import { describe, expect, it } from 'vitest';
import { givenDecider } from '../testing/given';
import type { MealCommand, MealEvent } from './meal';
import { mealDecider } from './meal';

const given = givenDecider(mealDecider);
const mealId = 'meal-1';
const fields = {
  title: 'Masala Omelette',
  category: 'Breakfast',
  image: '/api/media/x',
  ingredients: ['eggs', 'onion'],
  description: 'Spicy eggs',
  price: 4.5,
} as const;
const added: MealEvent = {
  type: 'MealAdded',
  data: {
    mealId,
    ...fields,
    ingredients: ['eggs', 'onion'],
    distributorName: 'Ada',
    distributorEmail: 'ada@hostel.test',
    postTime: '2026-11-22T08:00:00.000Z',
    rating: 0,
  },
};
const add = (actorRole: 'user' | 'admin' = 'admin'): MealCommand => ({
  type: 'AddMeal',
  mealId,
  actorRole,
  fields: { ...fields, ingredients: ['eggs', 'onion'] },
  distributorName: 'Ada',
  distributorEmail: 'ada@hostel.test',
  postTime: '2026-11-22T08:00:00.000Z',
});
const deleted: MealEvent = { type: 'MealDeleted', data: { mealId } };

describe('meal decider', () => {
  describe('AddMeal', () => {
    it('lists the meal with rating 0 and the distributor the command names', () => {
      expect(given().when(add()).events).toEqual([added]);
    });
    it('refuses a student', () => {
      expect(given().when(add('user')).error).toEqual({ kind: 'forbidden', message: 'Only admins can manage meals' });
    });
    it('refuses an id already used', () => {
      expect(given(added).when(add()).error).toEqual({ kind: 'conflict', message: 'This meal already exists' });
    });
  });

  describe('EditMeal', () => {
    it('records only the fields that change', () => {
      const edit: MealCommand = { type: 'EditMeal', mealId, actorRole: 'admin', changes: { title: 'Masala Omelette', price: 5, rating: 7.5 } };
      expect(given(added).when(edit).events).toEqual([{ type: 'MealEdited', data: { mealId, changes: { price: 5, rating: 7.5 } } }]);
    });
    it('records nothing when nothing changes, arrays compared by value', () => {
      const edit: MealCommand = { type: 'EditMeal', mealId, actorRole: 'admin', changes: { ingredients: ['eggs', 'onion'], title: undefined } };
      expect(given(added).when(edit).events).toEqual([]);
    });
    it('applies earlier edits before comparing', () => {
      const renamed: MealEvent = { type: 'MealEdited', data: { mealId, changes: { title: 'Plain Omelette' } } };
      const edit: MealCommand = { type: 'EditMeal', mealId, actorRole: 'admin', changes: { title: 'Plain Omelette' } };
      expect(given(added, renamed).when(edit).events).toEqual([]);
    });
    it('refuses a student, and a meal that is missing or deleted', () => {
      const edit = (actorRole: 'user' | 'admin'): MealCommand => ({ type: 'EditMeal', mealId, actorRole, changes: { price: 1 } });
      expect(given(added).when(edit('user')).error?.kind).toBe('forbidden');
      expect(given().when(edit('admin')).error).toEqual({ kind: 'not_found', message: 'Meal not found' });
      expect(given(added, deleted).when(edit('admin')).error).toEqual({ kind: 'not_found', message: 'Meal not found' });
    });
  });

  describe('DeleteMeal', () => {
    it('deletes a listed meal for an admin, once', () => {
      const remove: MealCommand = { type: 'DeleteMeal', mealId, actorRole: 'admin' };
      expect(given(added).when(remove).events).toEqual([deleted]);
      expect(given(added, deleted).when(remove).error?.kind).toBe('not_found');
    });
    it('refuses a student', () => {
      expect(given(added).when({ type: 'DeleteMeal', mealId, actorRole: 'user' }).error?.kind).toBe('forbidden');
    });
  });
});
