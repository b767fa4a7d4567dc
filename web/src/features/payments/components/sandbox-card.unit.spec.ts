import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, tokeniseTestCard } from './sandbox-card';

const now = new Date('2026-11-22T12:00:00Z');
const card = (number: string, expiry = '12 / 30', cvc = '123') => tokeniseTestCard({ number, expiry, cvc }, now);

describe('sandbox card', () => {
  it("turns Stripe's test numbers into Stripe's test tokens", () => {
    expect(card('4242 4242 4242 4242')).toEqual({ token: 'tok_visa' });
    expect(card('4000000000000002')).toEqual({ token: 'tok_chargeDeclined' });
  });
  it('says the entry is incomplete before anything else', () => {
    expect(card('4242 4242')).toEqual({ incomplete: true });
    expect(card('4242424242424242', '12')).toEqual({ incomplete: true });
    expect(card('4242424242424242', '12 / 30', '1')).toEqual({ incomplete: true });
  });
  it("refuses past or impossible expiry dates and cards that are not test cards, in the provider's words", () => {
    expect(card('4242424242424242', '10 / 26')).toEqual({ error: "Your card's expiration year is in the past." });
    expect(card('4242424242424242', '13 / 30')).toEqual({ error: "Your card's expiration date is invalid." });
    expect(card('5555555555554444')).toMatchObject({ error: expect.stringContaining('test mode') });
  });
  it('formats what is typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1234')).toBe('12 / 34');
  });
});
