import { z } from 'zod';
import { BADGE_NAMES, ROLES } from './constants';
import { text } from './text';

/** An email address as every form takes it (sign-up, sign-in, password reset, the newsletter): trimmed, checked, lower-cased. */
export const EmailAddress = text('Email', { error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Please enter a valid email address'))
  .transform((value) => value.toLowerCase());
const email = EmailAddress;

const password = z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256, 'Password is too long');

/** A photo is a URL (our own media endpoint, or a provider's avatar) or empty. */
const photo = text('Photo')
  .trim()
  .max(2048, 'Photo URL is too long')
  .refine((value) => value === '' || value.startsWith('/') || /^https?:\/\//.test(value), 'Photo must be a URL');

/** A password being chosen (registration, reset): the sign-in form takes any non-empty one. */
export const NewPassword = password.refine((value) => value.length >= 6, 'Password must be at least 6 characters');

export const RegisterBody = z.object({
  name: text('Name', { error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name is too long'),
  email,
  password: NewPassword,
  photo: photo.optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.object({ email, password });
export type LoginBody = z.infer<typeof LoginBody>;

/**
 * The token of a mailed link (`?token=` of /verify-email and /reset-password): the account's id, a dot,
 * and 32 random bytes in base64url. Anything else cannot be one of ours.
 */
export const MailedLinkToken = z
  .string({ error: 'This link is not valid. Please ask for a new one.' })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$/, 'This link is not valid. Please ask for a new one.');

/** `POST /api/auth/verify-email`: the token from the verification link. */
export const VerifyEmailBody = z.object({ token: MailedLinkToken });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

/** `POST /api/auth/forgot-password`: where to send a reset link (answered alike whether or not an account has it). */
export const ForgotPasswordBody = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/** `POST /api/auth/reset-password`: the token from the reset link and the new password. */
export const ResetPasswordBody = z.object({ token: MailedLinkToken, password: NewPassword });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/**
 * `POST /users`: the caller's own profile. Role and badge are never taken from a client. The spec's
 * client also sends email and role: their values are ignored (the token says who), but their types are
 * checked like any field the spec names, so `{"email": 12}` is a 400, not a silent 200.
 */
export const ProfileBody = z
  .object({
    name: text('Name').trim().min(1, 'Name is required').max(100, 'Name is too long').optional(),
    photo: photo.optional(),
    email: text('Email').max(254, 'Email is too long').optional(),
    role: text('Role').max(20, 'Role is too long').optional(),
  })
  .transform(({ name, photo }) => ({ ...(name !== undefined ? { name } : {}), ...(photo !== undefined ? { photo } : {}) }));
export type ProfileBody = z.infer<typeof ProfileBody>;

const roleSchema = z.enum(ROLES);
const badgeSchema = z.enum(BADGE_NAMES);

/** A user as every screen sees it (SPEC section 3). */
export const UserDto = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  photo: z.string(),
  badge: badgeSchema.nullable(),
  role: roleSchema,
  /** Whether the user proved they own the email; sent with the sign-in answers only (read models leave it out). */
  emailVerified: z.boolean().optional(),
});
export type UserDto = z.infer<typeof UserDto>;

/** Answer of register, login, refresh and the popup sign-in. */
export const AuthAnswer = z.object({
  token: z.string(),
  user: UserDto,
  position: z.string().optional(),
});
export type AuthAnswer = z.infer<typeof AuthAnswer>;

/** `POST /users`: the profile as it now stands. */
export const ProfileAnswer = z.object({ user: UserDto, position: z.string().optional() });
export type ProfileAnswer = z.infer<typeof ProfileAnswer>;

/** `GET /api/auth/config`: which sign-in ways this deployment offers. */
export const AuthConfigAnswer = z.object({ oidc: z.object({ enabled: z.boolean() }) });
export type AuthConfigAnswer = z.infer<typeof AuthConfigAnswer>;

/** `GET /api/auth/jwks`: the public keys access tokens are signed with (RFC 7517). */
export const JwksAnswer = z.object({ keys: z.array(z.looseObject({ kid: z.string().optional(), kty: z.string() })) });
export type JwksAnswer = z.infer<typeof JwksAnswer>;

/** The popup sign-in's pages (`/api/auth/oidc/*`): HTML that posts the outcome to the app's window, or a redirect to the provider. */
export const PopupPage = z.string().describe('An HTML page');

/** Claims of our access token. */
export interface AccessClaims {
  sub: string;
  email: string;
  name: string;
  role: z.infer<typeof roleSchema>;
  /** The sign-in session the token belongs to: once it ends (signed out), the token is refused. */
  sid?: string;
}
