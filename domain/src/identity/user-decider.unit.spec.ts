import { describe, expect, it } from 'vitest';
import { givenDecider } from '../testing/given';
import type { UserEvent } from './user';
import { userIdForEmail } from './user';
import type { UserCommand } from './user-decider';
import { userDecider } from './user-decider';

const userId = userIdForEmail('ann@example.com');
const registered: UserEvent = { type: 'UserRegistered', data: { userId, name: 'Ann', email: 'ann@example.com', photo: '', role: 'user' } };

const given = givenDecider(userDecider);

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 21, 12) + minutes * 60_000).toISOString();
const link = (tokenHash: string, sentMinute = 0, validMinutes = 60) => ({ tokenHash, sentAt: at(sentMinute), expiresAt: at(sentMinute + validMinutes) });
const verificationSent = (tokenHash = 'v1', sentMinute = 0): UserEvent => ({
  type: 'UserEmailVerificationSent',
  data: { userId, ...link(tokenHash, sentMinute, 24 * 60) },
});
const resetSent = (tokenHash = 'r1', sentMinute = 0): UserEvent => ({ type: 'UserPasswordResetSent', data: { userId, ...link(tokenHash, sentMinute) } });
const verifiedVia = (via: 'verification-link' | 'password-reset' | 'identity-provider'): UserEvent => ({
  type: 'UserEmailVerified',
  data: { userId, email: 'ann@example.com', via },
});
const madeAdmin: UserEvent = { type: 'UserPromotedToAdmin', data: { userId, reason: 'verified-admin-email' } };
const ADMIN_EMAILS = ['ann@example.com'];
/** Ann signing in through https://id.example as `subject`, the provider vouching for her email or not. */
const signInWithProvider = (emailVerified: boolean, subject: string, adminEmails: string[]): UserCommand => ({
  type: 'SignInWithProvider',
  userId,
  name: 'Ann',
  email: 'ann@example.com',
  photo: '',
  issuer: 'https://id.example',
  subject,
  emailVerified,
  adminEmails,
});
const linked = (subject = 's1'): UserEvent => ({ type: 'UserIdentityLinked', data: { userId, issuer: 'https://id.example', subject } });

const register = (overrides: Partial<Extract<UserCommand, { type: 'RegisterWithPassword' }>> = {}): UserCommand => ({
  type: 'RegisterWithPassword',
  userId,
  name: 'Ann',
  email: 'ann@example.com',
  photo: '',
  passwordHash: 'hash',
  verificationLink: link('v1', 0, 24 * 60),
  ...overrides,
});

