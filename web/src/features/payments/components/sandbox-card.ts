/**
 * The sandbox stand-in for the card provider's browser library: it checks the card entry and turns
 * Stripe's test numbers into Stripe's test tokens, so the card number never leaves the browser.
 */
const TEST_CARDS: Record<string, string> = {
  '4242424242424242': 'tok_visa',
  '4000000000000002': 'tok_chargeDeclined',
};

export interface CardEntry {
  number: string;
  expiry: string;
  cvc: string;
}

export type Tokenised = { token: string } | { incomplete: true } | { error: string };

const digits = (text: string) => text.replace(/\D/g, '');

export function tokeniseTestCard({ number, expiry, cvc }: CardEntry, now = new Date()): Tokenised {
  const cardNumber = digits(number);
  const [month, year] = expiry.split('/').map((part) => Number(digits(part)));
  if (cardNumber.length < 13 || !month || year === undefined || Number.isNaN(year) || digits(cvc).length < 3) return { incomplete: true };
  if (month > 12) return { error: "Your card's expiration date is invalid." };
  const expires = new Date(2000 + year, month); // the first day after the expiry month
  if (expires <= now) return { error: "Your card's expiration year is in the past." };
  const token = TEST_CARDS[cardNumber];
  return token ? { token } : { error: 'Your card was declined. This is test mode: use a test card such as 4242 4242 4242 4242.' };
}

/** 4242424242424242 → '4242 4242 4242 4242' as the reader types. */
export const formatCardNumber = (text: string) =>
  digits(text)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
/** 1228 → '12 / 28'. */
export const formatExpiry = (text: string) => {
  const value = digits(text).slice(0, 4);
  return value.length > 2 ? `${value.slice(0, 2)} / ${value.slice(2)}` : value;
};
