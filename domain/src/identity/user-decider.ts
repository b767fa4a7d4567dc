import type { Role } from '@hostel/contracts';
import { type Badge, badgeRank } from '@hostel/contracts';
import type { Decider } from '../kernel/decider';
import { DomainError, conflict, forbidden, invalid, notFound } from '../kernel/errors';
import type { MailedLink, UserEvent, UserState } from './user';
import { evolveUser, initialUserState } from './user';
import { exhaustive } from '../kernel/decider';

interface NewAccount {
  userId: string;
  name: string;
  email: string;
  photo: string;
}

/** The operator's ADMIN_EMAILS (lower case): an address there makes its account admin once the owner proves it. */
type AdminEmails = readonly string[];

/** Commands on a user stream: imperative, with everything the decision needs (no clock, no I/O). */
export type UserCommand =
  | ({ type: 'RegisterWithPassword'; passwordHash: string; verificationLink: MailedLink } & NewAccount)
  | ({ type: 'SignInWithProvider'; issuer: string; subject: string; emailVerified: boolean; adminEmails: AdminEmails } & NewAccount)
  | { type: 'SendVerificationLink'; userId: string; link: MailedLink }
  | { type: 'VerifyEmail'; userId: string; tokenHash: string; now: string; adminEmails: AdminEmails }
  | { type: 'SendPasswordResetLink'; userId: string; link: MailedLink }
  | { type: 'ResetPassword'; userId: string; tokenHash: string; passwordHash: string; now: string; adminEmails: AdminEmails }
  /** At sign-in: an address added to ADMIN_EMAILS after its owner proved it. */
  | { type: 'ApplyAdminEmails'; userId: string; adminEmails: AdminEmails }
  | { type: 'UpdateProfile'; userId: string; name?: string; photo?: string }
  | { type: 'PromoteToAdmin'; userId: string; actorRole: Role }
  | { type: 'MakeAuditor'; userId: string; actorRole: Role }
  /**
   * The operator's grant from the machine (`npm run admin -- grant`), the way in before any admin
   * exists: no account's role is asked, access to the machine and its configuration is the authority.
   */
  | { type: 'GrantRoleAsOperator'; userId: string; role: 'admin' | 'auditor' }
  | { type: 'GrantBadge'; userId: string; badge: Badge; paymentId: string };

/** One mailed link of a kind per account per minute: a mailbox is not flooded by someone pressing a button. */
export const LINK_INTERVAL_MS = 60_000;
export const INVALID_LINK = 'This link is not valid. Please ask for a new one.';
export const EXPIRED_LINK = 'This link has expired. Please ask for a new one.';

/** Badges from least to most: a purchase never lowers the one a member has. */

type Existing = Extract<UserState, { exists: true }>;

function register(command: NewAccount): UserEvent {
  const { userId, name, email, photo } = command;
  // Every account starts as a user: an address in ADMIN_EMAILS counts only once its owner proves it.
  return { type: 'UserRegistered', data: { userId, name, email, photo, role: 'user' } };
}

/** The admin role an owned ADMIN_EMAILS address brings, given the account is (or has just been) verified. */
function adminForVerifiedEmail(state: Existing, adminEmails: AdminEmails): UserEvent[] {
  if (state.role === 'admin' || !adminEmails.includes(state.email.toLowerCase())) return [];
  return [{ type: 'UserPromotedToAdmin', data: { userId: state.userId, reason: 'verified-admin-email' } }];
}

/** Proving the mailbox: verified, then admin when the address is in ADMIN_EMAILS. */
function verified(state: Existing, via: 'verification-link' | 'password-reset' | 'identity-provider', adminEmails: AdminEmails): UserEvent[] {
  const proof: UserEvent[] = state.emailVerified ? [] : [{ type: 'UserEmailVerified', data: { userId: state.userId, email: state.email, via } }];
  return [...proof, ...adminForVerifiedEmail(state, adminEmails)];
}

function tooSoon(links: MailedLink[], next: MailedLink): boolean {
  const last = links.at(-1);
  return last !== undefined && Date.parse(next.sentAt) - Date.parse(last.sentAt) < LINK_INTERVAL_MS;
}

/** The link a token hash names, refused alike whether the account or the link is unknown, then if it expired. */
function liveLink(links: MailedLink[], tokenHash: string, now: string): MailedLink {
  const link = links.find((candidate) => candidate.tokenHash === tokenHash);
  if (!link) throw invalid(INVALID_LINK);
  if (Date.parse(now) >= Date.parse(link.expiresAt)) throw invalid(EXPIRED_LINK);
  return link;
}

