import { describe, expect, it } from 'vitest';
import { chargeSandbox } from './sandbox-provider';

describe('the sandbox card provider', () => {
  it('pays with a succeeding test token and declines the declining one', () => {
    expect(chargeSandbox('tok_visa').providerRef).toMatch(/^sandbox_/);
    expect(() => chargeSandbox('tok_chargeDeclined')).toThrow('Your card was declined.');
  });

  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'])(
    'refuses %s, a name every object inherits, as an unknown token',
    (token) => {
      expect(() => chargeSandbox(token)).toThrow('This is test mode: use a test card such as 4242 4242 4242 4242');
    },
  );
});
