import { z } from 'zod';
import { DASHBOARD_PAGE_SIZE } from './constants';
import { listQuery, text } from './text';

/** An email in a query or a path, matched as the read model keeps it (trimmed, lower case). */
const email = text('email').trim().toLowerCase().max(254, 'email is too long');

/** `GET /users/{email}`. */
export const UserEmailParams = z.object({ email });
/** `GET /api/users?email=`. */
export const UserEmailQuery = z.object({ email });
/** `GET /users` (admins): everyone, or one email, or a search in names and emails, a page at a time. */
export const UsersQuery = listQuery(
  {
    email: email.optional(),
    search: text('search').trim().max(100, 'search is too long').optional(),
  },
  DASHBOARD_PAGE_SIZE,
);
