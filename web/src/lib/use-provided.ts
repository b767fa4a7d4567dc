import { type Context, use } from 'react';

/** What the provider of `context` above this component gives; without one, an error saying `missing` (a bug in the tree). */
export function useProvided<T>(context: Context<T | null>, missing: string): T {
  const value = use(context);
  if (!value) throw new Error(missing);
  return value;
}
