import { z } from 'zod';

/**
 * The building blocks of every text a client sends: body fields, query parameters and path
 * parameters. PostgreSQL cannot store NUL in text or an unpaired surrogate in jsonb, and a control
 * character in a name or title is never meant: such input is refused with 400 here, once, instead of
 * failing deep in a projection or an append (it used to answer 500). Lint keeps raw z.string() and
 * z.coerce out of route files. What stays z.string(): answers and events (what we send and what is
 * stored, already checked on the way in), and passwords (hashed, never shown: any character will do).
 */

type StringParams = Parameters<typeof z.string>[0];

/** What is wrong with a text, if anything: a control character (C0 or DEL), or an unpaired surrogate. */
function problemOf(value: string, lineBreaks: boolean): 'control' | 'surrogate' | undefined {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) {
      // A textarea legitimately sends tab and line breaks.
      if (!(lineBreaks && (code === 0x09 || code === 0x0a || code === 0x0d))) return 'control';
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

function plain(schema: z.ZodString, label: string, lineBreaks: boolean) {
  return schema.superRefine((value, context) => {
    const problem = problemOf(value, lineBreaks);
    if (problem === 'control') context.addIssue({ code: 'custom', message: `${label} must not contain control characters`, input: value, continue: false });
    if (problem === 'surrogate')
      context.addIssue({ code: 'custom', message: `${label} is not valid text (it holds a broken Unicode character)`, input: value, continue: false });
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

/** `skip` and `limit` of a paged list: `limit` at most 100, `defaultLimit` when absent. */
export function paging(defaultLimit: number) {
  return {
    skip: queryInteger('skip').pipe(z.number().max(1_000_000, 'skip is too large')).default(0),
    limit: queryInteger('limit').pipe(z.number().min(1, 'limit must be at least 1').max(100, 'limit must be at most 100')).default(defaultLimit),
  };
}
