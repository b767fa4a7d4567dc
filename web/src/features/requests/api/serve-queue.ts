import { MealRequestAnswer, ServeQueueAnswer, WaitingTimes } from '@hostel/contracts';
import { MIN_POSITION_HEADER } from '@hostel/contracts/plain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '@/lib/auth';
import { SERVE_QUEUE_KEY } from './serve-queue-key';

export { SERVE_QUEUE_KEY };

/** Where "today" starts for the screen: its local midnight, as an ISO instant. */
export function localMidnight(now: Date): string {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
}

/**
 * `GET /api/serveQueue`: Pending and Approved requests oldest first, then those just Delivered, with
 * counts and today's waiting times. `minPosition()` is read at each fetch: the latest position the
 * screen has seen (a push, or an earlier answer), sent as `X-Min-Position` so an answer never shows
 * less than what the screen already knew.
 */
export function useServeQueue(params: { category: string | undefined; since: string }, minPosition: () => string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: [SERVE_QUEUE_KEY, params],
    queryFn: async () => {
      const position = minPosition();
      return ServeQueueAnswer.parse(
        await api.get('/api/serveQueue', {
          query: { category: params.category, since: params.since },
          ...(position ? { headers: { [MIN_POSITION_HEADER]: position } } : {}),
        }),
      );
    },
    placeholderData: keepPreviousData,
    // Pushes say when it changed; the one-minute default would refetch for nothing.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `GET /api/serveQueue/waiting`: today's average and p90 wait from request to Delivered. */
export function useWaitingTimes(since: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['mealRequests', 'waiting', { since }],
    queryFn: async () => WaitingTimes.parse(await api.get('/api/serveQueue/waiting', { query: { since } })),
  });
}

export type StageCommand = 'approve' | 'serve' | 'recall';

/** Approve, Serve and Recall (admins): each answers its message and the new status, and refreshes the queue and every request list. */
export function useStageCommand() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, command }: { id: string; command: StageCommand }) =>
      MealRequestAnswer.parse(await api.patch(`/api/requestedMeals/${encodeURIComponent(id)}/${command}`)),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: [SERVE_QUEUE_KEY] }), queryClient.invalidateQueries({ queryKey: ['mealRequests'] })]),
  });
}
