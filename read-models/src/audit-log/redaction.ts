import type { AuditEntity } from '@hostel/contracts';

/* What the audit shows of an event, apart from any database: its secrets redacted, the entities it mentions. */

/** Fields whose values the audit never shows, in any answer or export: password hashes, mailed-link tokens. */
const SECRET = /password|token|secret/i;

/** A copy of the data with every secret field's value replaced by '[redacted]', however deep. */
export function redact(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(redact);
  if (data === null || typeof data !== 'object') return data;
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, SECRET.test(key) ? '[redacted]' : redact(value)]));
}

type Mention = { entity: AuditEntity; id: string };
const idsOf = (data: Record<string, unknown>, key: string, entity: AuditEntity): Mention[] =>
  typeof data[key] === 'string' ? [{ entity, id: data[key] as string }] : [];

/**
 * The entities an event mentions, whatever stream it is in: its own (a meal for MealEdited) and the
 * others it names (the meal and the member of a like, the member and the payment of a badge).
 */
export function mentionsOf(data: Record<string, unknown>): Mention[] {
  const mentions = [
    ...idsOf(data, 'mealId', 'meals'),
    ...idsOf(data, 'upcomingId', 'upcoming'),
    ...idsOf(data, 'requestId', 'requests'),
    ...idsOf(data, 'userId', 'users'),
    ...idsOf(data, 'paymentId', 'payments'),
  ];
  const seen = new Set<string>();
  return mentions.filter((mention) => {
    const key = `${mention.entity}:${mention.id}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}
