import { badgeName, type UserDto } from '@hostel/contracts';
import type { UserState } from '@hostel/domain';

export type ExistingUser = Extract<UserState, { exists: true }>;

/** A user's stream state as every screen reads it (identity answers, profile updates). */
export function toUserDto(user: ExistingUser): UserDto {
  return {
    _id: user.userId,
    name: user.name,
    email: user.email,
    photo: user.photo,
    badge: user.badge && badgeName(user.badge),
    role: user.role,
    emailVerified: user.emailVerified,
  };
}
