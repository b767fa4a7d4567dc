import { SANDBOX_TOKENS } from '@hostel/contracts';
import { invalid, paymentDeclined } from '@hostel/domain';

const outcomeOf = (token: string) =>
  // Own keys only: looked up plainly, `toString`, `constructor` or `__proto__` found Object.prototype's and paid.
  Object.hasOwn(SANDBOX_TOKENS, token) ? SANDBOX_TOKENS[token as keyof typeof SANDBOX_TOKENS] : undefined;

/** Refuses (400) a token the sandbox never takes: a real card token is never mistaken for a payment. */
export function checkSandboxToken(token: string): void {
  if (outcomeOf(token) === undefined) throw invalid('This is test mode: use a test card such as 4242 4242 4242 4242');
}

/**
 * The card provider of the embedded default: no money moves. Stripe's test tokens behave as in
 * Stripe's test mode; anything else is refused, so a real card token is never mistaken for a payment.
 */
export function chargeSandbox(token: string): { providerRef: string } {
  checkSandboxToken(token);
  if (outcomeOf(token) === 'declined') throw paymentDeclined('Your card was declined.');
  return { providerRef: `sandbox_${crypto.randomUUID()}` };
}
