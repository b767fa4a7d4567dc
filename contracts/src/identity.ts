import { z } from 'zod';
import { BADGES, ROLES } from './constants';

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'))
  .transform((value) => value.toLowerCase());

const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(256, 'Password is too long');

/** A photo is a URL (our own media endpoint, or a provider's avatar) or empty. */
const photo = z.string().trim().max(2048, 'Photo URL is too long').refine(
  (value) => value === '' || value.startsWith('/') || /^https?:\/\//.test(value),
  'Photo must be a URL',
);

export const RegisterBody = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name is too long'),
  email,
  password: password.refine((value) => value.length >= 6, 'Password must be at least 6 characters'),
  photo: photo.optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.object({ email, password });
export type LoginBody = z.infer<typeof LoginBody>;

/** `POST /users`: the caller's own profile. Role and badge are never taken from a client. */
export const ProfileBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long').optional(),
  photo: photo.optional(),
});
export type ProfileBody = z.infer<typeof ProfileBody>;

const roleSchema = z.enum(ROLES);
const badgeSchema = z.enum(BADGES);

/** A user as every screen sees it (SPEC section 3). */
export const UserDto = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  photo: z.string(),
  badge: badgeSchema.nullable(),
  role: roleSchema,
});
export type UserDto = z.infer<typeof UserDto>;

/** Answer of register, login, refresh and the popup sign-in. */
export const AuthAnswer = z.object({
  token: z.string(),
  user: UserDto,
  position: z.string().optional(),
});
export type AuthAnswer = z.infer<typeof AuthAnswer>;

/** Claims of our access token. */
export interface AccessClaims {
  sub: string;
  email: string;
  name: string;
  role: z.infer<typeof roleSchema>;
}
