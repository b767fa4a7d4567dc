import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane).
const options = { algorithm: 2 /* Argon2id: a const enum, unreachable under verbatimModuleSyntax */, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

// Checked when the account does not exist, so both answers take the same time.
const decoy = hash('decoy-password-for-unknown-accounts', options);

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
