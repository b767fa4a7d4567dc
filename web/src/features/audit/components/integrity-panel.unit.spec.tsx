import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AUDIT_KEY_ID } from '@/testing/api/audit';
import { db, seed } from '@/testing/api/db';
import { requests, server } from '@/testing/api/server';
import { audrey, mealHistory } from '@/testing/audit-history';
import { renderApp } from '@/testing/render-app';

async function openAndVerify() {
  renderApp('/dashboard/audit/integrity');
  expect(await screen.findByRole('heading', { name: 'Integrity', level: 1 })).toBeInTheDocument();
  expect(await screen.findByText(db.auditEvents.at(-1)!.hash)).toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Verify now' }));
  return screen.getByRole('status');
}

describe('the integrity panel', () => {
  it('given the log, when verifying, then fetches a fresh digest, checks its Ed25519 signature against the published key and says which position it covers', async () => {
    seed({ users: [audrey], signedInAs: audrey.email, auditEvents: mealHistory() });

    const outcome = await openAndVerify();

    expect(await within(outcome).findByText(/^Signature valid/)).toHaveTextContent(
      `Signature valid: the server signed this digest with its published key ${AUDIT_KEY_ID}. It covers the log up to position 0/5`,
    );
    expect(requests('GET', '/api/audit/digest')).toHaveLength(2);
    expect(requests('GET', '/api/audit/keys')).toHaveLength(1);
    expect(screen.getByText('npm run audit:verify')).toBeInTheDocument();
  });

  it('given a digest the published key did not sign, when verifying, then says the signature does not match', async () => {
    seed({ users: [audrey], signedInAs: audrey.email, auditEvents: mealHistory() });
    const other = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const jwk = await crypto.subtle.exportKey('jwk', other.publicKey);
    server.use(http.get('/api/audit/keys', () => HttpResponse.json({ keys: [{ kty: jwk.kty, crv: jwk.crv, x: jwk.x, kid: AUDIT_KEY_ID }] })));

    const outcome = await openAndVerify();

    expect(await within(outcome).findByText(/^Signature does not match/)).toHaveTextContent('Do not rely on it.');
  });

  it('given a browser without Ed25519 in WebCrypto, when verifying, then says it cannot check here', async () => {
    seed({ users: [audrey], signedInAs: audrey.email, auditEvents: mealHistory() });
    vi.spyOn(crypto.subtle, 'importKey').mockRejectedValue(new DOMException('Unrecognized name.', 'NotSupportedError'));

    const outcome = await openAndVerify();

    expect(await within(outcome).findByText(/^This browser cannot check Ed25519 signatures/)).toHaveTextContent('or run npm run audit:verify');
    vi.restoreAllMocks();
  });

  it('given an empty log, when opened, then says there is nothing to sign yet', async () => {
    seed({ users: [audrey], signedInAs: audrey.email });
    renderApp('/dashboard/audit/integrity');

    expect(await screen.findByText('The log is empty: there is nothing to sign yet.')).toBeInTheDocument();
  });
});
