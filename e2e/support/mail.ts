import { type APIRequestContext, expect } from '@playwright/test';
import { MAIL_PORT } from './ports';

/** The next message the product mailed to `to` whose link opens `page`, waiting for it; with that link. */
export async function nextMail(request: APIRequestContext, to: string, page: '/reset-password' | '/verify-email') {
  const response = await request.get(`http://127.0.0.1:${MAIL_PORT}/next?${new URLSearchParams({ to, page })}`, { timeout: 30_000 });
  expect(response.status()).toBe(200);
  const mail = (await response.json()) as { to: string[]; subject: string; text: string };
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeDefined();
  return { ...mail, link: new URL(link ?? '') };
}
