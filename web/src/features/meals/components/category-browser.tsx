import { MEAL_CATEGORIES, type MealCategory } from '@hostel/contracts/plain';
import { Coffee, LayoutGrid, Moon, Sun } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { ApiClient } from '@/lib/api-client';
import { mealsQueryOptions, useMeals } from '../api/get-meals';
import { MealCard } from './meal-card';
import { HomeSection } from '@/components/layouts/home-section';
import { failedAgain, ReadFailed } from '@/components/ui/read-failed';

/** Home shows at most this many meals of the chosen category (SPEC section 9). */
const HOME_MEAL_COUNT = 3;
type Choice = MealCategory | 'All';
const FIRST_CHOICE: Choice = 'Breakfast';

/** The home cards' first read (the server renders the home page with it). */
export const homeMealsQueryOptions = (api: ApiClient) => mealsQueryOptions(api, { category: FIRST_CHOICE }, 0, HOME_MEAL_COUNT);
const choices: { value: Choice; Icon: typeof Coffee }[] = [
  { value: MEAL_CATEGORIES[0], Icon: Coffee },
  { value: MEAL_CATEGORIES[1], Icon: Sun },
  { value: MEAL_CATEGORIES[2], Icon: Moon },
  { value: 'All', Icon: LayoutGrid },
];

/**
 * 'Our Meals Categories': a category toggle (Breakfast first) and the first three meals of it. No live
 * room: its cards show no counts, and the home page opens no socket for a visitor.
 */
export function CategoryBrowser() {
  const [category, setCategory] = useState<Choice>(FIRST_CHOICE);
  const meals = useMeals({ category }, { pageSize: HOME_MEAL_COUNT });

  return (
    <HomeSection id="categories-title" title="Our Meals Categories" className="gap-6">
      <div role="group" aria-label="Meal category" className="flex flex-wrap justify-center gap-2">
        {choices.map(({ value, Icon }) => (
          <Button key={value} variant={value === category ? 'default' : 'outline'} aria-pressed={value === category} onClick={() => setCategory(value)}>
            <Icon aria-hidden="true" />
            {value}
          </Button>
        ))}
      </div>
      <div aria-live="polite" aria-busy={meals.isFetching}>
        {meals.isPending ? (
          <p role="status" className="text-center text-slate-700">
            Loading meals...
          </p>
        ) : meals.isError && !meals.data ? (
          <p role="alert" className="text-center font-medium text-red-700">
            Failed to fetch meals.
          </p>
        ) : meals.data.items.length === 0 ? (
          <p className="text-center text-slate-700">No meals found in this category.</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {meals.data.items.map((meal) => (
              <li key={meal._id} className="grid">
                <MealCard meal={meal} />
              </li>
            ))}
          </ul>
        )}
        {/* A read again that fails (after a push) leaves the cards on show as they are and says so under them. */}
        <ReadFailed error={failedAgain(meals)} saying="Failed to read the meals again" className="mt-4 text-center" />
      </div>
    </HomeSection>
  );
}
