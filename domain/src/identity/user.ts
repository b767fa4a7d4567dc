import type { Badge, EventOf, Role } from '@hostel/contracts';
import { streamName } from '@hostel/contracts';
import { v5 as uuidv5 } from 'uuid';
import { exhaustive } from '../kernel/decider';

/** Events of the user stream. */
export type UserEvent =
  | EventOf<'UserRegistered'>
  | EventOf<'UserPasswordSet'>
  | EventOf<'UserIdentityLinked'>
  | EventOf<'UserProfileUpdated'>
  | EventOf<'UserPromotedToAdmin'>
  | EventOf<'UserMadeAuditor'>
  | EventOf<'UserBadgeGranted'>
  | EventOf<'UserEmailVerificationSent'>
  | EventOf<'UserEmailVerified'>
  | EventOf<'UserPasswordResetSent'>
  | EventOf<'UserPasswordReset'>
  | EventOf<'UserPasswordCleared'>;

/** A mailed link as the stream remembers it: never the token, only its hash. */
export interface MailedLink {
  tokenHash: string;
  sentAt: string;
  expiresAt: string;
}

export type UserState =
  | { exists: false }
  | {
      exists: true;
      userId: string;
      name: string;
      email: string;
      photo: string;
      role: Role;
      badge: Badge | null;
      passwordHash: string | null;
      identities: { issuer: string; subject: string }[];
      /** Whether the user proved they own `email`. */
      emailVerified: boolean;
      /** Every verification link sent: one followed after verification only says so. */
      verificationLinks: MailedLink[];
      /** Reset links not used yet; using one ends them all. */
      resetLinks: MailedLink[];
    };

export const initialUserState: UserState = { exists: false };

const USER_NAMESPACE = '6f1d8e4a-3c2b-4f5e-9a7d-1b2c3d4e5f60';

/**
 * A user's id is derived from the normalised email, so "one account per email" is enforced by
 * the event store itself: registering appends to a stream that must not exist yet.
 */
export function userIdForEmail(email: string): string {
  return uuidv5(email.trim().toLowerCase(), USER_NAMESPACE);
}

export const userStream = (userId: string) => streamName('user', userId);

const linkOf = ({ tokenHash, sentAt, expiresAt }: MailedLink): MailedLink => ({ tokenHash, sentAt, expiresAt });

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        exists: true,
        userId: event.data.userId,
        name: event.data.name,
        email: event.data.email,
        photo: event.data.photo,
        role: event.data.role,
        badge: null,
        passwordHash: null,
        identities: [],
        emailVerified: false,
        verificationLinks: [],
        resetLinks: [],
      };
    case 'UserPasswordSet':
      return state.exists ? { ...state, passwordHash: event.data.passwordHash } : state;
    case 'UserIdentityLinked':
      return state.exists ? { ...state, identities: [...state.identities, { issuer: event.data.issuer, subject: event.data.subject }] } : state;
    case 'UserProfileUpdated':
      return state.exists ? { ...state, name: event.data.name, photo: event.data.photo } : state;
    case 'UserPromotedToAdmin':
      return state.exists ? { ...state, role: 'admin' } : state;
    case 'UserMadeAuditor':
      return state.exists ? { ...state, role: 'auditor' } : state;
    case 'UserBadgeGranted':
      return state.exists ? { ...state, badge: event.data.badge } : state;
    case 'UserEmailVerificationSent':
      return state.exists ? { ...state, verificationLinks: [...state.verificationLinks, linkOf(event.data)] } : state;
    case 'UserEmailVerified':
      return state.exists ? { ...state, emailVerified: true } : state;
    case 'UserPasswordResetSent':
      return state.exists ? { ...state, resetLinks: [...state.resetLinks, linkOf(event.data)] } : state;
    case 'UserPasswordReset':
      return state.exists ? { ...state, resetLinks: [] } : state;
    case 'UserPasswordCleared':
      return state.exists ? { ...state, passwordHash: null } : state;
    default:
      return exhaustive(event);
  }
}
