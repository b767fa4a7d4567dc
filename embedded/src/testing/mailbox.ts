import type { MailMessage, SendMail } from '@hostel/command-api';

/**
 * The product's mail, caught: the mailer port's stand-in for a mail server. Tests take each message
 * once, in the order it was sent, waiting for it when it has not left yet (mail leaves after the answer).
 */
export function createMailbox() {
  const unread: MailMessage[] = [];
  const waiting: { match: (message: MailMessage) => boolean; resolve: (message: MailMessage) => void }[] = [];
  const all: MailMessage[] = [];

  const send: SendMail = async (message) => {
    all.push(message);
    const waiter = waiting.find((candidate) => candidate.match(message));
    if (waiter) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(message);
    } else unread.push(message);
  };

  return {
    send,
    /** Every message sent so far, read or not. */
    all,
    /** The next unread message to `to` whose link goes to `page` (e.g. '/verify-email'). */
    take(to: string, page: '/verify-email' | '/reset-password' | '/?newsletter=confirm' | '/?newsletter=unsubscribe'): Promise<MailMessage> {
      const match = (message: MailMessage) => message.to === to && pageOf(linkOf(message)) === page;
      const found = unread.find(match);
      if (found) {
        unread.splice(unread.indexOf(found), 1);
        return Promise.resolve(found);
      }
      return new Promise((resolve) => waiting.push({ match, resolve }));
    },
  };
}
export type Mailbox = ReturnType<typeof createMailbox>;

/** Where a link opens: its path, or for the newsletter's links (on any page) which of them. */
const pageOf = (url: URL) => (url.searchParams.has('newsletter') ? `/?newsletter=${url.searchParams.get('newsletter')}` : url.pathname);

/** The one link in a message's body. */
export function linkOf(message: MailMessage): URL {
  const found = /https?:\/\/\S+/.exec(message.text);
  if (!found) throw new Error(`No link in the mail "${message.subject}"`);
  return new URL(found[0]);
}

/** The token a mailed link carries. */
export const tokenOf = (message: MailMessage) => linkOf(message).searchParams.get('token') ?? '';
