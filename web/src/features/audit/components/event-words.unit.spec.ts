import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '@hostel/contracts';
import { auditEvent, boss, inLog, person, sam, userNamed } from '@/testing/audit-history';
import { eventInWords } from './event-words';

/** A mailed link to Sam's account, as the log holds it, sent on the word of `actor`. */
function mailedLink(type: 'UserEmailVerificationSent' | 'UserPasswordResetSent', actor: AuditEvent['actor']): AuditEvent {
  const link = { userId: sam._id, tokenHash: '[redacted]', sentAt: '2026-11-20T10:00:00.000Z', expiresAt: '2026-11-21T10:00:00.000Z' };
  const [event] = inLog([
    auditEvent({
      type,
      stream: `user-${sam._id}`,
      actor,
      subject: { entity: 'users', id: sam._id, version: 2 },
      names: { ...userNamed(sam), ...userNamed(boss) },
      data: link,
    }),
  ]);
  return event!;
}

describe("an account's mailed links in words", () => {
  it('says the account was sent the link when its owner is the actor, not that they sent it to themselves', () => {
    expect(eventInWords(mailedLink('UserEmailVerificationSent', person(sam)))).toBe('Sam Student was sent a link to verify their email');
    expect(eventInWords(mailedLink('UserPasswordResetSent', person(sam)))).toBe('Sam Student was sent a password reset link');
  });

  it('says who sent it to whom otherwise', () => {
    expect(eventInWords(mailedLink('UserEmailVerificationSent', 'system'))).toBe('System sent Sam Student a link to verify their email');
    expect(eventInWords(mailedLink('UserPasswordResetSent', person(boss)))).toBe('Boss sent Sam Student a password reset link');
  });
});
