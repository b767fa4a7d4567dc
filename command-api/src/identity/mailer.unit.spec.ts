import { describe, expect, it } from 'vitest';
import { consoleMailer } from './mailer';

describe('console mailer (the embedded default)', () => {
  it('prints who the mail is for, its subject and its body with the link, so a newcomer can follow it', async () => {
    const printed: string[] = [];
    await consoleMailer((text) => printed.push(text))({
      to: 'ann@example.com',
      subject: 'Verify your email',
      text: 'Open http://localhost:3000/verify-email?token=abc',
    });
    expect(printed.join('')).toContain('Mail to ann@example.com');
    expect(printed.join('')).toContain('Subject: Verify your email');
    expect(printed.join('')).toContain('http://localhost:3000/verify-email?token=abc');
  });
});
