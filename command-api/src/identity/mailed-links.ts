import { createHash, randomBytes } from 'node:crypto';
import type { MailMessage } from './mailer';
import type { MailedLink } from '@hostel/domain';

const PRODUCT_NAME = 'Hostel Meals';

export const VERIFICATION_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

const digest = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/**
 * A new single-use link's token, `<userId>.<secret>`: the id says which stream to decide on, the
 * secret (32 random bytes) proves the mail was read. Only the secret's hash goes into the event.
 */
export function newMailedLink(userId: string, ttlMs: number, now: Date): { token: string; link: MailedLink } {
  const secret = randomBytes(32).toString('base64url');
  return {
    token: `${userId}.${secret}`,
    link: { tokenHash: digest(secret), sentAt: now.toISOString(), expiresAt: new Date(now.getTime() + ttlMs).toISOString() },
  };
}

/** The account and the hash a token (already checked by MailedLinkToken) stands for. */
export function openMailedLink(token: string): { userId: string; tokenHash: string } {
  const [userId = '', secret = ''] = token.split('.');
  return { userId, tokenHash: digest(secret) };
}

const hours = (ms: number) => {
  const count = Math.round(ms / 3_600_000);
  return `${count} hour${count === 1 ? '' : 's'}`;
};

// Only our own words and the link: nothing a user typed (a name) goes into a mail or the console.
export function verificationMail(to: string, webOrigin: string, token: string): MailMessage {
  const link = `${webOrigin}/verify-email?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: `Verify your email for ${PRODUCT_NAME}`,
    text: [
      `Welcome to ${PRODUCT_NAME}.`,
      '',
      `To confirm that this address is yours, open this link within ${hours(VERIFICATION_LINK_TTL_MS)}:`,
      link,
      '',
      'If you did not create an account, ignore this email: nothing happens without the link.',
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, webOrigin: string, token: string): MailMessage {
  const link = `${webOrigin}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: [
      `Someone asked to reset the password of the ${PRODUCT_NAME} account for this address.`,
      '',
      `To choose a new password, open this link within ${hours(RESET_LINK_TTL_MS)}. It works once:`,
      link,
      '',
      'If you did not ask, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}
