import { MEAL_CATEGORIES, type MealCategory } from '@hostel/contracts/plain';
import { Coffee, LayoutGrid, Moon, Sun } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { ApiClient } from '@/lib/api-client';
import { mealsQueryOptions, useMeals } from '../api/get-meals';
import { MealCard } from './meal-card';
import { HomeSection } from '@/components/layouts/home-section';
import { LoadFailed, ReadFailed } from '@/components/ui/read-failed';
import { cn } from '@/lib/cn';
import { useKeptRead } from '@/lib/use-kept-read';

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
  // Another category's read that fails leaves the cards on show (dimmed), said under them.
  const { data, fromBefore } = useKeptRead(meals);

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
        {!data ? (
          meals.isError ? (
            <LoadFailed retry={meals} className="justify-items-center text-center">
              Failed to fetch meals.
            </LoadFailed>
          ) : (
            <p role="status" className="text-center text-slate-700">
              Loading meals...
            </p>
          )
        ) : data.items.length === 0 ? (
          <p className="text-center text-slate-700">No meals found in this category.</p>
        ) : (
          <ul className={cn('grid gap-6 sm:grid-cols-2 lg:grid-cols-3', fromBefore && 'opacity-60')}>
            {data.items.map((meal) => (
              <li key={meal._id} className="grid">
                <MealCard meal={meal} />
              </li>
            ))}
          </ul>
        )}
        {/* A read again that fails (after a push) leaves the cards on show as they are and says so under them. */}
        <ReadFailed
          error={data ? meals.error : null}
          saying={fromBefore ? 'Failed to fetch this category (showing the meals from before)' : 'Failed to read the meals again'}
          retry={meals}
          className="mt-4 justify-center text-center"
        />
      </div>
    </HomeSection>
  );
}
