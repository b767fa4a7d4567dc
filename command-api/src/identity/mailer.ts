import { createTransport } from 'nodemailer';

/** One message: plain text, its link in the body. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** The mailer port: hands one message over for delivery, or rejects. */
export type SendMail = (message: MailMessage) => Promise<void>;

/**
 * SMTP through nodemailer (`SMTP_URL`, e.g. smtps://user:password@mail.example.com:465). Timeouts are short:
 * a request that asked for a link waits for the hand-over, and a stuck server must not hold it for minutes.
 */
export function smtpMailer(url: string, from: string): SendMail {
  const transport = createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return async ({ to, subject, text }) => {
    await transport.sendMail({ from, to, subject, text });
  };
}

/**
 * The embedded default, with no mail server: each message is printed to standard output, so whoever
 * started the product can follow its link. Only our own words and links are printed, never a user's
 * name, so nothing a user typed can reach the operator's terminal.
 */
export function consoleMailer(write: (text: string) => void = (text) => void process.stdout.write(text)): SendMail {
  return async ({ to, subject, text }) => {
    write(`\n──── Mail to ${to} ────\nSubject: ${subject}\n\n${text}\n──── end of mail ────\n\n`);
  };
}

/** SMTP when `SMTP_URL` is set, else the console. */
export function mailerFromConfig(config: { SMTP_URL?: string | undefined; MAIL_FROM: string }): SendMail {
  return config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : consoleMailer();
}
