import { type PackageName, PaymentAnswer } from '@hostel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';

/**
 * `POST /payment`: the package by name and the card provider's token. The server takes the price and
 * badge from its own catalogue; a declined card answers 402 with the provider's message.
 */
export async function pay(api: ApiClient, body: { package: PackageName; stripeToken: string }): Promise<PaymentAnswer> {
  return PaymentAnswer.parse(await api.post('/payment', body));
}

export function usePay() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { package: PackageName; stripeToken: string }) => pay(api, body),
    // The badge (profile, navbar, upcoming likes) and the history change.
    onSuccess: () => Promise.all(['user', 'payments'].map((resource) => queryClient.invalidateQueries({ queryKey: [resource] }))),
  });
}
