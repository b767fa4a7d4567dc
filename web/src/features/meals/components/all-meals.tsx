import { MEAL_CATEGORIES, type MealCategory, rooms } from '@hostel/contracts/plain';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { useLiveRoom } from '@/lib/live-updates';
import { plural } from '@/lib/plural';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { type MealsFilter, useInfiniteMeals } from '../api/get-meals';
import { MealCard } from './meal-card';
import { useNearPageEnd } from './use-near-page-end';

const SEARCH_DEBOUNCE_MS = 300;

/** The price bands of SPEC section 9; 'All Prices' is the 0-100 band, sent like the others. */
const priceBands = {
  all: { label: 'All Prices', min: 0, max: 100 },
  '0-10': { label: '$0-$10', min: 0, max: 10 },
  '10-20': { label: '$10-$20', min: 10, max: 20 },
  '20-50': { label: '$20-$50', min: 20, max: 50 },
} as const;
type PriceBand = keyof typeof priceBands;
const isPriceBand = (value: string | null): value is PriceBand => value !== null && value in priceBands;
const isCategory = (value: string | null): value is MealCategory => MEAL_CATEGORIES.includes(value as MealCategory);

/** The category and price band the URL chooses ('All' and 'all' when it names none it knows). */
function choicesOf(params: URLSearchParams): { category: MealCategory | 'All'; priceBand: PriceBand } {
  const category = params.get('category');
  const price = params.get('price');
  return { category: isCategory(category) ? category : 'All', priceBand: isPriceBand(price) ? price : 'all' };
}

function mealsFilterOf(search: string, category: MealCategory | 'All', priceBand: PriceBand): MealsFilter {
  const { min, max } = priceBands[priceBand];
  return { ...(search ? { search } : {}), ...(category !== 'All' ? { category } : {}), priceMin: min, priceMax: max };
}

/** The filter of the grid's first read when the page opens on `params` (the server renders that page with it). */
export function initialMealsFilter(params: URLSearchParams): MealsFilter {
  const { category, priceBand } = choicesOf(params);
  return mealsFilterOf((params.get('search') ?? '').trim(), category, priceBand);
}

/**
 * 'Explore All Meals': search, category and price filters kept in the URL (so links and the back
 * button keep them), a grid that grows by pages of 9 as the reader nears the end, and a 'Load more'
 * button for keyboards and for anyone who prefers not to scroll.
 */
export function AllMeals() {
  const [params, setParams] = useSearchParams();
  const [searchText, setSearchText] = useState(params.get('search') ?? '');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const { category, priceBand } = choicesOf(params);
  const setParam = useCallback(
    (name: string, value: string | undefined) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  // The URL follows the search box once typing pauses (and only then, or it would navigate forever).
  const searchInUrl = params.get('search') ?? '';
  useEffect(() => {
    if (searchInUrl !== search) setParam('search', search || undefined);
  }, [search, searchInUrl, setParam]);

  const filter = mealsFilterOf(search, category, priceBand);
  const meals = useInfiniteMeals(filter);
  useLiveRoom(rooms.catalog);
  const loaded = meals.data?.pages.flatMap((page) => page.items) ?? [];
  const canLoadMore = meals.hasNextPage && !meals.isFetchingNextPage && !meals.isError;
  useNearPageEnd(() => void meals.fetchNextPage(), canLoadMore, loaded.length);

  return (
    <div className="grid gap-6">
      <search className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 md:grid-cols-[2fr_1fr_1fr]">
        <div className="grid gap-1.5">
          <Label htmlFor="meal-search">Search meals</Label>
          <SearchInput
            id="meal-search"
            placeholder="Search by name, ingredient or description"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="meal-category">Category</Label>
          <Select id="meal-category" value={category} onChange={(event) => setParam('category', event.target.value === 'All' ? undefined : event.target.value)}>
            <option value="All">All</option>
            {MEAL_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="meal-price">Price</Label>
          <Select id="meal-price" value={priceBand} onChange={(event) => setParam('price', event.target.value === 'all' ? undefined : event.target.value)}>
            {Object.entries(priceBands).map(([value, band]) => (
              <option key={value} value={value}>
                {band.label}
              </option>
            ))}
          </Select>
        </div>
      </search>

      {meals.isPending ? (
        <p role="status" className="text-center text-slate-700">
          Loading meals...
        </p>
      ) : meals.isError && loaded.length === 0 ? (
        <p role="alert" className="text-center font-medium text-red-700">
          {meals.error.message ? 'Error: ' + meals.error.message : 'Something went wrong'}
        </p>
      ) : (
        <>
          <p role="status" className="text-sm text-slate-700">
            {`Showing ${loaded.length} of ${plural(meals.data?.pages.at(-1)?.total ?? loaded.length, 'meal')}`}
          </p>
          {loaded.length === 0 ? (
            <p className="text-center text-slate-700">No meals found.</p>
          ) : (
            <ul aria-label="Meals" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {loaded.map((meal, index) => (
                <li key={meal._id} className="grid">
                  <MealCard meal={meal} showCategory first={index === 0} level={2} />
                </li>
              ))}
            </ul>
          )}
          <div className="grid justify-items-center gap-2">
            {meals.isFetchingNextPage ? (
              <p role="status" className="text-slate-700">
                Loading more meals...
              </p>
            ) : null}
            {meals.isError ? (
              <p role="alert" className="font-medium text-red-700">
                {'Error: ' + (meals.error.message || 'Something went wrong')}
              </p>
            ) : null}
            {meals.hasNextPage ? (
              <Button variant="outline" disabled={meals.isFetchingNextPage} aria-busy={meals.isFetchingNextPage} onClick={() => void meals.fetchNextPage()}>
                {meals.isFetchingNextPage ? 'Fetching more...' : 'Load more'}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
