import { SMTPServer } from 'smtp-server';

/** A message as it reached the sink: the envelope's sender and recipients, and the message as sent (headers and body). */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A mail server for tests (smtp-server) that takes every message, no sign-in and no STARTTLS, and hands
 * each to `onMail` once it has all arrived: what the mailer's test and the browser journeys point the
 * product's SMTP_URL at. Listening, and where, is the caller's.
 */
export function smtpSink(onMail: (mail: ReceivedMail) => void = () => {}): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        onMail({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
}
