import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { EndedSessions } from '@hostel/platform/sessions';
import type { CommandTables } from '../migrations';

export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Refresh tokens: random, stored only as a hash, rotated on every use. Presenting a token that
 * was already rotated means it leaked: the whole family (that sign-in) is revoked. A family is a
 * session: its id is the `sid` of the access tokens it gives, and revoking it ends the session
 * (`ended`), so those access tokens stop working at once, on every instance.
 */
export function createRefreshSessions(db: Kysely<CommandTables>, ended: Pick<EndedSessions, 'end'>) {
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

  /** A new sign-in's first token (or a token of `familyId`), with its session's id. */
  async function issue(userId: string, familyId: string = crypto.randomUUID()): Promise<{ token: string; sessionId: string }> {
    return { token: await storeToken(db, userId, familyId), sessionId: familyId };
  }

  /** Answers the user, a fresh token and its session, or undefined when the token is unknown, expired or reused. */
  async function rotate(token: string): Promise<{ userId: string; token: string; sessionId: string } | undefined> {
    const outcome = await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('auth_refresh_tokens').selectAll().where('token_hash', '=', digest(token)).forUpdate().executeTakeFirst();
      if (!row || row.expires_at.getTime() <= Date.now()) return undefined;
      if (row.revoked_at) {
        await revokeFamily(trx, row.family_id);
        return { replayed: true as const, sessionId: row.family_id };
      }
      await trx.updateTable('auth_refresh_tokens').set({ revoked_at: new Date() }).where('token_hash', '=', row.token_hash).execute();
      return { replayed: false as const, userId: row.user_id, token: await storeToken(trx, row.user_id, row.family_id), sessionId: row.family_id };
    });
    if (!outcome) return undefined;
    if (outcome.replayed) {
      // A rotated token came back: whoever holds the session's tokens may be a thief; its access tokens stop too.
      await ended.end([outcome.sessionId]);
      return undefined;
    }
    return { userId: outcome.userId, token: outcome.token, sessionId: outcome.sessionId };
  }

  /** Ends the sign-in the token belongs to. */
  async function revoke(token: string): Promise<void> {
    const row = await db.selectFrom('auth_refresh_tokens').select('family_id').where('token_hash', '=', digest(token)).executeTakeFirst();
    if (!row) return;
    await revokeFamily(db, row.family_id);
    await ended.end([row.family_id]);
  }

  /** Ends every sign-in of the account: its password changed, or sessions from before its mailbox was proven may be a squatter's. */
  async function revokeAll(userId: string): Promise<void> {
    const revoked = await db
      .updateTable('auth_refresh_tokens')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .returning('family_id')
      .execute();
    await ended.end([...new Set(revoked.map((row) => row.family_id))]);
  }

  return { issue, rotate, revoke, revokeAll };
}
export type RefreshSessions = ReturnType<typeof createRefreshSessions>;
