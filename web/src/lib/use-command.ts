import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { useApi } from './auth';

/**
 * A command of the API as a mutation: `send` sends it with the session's client; once it succeeds,
 * the queries under each key `stale` names for that input are refetched (before the mutation settles,
 * so a screen awaiting it shows the change).
 */
export function useCommand<Input = void, Answer = unknown>(send: (api: ApiClient, input: Input) => Promise<Answer>, stale: (input: Input) => QueryKey[]) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => send(api, input),
    onSuccess: (_answer, input) => Promise.all(stale(input).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