function decide(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterWithPassword': {
      if (state.exists) throw conflict('An account with this email already exists');
      const { userId, passwordHash, verificationLink } = command;
      return [
        register(command),
        { type: 'UserPasswordSet', data: { userId, passwordHash } },
        { type: 'UserEmailVerificationSent', data: { userId, ...verificationLink } },
      ];
    }
    case 'SignInWithProvider': {
      const link: UserEvent = {
        type: 'UserIdentityLinked',
        data: { userId: command.userId, issuer: command.issuer, subject: command.subject },
      };
      const account = state.exists ? state : (evolveUser(state, register(command)) as Existing);
      const linked = state.exists && state.identities.some((identity) => identity.issuer === command.issuer && identity.subject === command.subject);
      // Joining a provider identity to an existing account needs the provider to vouch for the email.
      if (state.exists && !linked && !command.emailVerified) throw conflict('This email already has an account. Please sign in with your password.');
      // Once the owner proved the address, an identity whose provider does not vouch for it is no way in (it may be anyone's).
      if (state.exists && state.emailVerified && !command.emailVerified)
        throw conflict('Your provider has not verified this email. Please sign in with your password.');
      const proof = command.emailVerified ? verified(account, 'identity-provider', command.adminEmails) : [];
      // A password set before anyone proved the mailbox may be a squatter's: the owner, now proven, must be the only way in.
      const unproven = command.emailVerified && !account.emailVerified && account.passwordHash !== null;
      return [
        ...(state.exists ? [] : [register(command)]),
        ...(linked ? [] : [link]),
        ...proof,
        ...(unproven ? [{ type: 'UserPasswordCleared', data: { userId: account.userId } } satisfies UserEvent] : []),
      ];
    }
    case 'SendVerificationLink':
      if (!state.exists) throw notFound('User not found');
      if (state.emailVerified) throw conflict('Your email is already verified.');
      if (tooSoon(state.verificationLinks, command.link))
        throw new DomainError('rate_limited', 'A verification email was sent less than a minute ago. Please check your mailbox, or try again in a minute.');
      return [{ type: 'UserEmailVerificationSent', data: { userId: state.userId, ...command.link } }];
    case 'VerifyEmail': {
      if (!state.exists) throw invalid(INVALID_LINK);
      // A link followed again after verification only says so, even once expired.
      if (state.emailVerified && state.verificationLinks.some((link) => link.tokenHash === command.tokenHash)) {
        return adminForVerifiedEmail(state, command.adminEmails);
      }
      liveLink(state.verificationLinks, command.tokenHash, command.now);
      return verified(state, 'verification-link', command.adminEmails);
    }
    case 'SendPasswordResetLink':
      if (!state.exists) throw notFound('User not found');
      if (tooSoon(state.resetLinks, command.link)) throw new DomainError('rate_limited', 'A reset link was sent less than a minute ago.');
      return [{ type: 'UserPasswordResetSent', data: { userId: state.userId, ...command.link } }];
    case 'ResetPassword': {
      if (!state.exists) throw invalid(INVALID_LINK);
      const { tokenHash } = liveLink(state.resetLinks, command.tokenHash, command.now);
      const { userId } = state;
      // The link reached the mailbox and came back: that proves the address as well as a verification link does.
      return [
        { type: 'UserPasswordReset', data: { userId, tokenHash } },
        { type: 'UserPasswordSet', data: { userId, passwordHash: command.passwordHash } },
        ...verified(state, 'password-reset', command.adminEmails),
      ];
    }
    case 'ApplyAdminEmails':
      if (!state.exists) throw notFound('User not found');
      return state.emailVerified ? adminForVerifiedEmail(state, command.adminEmails) : [];
    case 'UpdateProfile': {
      if (!state.exists) throw notFound('User not found');
      const name = command.name ?? state.name;
      const photo = command.photo ?? state.photo;
      if (name === state.name && photo === state.photo) return [];
      return [{ type: 'UserProfileUpdated', data: { userId: state.userId, name, photo } }];
    }
    case 'PromoteToAdmin':
      if (command.actorRole !== 'admin') throw forbidden('Only admins can promote users');
      if (!state.exists) throw notFound('User not found');
      if (state.role === 'admin') return [];
      return [{ type: 'UserPromotedToAdmin', data: { userId: state.userId, reason: 'promoted-by-admin' } }];
    case 'MakeAuditor':
      if (command.actorRole !== 'admin') throw forbidden('Only admins can make auditors');
      if (!state.exists) throw notFound('User not found');
      if (state.role === 'auditor') return [];
      // An admin reads the audit trail already; making them an auditor would take their admin rights away.
      if (state.role === 'admin') throw conflict('Admins read the audit trail already');
      return [{ type: 'UserMadeAuditor', data: { userId: state.userId } }];
    case 'GrantRoleAsOperator':
      if (!state.exists) throw notFound('No account has this email: its owner must register first');
      if (state.role === command.role) return [];
      if (command.role === 'admin') return [{ type: 'UserPromotedToAdmin', data: { userId: state.userId, reason: 'granted-by-operator' } }];
      if (state.role === 'admin') throw conflict('Admins read the audit trail already');
      return [{ type: 'UserMadeAuditor', data: { userId: state.userId, reason: 'granted-by-operator' } }];
    case 'GrantBadge':
      if (!state.exists) throw notFound('User not found');
      // The same payment granted again, or a lesser plan bought while on a better one: nothing changes.
      if (badgeRank(command.badge) <= badgeRank(state.badge)) return [];
      return [{ type: 'UserBadgeGranted', data: { userId: state.userId, badge: command.badge, paymentId: command.paymentId } }];
    default:
      return exhaustive(command);
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide,
  // An account's stream grows with its profile changes and mailed links, for years.
  snapshot: { kind: 'user@1', every: 25 },
};
