import { type AuditDigest, AuditKeysAnswer } from '@hostel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/auth';
import { DIGEST_QUERY_KEY, getDigest } from './get-digest';

/** What the browser could tell about a digest's signature. */
export type SignatureCheck = 'valid' | 'invalid' | 'unknown-key' | 'unsupported';

/** `GET /api/audit/keys` (public): the Ed25519 keys digests are signed with, as JWKs. */
export async function getAuditKeys(api: ApiClient) {
  return AuditKeysAnswer.parse(await api.get('/api/audit/keys')).keys;
}

const fromBase64url = (text: string) => Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (char) => char.charCodeAt(0));

/**
 * The signed bytes: the RFC 8785 canonical JSON of {position, hash, signedAt}, and of a checkpoint's
 * place in the chain too (`seq`, an integer, and `previous`, {position, hash} or null) when it has one.
 * Strings and an integer, keys in code-unit order: JSON.stringify with the keys in that order writes exactly them.
 */
function signedBytes(digest: AuditDigest) {
  const { hash, position, signedAt, seq, previous } = digest;
  const body =
    seq === undefined
      ? { hash, position, signedAt }
      : { hash, position, previous: previous ? { hash: previous.hash, position: previous.position } : null, seq, signedAt };
  return new TextEncoder().encode(JSON.stringify(body));
}

/** Checks the digest's Ed25519 signature with the browser's WebCrypto. */
export async function checkSignature(digest: AuditDigest, jwk: JsonWebKey | undefined): Promise<SignatureCheck> {
  if (!jwk) return 'unknown-key';
  // No SubtleCrypto at all: an old browser, or a page served over plain http from another host.
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return 'unsupported';
  let key: CryptoKey;
  try {
    // Only the key material: browsers differ on which `alg` names they accept for Ed25519.
    key = await subtle.importKey('jwk', { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, { name: 'Ed25519' }, false, ['verify']);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotSupportedError') return 'unsupported';
    return 'unknown-key';
  }
  const signed = signedBytes(digest);
  let signature: Uint8Array<ArrayBuffer>;
  try {
    signature = fromBase64url(digest.signature);
  } catch {
    return 'invalid';
  }
  return (await subtle.verify({ name: 'Ed25519' }, key, signature, signed)) ? 'valid' : 'invalid';
}

/** A fresh digest and what its signature check found. */
export interface Verification {
  digest: AuditDigest;
  check: SignatureCheck;
}

export async function verifyDigest(api: ApiClient): Promise<Verification> {
  const [digest, keys] = await Promise.all([getDigest(api), getAuditKeys(api)]);
  return { digest, check: await checkSignature(digest, keys.find((key) => key.kid === digest.kid) as JsonWebKey | undefined) };
}

/** 'Verify now': fetches a fresh digest (the panel then shows it) and checks its signature against the published keys. */
export function useVerifyDigest() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => verifyDigest(api),
    onSuccess: ({ digest }) => queryClient.setQueryData(DIGEST_QUERY_KEY, digest),
  });
}
