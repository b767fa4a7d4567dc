import type { Kysely } from 'kysely';
import { generateSigningJwk } from '@hostel/platform/tokens';
import type { SigningJwk } from '@hostel/platform/tokens';
import type { CommandTables } from '../migrations';

/**
 * The access-token signing key: JWT_PRIVATE_JWK when set, otherwise one generated on first
 * start and kept in the database, so every instance and every restart signs with the same key.
 */
export async function loadSigningKey(db: Kysely<CommandTables>, configured?: string): Promise<SigningJwk> {
  if (configured) {
    const jwk = JSON.parse(configured) as SigningJwk;
    if (!jwk.kid || !jwk.d) throw new Error('JWT_PRIVATE_JWK must be a private JWK with a kid');
    return jwk;
  }
  const stored = await latest(db);
  if (stored) return stored;
  const generated = await generateSigningJwk();
  await db
    .insertInto('auth_signing_keys')
    .values({ kid: generated.kid, jwk: JSON.stringify(generated) })
    .execute();
  // Two instances starting together may both insert; all of them settle on the oldest key.
  return (await latest(db)) ?? generated;
}

async function latest(db: Kysely<CommandTables>): Promise<SigningJwk | undefined> {
  const row = await db.selectFrom('auth_signing_keys').select('jwk').orderBy('created_at', 'asc').orderBy('kid').limit(1).executeTakeFirst();
  return row ? (row.jwk as SigningJwk) : undefined;
}
