import type { z } from 'zod';
import type { ApiClient, RequestOptions } from './api-client';

export interface Page<T> {
  items: T[];
  /** Every item matching the query (X-Total-Count), not just this page's. */
  total: number;
}

/**
 * One page of a list endpoint (`skip`/`limit`, total in X-Total-Count), each item checked against `item`
 * (or the schema it resolves to: one loaded beside the request, see lib/schemas.ts).
 */
export async function getPage<T>(
  api: ApiClient,
  path: string,
  item: z.ZodType<T> | PromiseLike<z.ZodType<T>>,
  { skip, limit, query }: { skip: number; limit: number; query?: RequestOptions['query'] },
): Promise<Page<T>> {
  const [response, schema] = await Promise.all([api.request(path, { query: { ...query, skip, limit } }), item]);
  if (!Array.isArray(response.data)) throw new Error(`Expected a list from ${path}`);
  const items = response.data.map((entry) => schema.parse(entry));
  const total = Number(response.headers.get('x-total-count') ?? Number.NaN);
  return { items, total: Number.isFinite(total) ? total : skip + items.length };
}
