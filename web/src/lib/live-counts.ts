import type { LiveCounts } from '@hostel/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** An item of a cached answer that carries counts: a meal (likes, reviews) or an upcoming meal (likes). */
type Counted = { _id: string; likes?: number; reviews_count?: number; reviewCount?: number };
const isCounted = (value: unknown): value is Counted => typeof value === 'object' && value !== null && typeof (value as Counted)._id === 'string';

/** An item with its new counts (under the names it carries them by), or the very same item when nothing changed. */
function withCount<T>(item: T, counts: Record<string, LiveCounts>): T {
  if (!isCounted(item)) return item;
  const latest = counts[item._id];
  if (!latest) return item;
  const next: Counted = { ...item };
  if (latest.likes !== undefined && typeof item.likes === 'number') next.likes = latest.likes;
  if (latest.reviews !== undefined && typeof item.reviews_count === 'number') next.reviews_count = latest.reviews;
  if (latest.reviews !== undefined && typeof item.reviewCount === 'number') next.reviewCount = latest.reviews;
  const changed = next.likes !== item.likes || next.reviews_count !== item.reviews_count || next.reviewCount !== item.reviewCount;
  return changed ? (next as T) : item;
}

/** A page (`{ items, total }`) with the new counts, or the same page when none of its items changed. */
function pageWithCounts(page: { items: unknown[] }, counts: Record<string, LiveCounts>) {
  const items = page.items.map((item) => withCount(item, counts));
  return items.every((item, index) => item === page.items[index]) ? page : { ...page, items };
}

const isPage = (data: unknown): data is { items: unknown[] } => typeof data === 'object' && data !== null && Array.isArray((data as { items?: unknown }).items);

/** Any cached answer: an infinite list's pages, a page, or a single item, with the new counts. */
function withCounts(data: unknown, counts: Record<string, LiveCounts>): unknown {
  if (typeof data === 'object' && data !== null && Array.isArray((data as { pages?: unknown }).pages)) {
    const infinite = data as { pages: unknown[] };
    const pages = infinite.pages.map((page) => (isPage(page) ? pageWithCounts(page, counts) : page));
    return pages.every((page, index) => page === infinite.pages[index]) ? data : { ...infinite, pages };
  }
  if (isPage(data)) return pageWithCounts(data, counts);
  return withCount(data, counts);
}

/** A list ordered by a count (`{ sort: 'likes' }` or `'reviews_count'` in its key): new counts may move its rows between pages. */
const orderedByCount = (queryKey: QueryKey) =>
  queryKey.some((part) => typeof part === 'object' && part !== null && ['likes', 'reviews_count'].includes(String((part as { sort?: unknown }).sort)));

/**
 * A `counts` push: writes the new counts into every cached query under `resource`, so watchers see a
 * like or a review counted without asking the server again. A list ordered by a count is refetched
 * instead (its order may change), and so is a query whose fetch is under way (its answer may have
 * been read before the change).
 */
export function applyCounts(queryClient: QueryClient, resource: string, counts: Record<string, LiveCounts>) {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [resource] })) {
    if (orderedByCount(query.queryKey) || query.state.fetchStatus === 'fetching') void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    else queryClient.setQueryData(query.queryKey, (data: unknown) => withCounts(data, counts));
  }
}
