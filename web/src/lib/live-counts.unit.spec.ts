import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyCounts } from './live-counts';

const upcoming = (id: string, likes: number) => ({ _id: id, title: `Meal ${id}`, likes });
const meal = (id: string, likes: number, reviews: number) => ({ _id: id, title: `Meal ${id}`, likes, reviews_count: reviews, reviewCount: reviews });

describe('counts from a push', () => {
  it('are written into cached pages and items under the resource, touching nothing else', () => {
    const queryClient = new QueryClient();
    const page = { items: [upcoming('a', 1), upcoming('b', 5)], total: 2 };
    queryClient.setQueryData(['upcomingMeals', { page: 0 }], page);
    queryClient.setQueryData(['upcomingMeals', 'one'], upcoming('a', 1));
    queryClient.setQueryData(['meals', { page: 0 }], { items: [upcoming('a', 1)], total: 1 });

    applyCounts(queryClient, 'upcomingMeals', { a: { likes: 2 } });

    expect(queryClient.getQueryData(['upcomingMeals', { page: 0 }])).toEqual({ items: [upcoming('a', 2), upcoming('b', 5)], total: 2 });
    expect(queryClient.getQueryData(['upcomingMeals', 'one'])).toEqual(upcoming('a', 2));
    expect(queryClient.getQueryData(['meals', { page: 0 }])).toEqual({ items: [upcoming('a', 1)], total: 1 });
    // Items the push does not name keep their identity, so their rows do not re-render.
    expect((queryClient.getQueryData(['upcomingMeals', { page: 0 }]) as typeof page).items[1]).toBe(page.items[1]);
  });

  it("writes a meal's likes and reviews into a meal, a page and an infinite list's pages", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['meal', 'a'], meal('a', 1, 0));
    queryClient.setQueryData(['meals', 'infinite', {}], {
      pages: [
        { items: [meal('a', 1, 0)], total: 2 },
        { items: [meal('b', 0, 0)], total: 2 },
      ],
      pageParams: [0, 1],
    });

    applyCounts(queryClient, 'meal', { a: { likes: 2, reviews: 1 } });
    applyCounts(queryClient, 'meals', { a: { likes: 2, reviews: 1 } });

    expect(queryClient.getQueryData(['meal', 'a'])).toEqual(meal('a', 2, 1));
    const infinite = queryClient.getQueryData(['meals', 'infinite', {}]) as { pages: { items: unknown[] }[] };
    expect(infinite.pages[0]!.items).toEqual([meal('a', 2, 1)]);
    expect(infinite.pages[1]!.items).toEqual([meal('b', 0, 0)]);
  });

  it('refetch a list ordered by likes or by reviews rather than patch it, as its order may change', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['upcomingMeals', { sort: 'likes', page: 0 }], { items: [upcoming('a', 1)], total: 1 });
    queryClient.setQueryData(['meals', 'page', { sort: 'reviews_count' }, 0, 10], { items: [meal('a', 1, 0)], total: 1 });

    applyCounts(queryClient, 'upcomingMeals', { a: { likes: 2 } });
    applyCounts(queryClient, 'meals', { a: { reviews: 1 } });

    const state = queryClient.getQueryState(['upcomingMeals', { sort: 'likes', page: 0 }]);
    expect(state?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(['upcomingMeals', { sort: 'likes', page: 0 }])).toEqual({ items: [upcoming('a', 1)], total: 1 });
    expect(queryClient.getQueryState(['meals', 'page', { sort: 'reviews_count' }, 0, 10])?.isInvalidated).toBe(true);
  });
});
