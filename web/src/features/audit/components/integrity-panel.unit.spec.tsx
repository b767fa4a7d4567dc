import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditDigest, ErrorAnswer } from '@hostel/contracts';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { seed } from '@/testing/api/db';
import { requests, server } from '@/testing/api/server';
import { audrey } from '@/testing/audit-history';
import { renderApp } from '@/testing/render-app';

/** A digest of a log five events long, signed by read-api's own signDigest, and the public key it published (made once, written down here). */
const DIGEST = {
  position: '0/5',
  hash: '0000000000000000000000000000000000000000000000000000000000000005',
  signedAt: '2026-11-30T12:00:00.000Z',
  signature: 'PuhOBKxRU7Xf1be744scErlhh2nFFh2aEH4oAeoQCqonwkX7MW9rIkAEVtfnwXapTY-m-ofqYCq0W4osPAqgAA',
  kid: '667c411c-4500-4faf-8bcd-22b8da9996e8',
} satisfies AuditDigest;
const KEY = { crv: 'Ed25519', x: 'dxuIRrQkJw_Od62P-nQQm7KFOlkjdw8imY91Xf9hj34', kty: 'OKP', kid: DIGEST.kid, alg: 'EdDSA', use: 'sig' };

/** The read API signs the log's head and publishes its key. */
function answerDigest(keys = [KEY]) {
  server.use(
    http.get('/api/audit/digest', () => HttpResponse.json(DIGEST)),
    http.get('/api/audit/keys', () => HttpResponse.json({ keys })),
  );
}

async function openAndVerify() {
  renderApp('/dashboard/audit/integrity');
  expect(await screen.findByRole('heading', { name: 'Integrity', level: 1 })).toBeInTheDocument();
  expect(await screen.findByText(DIGEST.hash)).toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Verify now' }));
  return screen.getByRole('status');
}

describe('the integrity panel', () => {
  it('given the log, when verifying, then fetches a fresh digest, checks its Ed25519 signature against the published key and says which position it covers', async () => {
    seed({ users: [audrey], signedInAs: audrey.email });
    answerDigest();

    const outcome = await openAndVerify();

    expect(await within(outcome).findByText(/^Signature valid/)).toHaveTextContent(
      `Signature valid: the server signed this digest with its published key ${DIGEST.kid}. It covers the log up to position 0/5`,
    );
    expect(requests('GET', '/api/audit/digest')).toHaveLength(2);
    expect(requests('GET', '/api/audit/keys')).toHaveLength(1);
    expect(screen.getByText('npm run audit:verify')).toBeInTheDocument();
  });

  it('given a digest the published key did not sign, when verifying, then says the signature does not match', async () => {
    seed({ users: [audrey], signedInAs: audrey.email });
    const other = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    const jwk = await crypto.subtle.exportKey('jwk', other.publicKey);
    answerDigest([{ ...KEY, x: jwk.x! }]);

    const outcome = await openAndVerify();

    expect(await within(outcome).findByText(/^Signature does not match/)).toHaveTextContent('Do not rely on it.');
  });

  it('given a browser without Ed25519 in WebCrypto, when verifying, then says it cannot check here', async () => {
    seed({ users: [audrey], signedInAs: audrey.email });
    answerDigest();
    vi.spyOn(crypto.subtle, 'importKey').mockRejectedValue(new DOMException('Unrecognized name.', 'NotSupportedError'));

    const outcome = await openAndVerify();

    expect(await within(outcome).findByText(/^This browser cannot check Ed25519 signatures/)).toHaveTextContent('or run npm run audit:verify');
    vi.restoreAllMocks();
  });

  it('given an empty log, when opened, then says there is nothing to sign yet', async () => {
    seed({ users: [audrey], signedInAs: audrey.email });
    server.use(
      http.get('/api/audit/digest', () =>
        HttpResponse.json({ message: 'The log is empty: there is nothing to sign yet' } satisfies ErrorAnswer, { status: 404 }),
      ),
    );
    renderApp('/dashboard/audit/integrity');

    expect(await screen.findByText('The log is empty: there is nothing to sign yet.')).toBeInTheDocument();
  });
});
