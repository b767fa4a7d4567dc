import type { AddressInfo } from 'node:net';
import type { SMTPServer } from 'smtp-server';
import { type ReceivedMail, smtpSink } from '@hostel/platform/testing/smtp-sink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from './mailer';

/** A real SMTP server on this machine (the tests' smtpSink) receives what the nodemailer adapter sends. */
const received: ReceivedMail[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = smtpSink((mail) => received.push(mail));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('SMTP mailer (SMTP_URL)', () => {
  it('hands the message to the SMTP server: envelope, From, To, Subject and the link in the body', async () => {
    const send = smtpMailer(`smtp://127.0.0.1:${port}`, 'Hostel Meals <no-reply@hostel.test>');
    await send({ to: 'ann@example.com', subject: 'Reset your Hostel Meals password', text: 'Open http://localhost:3000/reset-password?token=abc' });
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail).toMatchObject({ from: 'no-reply@hostel.test', to: ['ann@example.com'] });
    expect(mail?.raw).toContain('Subject: Reset your Hostel Meals password');
    expect(mail?.raw).toContain('To: ann@example.com');
    expect(mail?.raw).toContain('http://localhost:3000/reset-password?token=abc');
  });

  it('rejects when no server answers, so the caller can say the mail did not leave', async () => {
    const closed = smtpSink();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(smtpMailer(`smtp://127.0.0.1:${deadPort}`, 'x@hostel.test')({ to: 'ann@example.com', subject: 's', text: 't' })).rejects.toThrow();
  });
});
