import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLikeCounts } from './like-counts';

const meal = (id: string, likes: number) => ({ _id: id, title: `Meal ${id}`, likes });

describe('like counts from a push', () => {
  it('are written into cached pages and items under the resource, touching nothing else', () => {
    const queryClient = new QueryClient();
    const page = { items: [meal('a', 1), meal('b', 5)], total: 2 };
    queryClient.setQueryData(['upcomingMeals', { page: 0 }], page);
    queryClient.setQueryData(['upcomingMeals', 'one'], meal('a', 1));
    queryClient.setQueryData(['meals', { page: 0 }], { items: [meal('a', 1)], total: 1 });

    applyLikeCounts(queryClient, 'upcomingMeals', { a: 2 });

    expect(queryClient.getQueryData(['upcomingMeals', { page: 0 }])).toEqual({ items: [meal('a', 2), meal('b', 5)], total: 2 });
    expect(queryClient.getQueryData(['upcomingMeals', 'one'])).toEqual(meal('a', 2));
    expect(queryClient.getQueryData(['meals', { page: 0 }])).toEqual({ items: [meal('a', 1)], total: 1 });
    // Items the push does not name keep their identity, so their rows do not re-render.
    expect((queryClient.getQueryData(['upcomingMeals', { page: 0 }]) as typeof page).items[1]).toBe(page.items[1]);
  });

  it('refetch a list ordered by likes rather than patch it, as its order may change', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['upcomingMeals', { sort: 'likes', page: 0 }], { items: [meal('a', 1)], total: 1 });

    applyLikeCounts(queryClient, 'upcomingMeals', { a: 2 });

    const state = queryClient.getQueryState(['upcomingMeals', { sort: 'likes', page: 0 }]);
    expect(state?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(['upcomingMeals', { sort: 'likes', page: 0 }])).toEqual({ items: [meal('a', 1)], total: 1 });
  });
});
