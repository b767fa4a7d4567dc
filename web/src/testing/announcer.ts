import { type ArrivalWords, createAnnouncer } from '@/lib/announcer';

/** An announcer in a screen's `words`, and everything it has said so far, oldest first. */
export function listenTo(words: ArrivalWords) {
  const said: string[] = [];
  return { said, announcer: createAnnouncer((text) => said.push(text), words) };
}
