import { z } from 'zod';

/**
 * The building blocks of every text a client sends: body fields, query parameters and path
 * parameters. PostgreSQL cannot store NUL in text or an unpaired surrogate in jsonb, and a control
 * character in a name or title is never meant: such input is refused with 400 here, once, instead of
 * failing deep in a projection or an append (it used to answer 500). So are the characters that make
 * text display otherwise than it reads: C1 controls (a terminal takes U+009B for an escape) and the
 * bidirectional overrides and isolates (U+202E makes 'Admin' of 'nimdA'). Lint keeps raw z.string() and
 * z.coerce out of route files. What stays z.string(): answers and events (what we send and what is
 * stored, already checked on the way in), and passwords (hashed, never shown: any character will do).
 */

type StringParams = Parameters<typeof z.string>[0];

/**
 * What is wrong with a text, if anything: a control character (C0, DEL or C1), a bidirectional
 * override or isolate (U+202A–U+202E, U+2066–U+2069), or an unpaired surrogate. The marks U+200E
 * and U+200F stay: they only place neutral characters in right-to-left text, reordering nothing.
 */
function problemOf(value: string, lineBreaks: boolean): 'control' | 'direction' | 'surrogate' | undefined {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) {
      // A textarea legitimately sends tab and line breaks.
      if (!(lineBreaks && (code === 0x09 || code === 0x0a || code === 0x0d))) return 'control';
    } else if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) {
      return 'direction';
    } else if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return 'surrogate';
      index++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return 'surrogate';
    }
  }
  return undefined;
}

const MESSAGES = {
  control: 'must not contain control characters',
  direction: 'must not contain invisible text-direction characters',
  surrogate: 'is not valid text (it holds a broken Unicode character)',
} as const;

function plain(schema: z.ZodString, label: string, lineBreaks: boolean) {
  return schema.superRefine((value, context) => {
    const problem = problemOf(value, lineBreaks);
    if (problem) context.addIssue({ code: 'custom', message: `${label} ${MESSAGES[problem]}`, input: value, continue: false });
  });
}

/**
 * A one-line text field (a name, a title, an email, a query parameter): no control character at
 * all, no unpaired surrogate. `label` names the field in the messages; `params` are z.string()'s
 * (say, the 'required' message). Chain `.trim()`, `.min()`, `.max()` as on any string.
 */
export function text(label = 'Text', params?: StringParams) {
  return plain(z.string(params), label, false);
}

/** A multi-line text (a description, a review): like {@link text}, but tab and line breaks are kept. */
export function longText(label = 'Text', params?: StringParams) {
  return plain(z.string(params), label, true);
}

/**
 * A query parameter holding a number. Query strings are text by nature, so the digits are parsed
 * here, strictly: `12`, `0.5`; never '', ' ', `0x10`, `1e3` or `Infinity` (z.coerce took them all).
 */
export function queryNumber(label: string) {
  return z
    .string({ error: `${label} must be a number` })
    .regex(/^\d{1,15}(\.\d{1,15})?$/, `${label} must be a number`)
    .transform(Number);
}

/** A query parameter holding a whole number, parsed as strictly as {@link queryNumber}. */
export function queryInteger(label: string) {
  return z
    .string({ error: `${label} must be a whole number` })
    .regex(/^\d{1,15}$/, `${label} must be a whole number`)
    .transform(Number);
}

const paging = {
  skip: queryInteger('skip').pipe(z.number().max(1_000_000, 'skip is too large')).optional(),
  limit: queryInteger('limit').pipe(z.number().min(1, 'limit must be at least 1').max(100, 'limit must be at most 100')).optional(),
};

/** The most a list answers in one piece when no page is asked for. */
export const UNPAGED_LIMIT = 1000;

/**
 * The query of a list of SPEC section 7: `shape`'s filters, and `skip` and `limit` (at most 100). Given
 * either, a page (`limit` defaulting to `pageSize`); given neither, the whole list (up to
 * {@link UNPAGED_LIMIT}; `X-Total-Count` says how many there are): the spec's client reads its lists
 * in one call and pages them itself, except All Meals, which sends `skip` and `limit`.
 */
export function listQuery<Shape extends z.ZodRawShape>(shape: Shape, pageSize: number) {
  return z.object({ ...shape, ...paging }).transform((query) => {
    const { skip, limit } = query as { skip?: number; limit?: number };
    return { ...query, skip: skip ?? 0, limit: limit ?? (skip === undefined ? UNPAGED_LIMIT : pageSize) };
  });
}