describe('user decider', () => {
  it('registers a new account as a user, with its password hash in an event of its own and its verification link sent', () => {
    expect(given().when(register()).events).toEqual([registered, { type: 'UserPasswordSet', data: { userId, passwordHash: 'hash' } }, verificationSent()]);
  });

  it('refuses a second registration for the same email', () => {
    expect(given(registered).when(register()).error).toEqual({ kind: 'conflict', message: 'An account with this email already exists' });
  });

  it('links a provider identity once: first sign-in registers, the next changes nothing', () => {
    const command = signInWithProvider(false, 's1', []);
    const link = linked();
    expect(given().when(command).events).toEqual([registered, link]);
    expect(given(registered, link).when(command).events).toEqual([]);
  });

  it('updates a profile only when something changed, and never for an unknown account', () => {
    expect(given(registered).when({ type: 'UpdateProfile', userId, name: 'Ann B' }).events).toEqual([
      { type: 'UserProfileUpdated', data: { userId, name: 'Ann B', photo: '' } },
    ]);
    expect(given(registered).when({ type: 'UpdateProfile', userId, name: 'Ann' }).events).toEqual([]);
    expect(given().when({ type: 'UpdateProfile', userId, name: 'X' }).error?.kind).toBe('not_found');
  });

  it('lets only an admin promote, once, and only an existing account', () => {
    expect(given(registered).when({ type: 'PromoteToAdmin', userId, actorRole: 'admin' }).events).toEqual([
      { type: 'UserPromotedToAdmin', data: { userId, reason: 'promoted-by-admin' } },
    ]);
    expect(given(registered).when({ type: 'PromoteToAdmin', userId, actorRole: 'user' }).error?.kind).toBe('forbidden');
    expect(given(registered, { type: 'UserPromotedToAdmin', data: { userId } }).when({ type: 'PromoteToAdmin', userId, actorRole: 'admin' }).events).toEqual(
      [],
    );
    expect(given().when({ type: 'PromoteToAdmin', userId, actorRole: 'admin' }).error?.kind).toBe('not_found');
  });

  it('lets only an admin make an auditor, once, never of an admin, and only of an existing account', () => {
    expect(given(registered).when({ type: 'MakeAuditor', userId, actorRole: 'admin' }).events).toEqual([{ type: 'UserMadeAuditor', data: { userId } }]);
    expect(given(registered).when({ type: 'MakeAuditor', userId, actorRole: 'user' }).error?.kind).toBe('forbidden');
    expect(given(registered).when({ type: 'MakeAuditor', userId, actorRole: 'auditor' }).error?.kind).toBe('forbidden');
    expect(given(registered, { type: 'UserMadeAuditor', data: { userId } }).when({ type: 'MakeAuditor', userId, actorRole: 'admin' }).events).toEqual([]);
    expect(given(registered, { type: 'UserPromotedToAdmin', data: { userId } }).when({ type: 'MakeAuditor', userId, actorRole: 'admin' }).error).toEqual({
      kind: 'conflict',
      message: 'Admins read the audit trail already',
    });
    expect(given().when({ type: 'MakeAuditor', userId, actorRole: 'admin' }).error?.kind).toBe('not_found');
    // An auditor promoted to admin is an admin.
    expect(given(registered, { type: 'UserMadeAuditor', data: { userId } }).when({ type: 'PromoteToAdmin', userId, actorRole: 'admin' }).events).toHaveLength(
      1,
    );
  });

  it("grants the operator's role from the machine to an existing account, once, with the reason recorded", () => {
    const grant = (role: 'admin' | 'auditor'): UserCommand => ({ type: 'GrantRoleAsOperator', userId, role });
    const promoted: UserEvent = { type: 'UserPromotedToAdmin', data: { userId, reason: 'granted-by-operator' } };
    const audits: UserEvent = { type: 'UserMadeAuditor', data: { userId, reason: 'granted-by-operator' } };
    expect(given(registered).when(grant('admin')).events).toEqual([promoted]);
    expect(given(registered).when(grant('auditor')).events).toEqual([audits]);
    expect(given(registered, promoted).when(grant('admin')).events).toEqual([]);
    expect(given(registered, audits).when(grant('auditor')).events).toEqual([]);
    // An auditor may be made admin; an admin is not quietly made an auditor (that would take admin rights away).
    expect(given(registered, audits).when(grant('admin')).events).toEqual([promoted]);
    expect(given(registered, promoted).when(grant('auditor')).error).toEqual({ kind: 'conflict', message: 'Admins read the audit trail already' });
    expect(given().when(grant('admin')).error).toEqual({ kind: 'not_found', message: 'No account has this email: its owner must register first' });
  });

  it('derives one id per email, whatever its case', () => {
    expect(userIdForEmail(' ANN@example.com ')).toBe(userId);
    expect(userIdForEmail('bob@example.com')).not.toBe(userId);
  });

  describe('ADMIN_EMAILS: admin once the address is proven', () => {
    const verify = (tokenHash = 'v1', minute = 5, adminEmails: readonly string[] = ADMIN_EMAILS): UserCommand => ({
      type: 'VerifyEmail',
      userId,
      tokenHash,
      now: at(minute),
      adminEmails,
    });

    it('registering a listed address gives a user, not an admin', () => {
      expect(given().when(register()).events?.[0]).toMatchObject({ data: { role: 'user' } });
    });
    it('following the verification link verifies the address, and a listed one makes the account admin', () => {
      expect(given(registered, verificationSent()).when(verify()).events).toEqual([verifiedVia('verification-link'), madeAdmin]);
      expect(given(registered, verificationSent()).when(verify('v1', 5, [])).events).toEqual([verifiedVia('verification-link')]);
    });
    it('refuses a wrong token, an unknown account and an expired link with 400, appending nothing', () => {
      expect(given(registered, verificationSent()).when(verify('other')).error).toEqual({
        kind: 'validation',
        message: 'This link is not valid. Please ask for a new one.',
      });
      expect(given().when(verify()).error?.kind).toBe('validation');
      expect(given(registered, verificationSent()).when(verify('v1', 24 * 60)).error).toEqual({
        kind: 'validation',
        message: 'This link has expired. Please ask for a new one.',
      });
    });
    it('a link followed again after verification changes nothing (even once expired); any sent link works until then', () => {
      expect(given(registered, verificationSent(), verifiedVia('verification-link'), madeAdmin).when(verify('v1', 48 * 60)).events).toEqual([]);
      expect(given(registered, verificationSent('v1'), verificationSent('v2', 2)).when(verify('v1')).events).toEqual([
        verifiedVia('verification-link'),
        madeAdmin,
      ]);
    });
    it('an address listed after its owner proved it makes the account admin at the next sign-in; an unproven one never', () => {
      const apply: UserCommand = { type: 'ApplyAdminEmails', userId, adminEmails: ADMIN_EMAILS };
      expect(given(registered, verificationSent(), verifiedVia('verification-link')).when(apply).events).toEqual([madeAdmin]);
      expect(given(registered, verificationSent()).when(apply).events).toEqual([]);
      expect(given(registered, verifiedVia('verification-link'), madeAdmin).when(apply).events).toEqual([]);
    });
  });

  describe('provider sign-in', () => {
    const signIn = (emailVerified: boolean, subject = 's1') => signInWithProvider(emailVerified, subject, ADMIN_EMAILS);

    it('a provider that does not vouch for the email makes a plain user, even for a listed address', () => {
      expect(given().when(signIn(false)).events).toEqual([registered, linked()]);
    });
    it('a provider that vouches for a listed address makes an admin', () => {
      expect(given().when(signIn(true)).events).toEqual([registered, linked(), verifiedVia('identity-provider'), madeAdmin]);
      expect(given(registered, linked()).when(signIn(true)).events).toEqual([verifiedVia('identity-provider'), madeAdmin]);
    });
    it('vouching for an account someone registered with a password and never proved drops that password', () => {
      const password: UserEvent = { type: 'UserPasswordSet', data: { userId, passwordHash: 'squatter' } };
      expect(given(registered, password, verificationSent()).when(signIn(true)).events).toEqual([
        linked(),
        verifiedVia('identity-provider'),
        madeAdmin,
        { type: 'UserPasswordCleared', data: { userId } },
      ]);
    });
    it('refuses joining an existing account without the provider vouching, and any unvouched sign-in once the address is proven', () => {
      expect(given(registered).when(signIn(false)).error?.kind).toBe('conflict');
      expect(given(registered, linked(), verifiedVia('verification-link')).when(signIn(false)).error).toEqual({
        kind: 'conflict',
        message: 'Your provider has not verified this email. Please sign in with your password.',
      });
    });
  });

  describe('mailed links', () => {
    const sendVerification = (tokenHash: string, minute: number): UserCommand => ({
      type: 'SendVerificationLink',
      userId,
      link: link(tokenHash, minute, 24 * 60),
    });
    const sendReset = (tokenHash: string, minute: number): UserCommand => ({ type: 'SendPasswordResetLink', userId, link: link(tokenHash, minute) });
    const reset = (tokenHash = 'r1', minute = 10, adminEmails: readonly string[] = []): UserCommand => ({
      type: 'ResetPassword',
      userId,
      tokenHash,
      passwordHash: 'new-hash',
      now: at(minute),
      adminEmails,
    });
    const passwordReset = (tokenHash = 'r1'): UserEvent[] => [
      { type: 'UserPasswordReset', data: { userId, tokenHash } },
      { type: 'UserPasswordSet', data: { userId, passwordHash: 'new-hash' } },
    ];

    it('sends one link of a kind a minute, and no verification link to a proven address or an unknown account', () => {
      expect(given(registered, verificationSent('v1', 0)).when(sendVerification('v2', 0.5)).error?.kind).toBe('rate_limited');
      expect(given(registered, verificationSent('v1', 0)).when(sendVerification('v2', 1)).events).toEqual([verificationSent('v2', 1)]);
      expect(given(registered, verifiedVia('identity-provider')).when(sendVerification('v2', 1)).error).toEqual({
        kind: 'conflict',
        message: 'Your email is already verified.',
      });
      expect(given().when(sendReset('r1', 0)).error?.kind).toBe('not_found');
      expect(given(registered, resetSent('r1', 0)).when(sendReset('r2', 0.9)).error?.kind).toBe('rate_limited');
      expect(given(registered).when(sendReset('r1', 0)).events).toEqual([resetSent('r1', 0)]);
    });
    it('a reset link sets the new password once, and proves the address (a listed one makes an admin)', () => {
      expect(given(registered, resetSent()).when(reset()).events).toEqual([...passwordReset(), verifiedVia('password-reset')]);
      expect(given(registered, resetSent()).when(reset('r1', 10, ADMIN_EMAILS)).events).toEqual([...passwordReset(), verifiedVia('password-reset'), madeAdmin]);
      expect(given(registered, verifiedVia('verification-link'), resetSent()).when(reset()).events).toEqual(passwordReset());
    });
    it('refuses a used, a wrong, an expired link, and every other link once one was used', () => {
      expect(given(registered, resetSent(), ...passwordReset()).when(reset()).error).toEqual({
        kind: 'validation',
        message: 'This link is not valid. Please ask for a new one.',
      });
      expect(given(registered, resetSent('r1'), resetSent('r2', 2), ...passwordReset('r2')).when(reset('r1')).error?.kind).toBe('validation');
      expect(given(registered, resetSent()).when(reset('nope')).error?.kind).toBe('validation');
      expect(given(registered, resetSent()).when(reset('r1', 60)).error).toEqual({
        kind: 'validation',
        message: 'This link has expired. Please ask for a new one.',
      });
      expect(given().when(reset()).error?.kind).toBe('validation');
    });
  });

  describe('GrantBadge', () => {
    const grant = (badge: 'silver' | 'gold' | 'platinum', paymentId = 'pay-1'): UserCommand => ({ type: 'GrantBadge', userId, badge, paymentId });
    const granted = (badge: 'silver' | 'gold' | 'platinum', paymentId = 'pay-1'): UserEvent => ({
      type: 'UserBadgeGranted',
      data: { userId, badge, paymentId },
    });

    it('grants the badge a payment bought', () => {
      expect(given(registered).when(grant('gold')).events).toEqual([granted('gold')]);
    });
    it('upgrades, and never downgrades', () => {
      expect(given(registered, granted('silver')).when(grant('platinum', 'pay-2')).events).toEqual([granted('platinum', 'pay-2')]);
      expect(given(registered, granted('gold')).when(grant('silver', 'pay-2')).events).toEqual([]);
    });
    it('grants nothing twice for the same payment', () => {
      expect(given(registered, granted('gold')).when(grant('gold')).events).toEqual([]);
    });
    it('grants nothing for a payment repeated after a later upgrade (jobs run again, or out of order)', () => {
      expect(given(registered, granted('silver'), granted('platinum', 'pay-2')).when(grant('silver')).events).toEqual([]);
      expect(given(registered, granted('platinum', 'pay-2')).when(grant('gold')).events).toEqual([]);
    });
    it('refuses an account that does not exist', () => {
      expect(given().when(grant('gold')).error?.kind).toBe('not_found');
    });
  });
});
