import { type PackageName, PaymentAnswer } from '@hostel/contracts';
import type { ApiClient } from '@/lib/api-client';
import { useCommand } from '@/lib/use-command';

export interface PayRequest {
  package: PackageName;
  stripeToken: string;
  /** One per purchase attempt, sent again unchanged when the attempt is retried: the server records it once. */
  idempotencyKey: string;
}

/**
 * `POST /payment`: the package by name and the card provider's token. The server takes the price and
 * badge from its own catalogue; a declined card answers 402 with the provider's message. 200 means the
 * badge has landed; 202 `{status: 'pending'}` that it follows (pushed live to the member's room).
 */
export async function pay(api: ApiClient, { idempotencyKey, ...body }: PayRequest): Promise<PaymentAnswer> {
  return PaymentAnswer.parse(await api.post('/payment', body, { headers: { 'idempotency-key': idempotencyKey } }));
}

export function usePay() {
  // The badge (profile, navbar, upcoming likes) and the history change.
  return useCommand(pay, () => [['user'], ['payments']]);
}
