import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CommandTables } from '../migrations';

export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Refresh tokens: random, stored only as a hash, rotated on every use. Presenting a token that
 * was already rotated means it leaked: the whole family (that sign-in) is revoked.
 */
export function createRefreshSessions(db: Kysely<CommandTables>) {
  /** Stores a fresh token of the sign-in `familyId` (valid REFRESH_TTL_MS from now); answers it. */
  async function storeToken(executor: Kysely<CommandTables>, userId: string, familyId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await executor
      .insertInto('auth_refresh_tokens')
      .values({ token_hash: digest(token), user_id: userId, family_id: familyId, expires_at: new Date(Date.now() + REFRESH_TTL_MS), revoked_at: null })
      .execute();
    return token;
  }

  /** Revokes the tokens of the sign-in `familyId` still in use. */
  async function revokeFamily(executor: Kysely<CommandTables>, familyId: string): Promise<void> {
    await executor
      .updateTable('auth_refresh_tokens')
      .set({ revoked_at: new Date() })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  function issue(userId: string, familyId: string = crypto.randomUUID()): Promise<string> {
    return storeToken(db, userId, familyId);
  }

  /** Answers the user and a fresh token, or undefined when the token is unknown, expired or reused. */
  async function rotate(token: string): Promise<{ userId: string; token: string } | undefined> {
    return db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('auth_refresh_tokens').selectAll().where('token_hash', '=', digest(token)).forUpdate().executeTakeFirst();
      if (!row || row.expires_at.getTime() <= Date.now()) return undefined;
      if (row.revoked_at) {
        await revokeFamily(trx, row.family_id);
        return undefined;
      }
      await trx.updateTable('auth_refresh_tokens').set({ revoked_at: new Date() }).where('token_hash', '=', row.token_hash).execute();
      return { userId: row.user_id, token: await storeToken(trx, row.user_id, row.family_id) };
    });
  }

  /** Ends the sign-in the token belongs to. */
  async function revoke(token: string): Promise<void> {
    const row = await db.selectFrom('auth_refresh_tokens').select('family_id').where('token_hash', '=', digest(token)).executeTakeFirst();
    if (row) await revokeFamily(db, row.family_id);
  }

  /** Ends every sign-in of the account: its password changed, or sessions from before its mailbox was proven may be a squatter's. */
  async function revokeAll(userId: string): Promise<void> {
    await db.updateTable('auth_refresh_tokens').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  }

  return { issue, rotate, revoke, revokeAll };
}
export type RefreshSessions = ReturnType<typeof createRefreshSessions>;
