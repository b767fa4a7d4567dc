import { MEAL_CATEGORIES } from '@hostel/contracts';

/**
 * What Explore All Meals asks for: a search word (whole, or the start of one), a category, a
 * price band and a page. A fixed rotation, so both servers answer exactly the same requests.
 */
const searches = ['chicken', 'rice', 'paneer', 'chick', 'curry', 'lentil', 'spicy', 'butter', 'masala', 'tomato'];
const bands = [
  [0, 10],
  [10, 20],
  [20, 50],
  [0, 100],
] as const;

export const QUERIES: string[] = [
  ...new Set(
    Array.from({ length: 120 }, (_, index) => {
      const [priceMin, priceMax] = bands[index % bands.length]!;
      const params = new URLSearchParams({
        search: searches[index % searches.length]!,
        category: MEAL_CATEGORIES[index % MEAL_CATEGORIES.length]!,
        priceMin: String(priceMin),
        priceMax: String(priceMax),
        skip: String((index % 4) * 9),
        limit: '9',
      });
      return `/api/meals?${params}`;
    }),
  ),
];

/**
 * The long tail: 20,000 distinct pages (the rotation above with every skip up to 2,000 results deep),
 * so no two requests of a run ask for the same page.
 */
export const UNIQUE_QUERIES: string[] = Array.from({ length: 20_000 }, (_, index) => {
  const url = new URL(QUERIES[index % QUERIES.length]!, 'http://bench');
  url.searchParams.set('skip', String(Math.floor(index / QUERIES.length) % 250));
  return `${url.pathname}${url.search}`;
});
