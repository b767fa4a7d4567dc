import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EXPORT_LINK_TTL_MS, signExportLink, verifyExportLink } from './digest';

const keyOf = () => ({ privateJwk: generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) });

describe('export download links', () => {
  const key = keyOf();
  const issued = Date.parse('2026-11-26T12:00:00Z');
  const claims = { id: '4d7c8a52-3f1e-4a8b-9c0d-2e5f6a7b8c9d', sub: 'u-ada', query: { format: 'csv', type: 'MealLiked' }, exp: issued + EXPORT_LINK_TTL_MS };
  const link = signExportLink(key, claims);

  it('grants what it was signed for until it expires, and nothing after', () => {
    expect(verifyExportLink(key, link, issued)).toEqual(claims);
    expect(verifyExportLink(key, link, claims.exp - 1)).toEqual(claims);
    expect(verifyExportLink(key, link, claims.exp)).toBeUndefined();
  });

  it('is refused when signed by another key, cut short or given a signature of other claims', () => {
    expect(verifyExportLink(keyOf(), link, issued)).toBeUndefined();
    expect(verifyExportLink(key, link.slice(0, -2), issued)).toBeUndefined();
    const [, signature] = link.split('.');
    const other = signExportLink(key, { ...claims, query: { format: 'csv' } }).split('.')[0];
    expect(verifyExportLink(key, `${other}.${signature}`, issued)).toBeUndefined();
    expect(verifyExportLink(key, `${link}.extra`, issued)).toBeUndefined();
    expect(verifyExportLink(key, 'not a link', issued)).toBeUndefined();
  });
});
