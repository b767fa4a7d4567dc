import { createServer } from 'node:http';
import { smtpSink } from '@hostel/platform/testing/smtp-sink';
import { MAIL_PORT, SMTP_PORT } from './ports';

/**
 * A mail server for the journeys (platform's smtpSink): the product sends its mail here over SMTP (SMTP_URL),
 * and a journey takes each message once over HTTP — `GET /next?to=<email>&page=/reset-password` answers
 * the next unread message to that address whose link opens that page, waiting for it to arrive.
 */
interface Mail {
  to: string[];
  subject: string;
  text: string;
}

const unread: Mail[] = [];
const waiting: { matches: (mail: Mail) => boolean; answer: (mail: Mail) => void }[] = [];

/** Only what our own plain-text mail needs: headers, and a quoted-printable or 7-bit body. */
function parse(raw: string, to: string[]): Mail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  let body = raw.slice(split + 4);
  if (/quoted-printable/i.test(header('Content-Transfer-Encoding'))) {
    body = Buffer.from(
      body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  } else if (/base64/i.test(header('Content-Transfer-Encoding'))) {
    body = Buffer.from(body, 'base64').toString('utf8');
  }
  return { to, subject: header('Subject'), text: body.replace(/\r\n/g, '\n') };
}

function deliver(mail: Mail) {
  const waiter = waiting.find((candidate) => candidate.matches(mail));
  if (!waiter) return void unread.push(mail);
  waiting.splice(waiting.indexOf(waiter), 1);
  waiter.answer(mail);
}

const smtp = smtpSink((mail) => deliver(parse(mail.raw, mail.to)));
smtp.listen(SMTP_PORT, '127.0.0.1');

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${MAIL_PORT}`);
  if (url.pathname === '/health') return void response.end('ok');
  if (url.pathname !== '/next') return void response.writeHead(404).end();
  const to = url.searchParams.get('to') ?? '';
  const page = url.searchParams.get('page') ?? '';
  const matches = (mail: Mail) => mail.to.includes(to) && new RegExp(`https?://[^\\s]+${page}\\?`).test(mail.text);
  const answer = (mail: Mail) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mail));
  const found = unread.find(matches);
  if (found) {
    unread.splice(unread.indexOf(found), 1);
    return answer(found);
  }
  waiting.push({ matches, answer });
});
http.listen(MAIL_PORT, '127.0.0.1', () => console.log(`Mail sink: SMTP on ${SMTP_PORT}, messages on ${MAIL_PORT}`));
