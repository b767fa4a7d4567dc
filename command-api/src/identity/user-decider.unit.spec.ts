import { describe, expect, it } from 'vitest';
import { givenDecider } from '../testing/given';
import type { UserEvent } from './user';
import { userIdForEmail } from './user';
import type { UserCommand } from './user-decider';
import { userDecider } from './user-decider';

const userId = userIdForEmail('ann@example.com');
const registered: UserEvent = { type: 'UserRegistered', data: { userId, name: 'Ann', email: 'ann@example.com', photo: '', role: 'user' } };

const given = givenDecider(userDecider);

const register = (overrides: Partial<Extract<UserCommand, { type: 'RegisterWithPassword' }>> = {}): UserCommand => ({
  type: 'RegisterWithPassword',
  userId,
  name: 'Ann',
  email: 'ann@example.com',
  photo: '',
  passwordHash: 'hash',
  isAdminEmail: false,
  ...overrides,
});

describe('user decider', () => {
  it('registers a new account as a user, with its password hash in an event of its own', () => {
    expect(given().when(register()).events).toEqual([registered, { type: 'UserPasswordSet', data: { userId, passwordHash: 'hash' } }]);
  });

  it('registers an ADMIN_EMAILS account as an admin', () => {
    expect(given().when(register({ isAdminEmail: true })).events?.[0]).toMatchObject({ data: { role: 'admin' } });
  });

  it('refuses a second registration for the same email', () => {
    expect(given(registered).when(register()).error).toEqual({ kind: 'conflict', message: 'An account with this email already exists' });
  });

  it('links a provider identity once: first sign-in registers, the next changes nothing', () => {
    const command: UserCommand = { type: 'SignInWithProvider', userId, name: 'Ann', email: 'ann@example.com', photo: '', issuer: 'https://id.example', subject: 's1', isAdminEmail: false };
    const link: UserEvent = { type: 'UserIdentityLinked', data: { userId, issuer: 'https://id.example', subject: 's1' } };
    expect(given().when(command).events).toEqual([registered, link]);
    expect(given(registered).when(command).events).toEqual([link]);
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
    expect(given(registered).when({ type: 'PromoteToAdmin', userId, actorRole: 'admin' }).events).toEqual([{ type: 'UserPromotedToAdmin', data: { userId } }]);
    expect(given(registered).when({ type: 'PromoteToAdmin', userId, actorRole: 'user' }).error?.kind).toBe('forbidden');
    expect(given(registered, { type: 'UserPromotedToAdmin', data: { userId } }).when({ type: 'PromoteToAdmin', userId, actorRole: 'admin' }).events).toEqual([]);
    expect(given().when({ type: 'PromoteToAdmin', userId, actorRole: 'admin' }).error?.kind).toBe('not_found');
  });

  it('derives one id per email, whatever its case', () => {
    expect(userIdForEmail(' ANN@example.com ')).toBe(userId);
    expect(userIdForEmail('bob@example.com')).not.toBe(userId);
  });

  describe('GrantBadge', () => {
    const grant = (badge: 'silver' | 'gold' | 'platinum', paymentId = 'pay-1'): UserCommand => ({ type: 'GrantBadge', userId, badge, paymentId });
    const granted = (badge: 'silver' | 'gold' | 'platinum', paymentId = 'pay-1'): UserEvent => ({ type: 'UserBadgeGranted', data: { userId, badge, paymentId } });

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
