import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** How many times a failed read is retried (SPEC section 9); answers the server meant (4xx) are not. */
const MAX_RETRIES = 3;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Live pushes invalidate what changed, so cached reads may stay fresh for a while.
        staleTime: 60_000,
        retry: (failureCount, error) => failureCount < MAX_RETRIES && !(error instanceof ApiError && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
