import { describe, expect, it } from 'vitest';
import { readConfig } from '../config';

/**
 * README (Configuration): "A variable missing or malformed stops a service at start with one line on
 * standard error naming it, and exit code 78". A TRUST_PROXY made of address characters that is not an
 * address or range passes readConfig today: `npm start` then starts PostgreSQL, and Fastify's proxy-addr
 * throws "invalid range on address: 10.0.0.0/33" with a stack trace on stdout, exit 1. A range that holds
 * every address (0.0.0.0/0, ::/0) is `true` by another name: any client could choose its address.
 */
describe('TRUST_PROXY that is not an address, a range or a hop count', () => {
  it.each(['10.0.0.0/33', '999.1.1.1', '1.2.3.4/', '::1/200', 'a.b.c.d', '0.0.0.0/0', '::/0'])('refuses %s at configuration, naming the variable', (value) => {
    expect(() => readConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});
