import type { QueryClient, QueryKey } from '@tanstack/react-query';

type Counted = { _id: string; likes: number };
const isCounted = (value: unknown): value is Counted =>
  typeof value === 'object' && value !== null && typeof (value as Counted)._id === 'string' && typeof (value as Counted).likes === 'number';

/** An item with its new count, or as it was. */
function withCount<T>(item: T, likes: Record<string, number>): T {
  if (!isCounted(item)) return item;
  const count = likes[item._id];
  return count === undefined || count === item.likes ? item : { ...item, likes: count };
}

/** A cached page (`{ items, total }`) or single item with the new counts; anything else as it was. */
function withCounts(data: unknown, likes: Record<string, number>): unknown {
  if (typeof data === 'object' && data !== null && Array.isArray((data as { items?: unknown }).items)) {
    const page = data as { items: unknown[] };
    const items = page.items.map((item) => withCount(item, likes));
    return items.every((item, index) => item === page.items[index]) ? data : { ...page, items };
  }
  return withCount(data, likes);
}

/** A list ordered by likes (`{ sort: 'likes' }` in its key): new counts may move its rows between pages. */
const orderedByLikes = (queryKey: QueryKey) => queryKey.some((part) => typeof part === 'object' && part !== null && (part as { sort?: unknown }).sort === 'likes');

/**
 * A `likes` push: writes the new counts into every cached query under `resource`, so watchers see a
 * like without asking the server again. A list ordered by likes is refetched instead (its order may
 * change), and so is a query whose fetch is under way (its answer may have been read before the like).
 */
export function applyLikeCounts(queryClient: QueryClient, resource: string, likes: Record<string, number>) {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [resource] })) {
    if (orderedByLikes(query.queryKey) || query.state.fetchStatus === 'fetching') void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    else queryClient.setQueryData(query.queryKey, (data: unknown) => withCounts(data, likes));
  }
}
