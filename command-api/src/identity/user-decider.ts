import { BADGES, type Badge } from '@hostel/contracts';
import type { Decider } from '../command-handler';
import { conflict, forbidden, notFound } from '@hostel/platform/http';
import type { UserEvent, UserState } from './user';
import { evolveUser, initialUserState } from './user';

interface NewAccount {
  userId: string;
  name: string;
  email: string;
  photo: string;
  /** Whether the email is one of ADMIN_EMAILS: such accounts start as admins. */
  isAdminEmail: boolean;
}

/** Commands on a user stream: imperative, with everything the decision needs (no clock, no I/O). */
export type UserCommand =
  | ({ type: 'RegisterWithPassword'; passwordHash: string } & NewAccount)
  | ({ type: 'SignInWithProvider'; issuer: string; subject: string } & NewAccount)
  | { type: 'UpdateProfile'; userId: string; name?: string; photo?: string }
  | { type: 'PromoteToAdmin'; userId: string; actorRole: 'user' | 'admin' }
  | { type: 'GrantBadge'; userId: string; badge: Badge; paymentId: string };

/** Badges from least to most: a purchase never lowers the one a member has. */
const badgeRank = (badge: Badge | null) => (badge === null ? -1 : BADGES.indexOf(badge));

function register(command: NewAccount): UserEvent[] {
  const { userId, name, email, photo, isAdminEmail } = command;
  return [{ type: 'UserRegistered', data: { userId, name, email, photo, role: isAdminEmail ? 'admin' : 'user' } }];
}

function decide(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterWithPassword':
      if (state.exists) throw conflict('An account with this email already exists');
      return [...register(command), { type: 'UserPasswordSet', data: { userId: command.userId, passwordHash: command.passwordHash } }];
    case 'SignInWithProvider': {
      const link: UserEvent = {
        type: 'UserIdentityLinked',
        data: { userId: command.userId, issuer: command.issuer, subject: command.subject },
      };
      if (!state.exists) return [...register(command), link];
      const linked = state.identities.some((identity) => identity.issuer === command.issuer && identity.subject === command.subject);
      return linked ? [] : [link];
    }
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
      return [{ type: 'UserPromotedToAdmin', data: { userId: state.userId } }];
    case 'GrantBadge':
      if (!state.exists) throw notFound('User not found');
      // The same payment granted again, or a lesser plan bought while on a better one: nothing changes.
      if (badgeRank(command.badge) <= badgeRank(state.badge)) return [];
      return [{ type: 'UserBadgeGranted', data: { userId: state.userId, badge: command.badge, paymentId: command.paymentId } }];
    default: {
      const unhandled: never = command;
      return unhandled;
    }
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide,
};
