/**
 * RFC 8785 canonical JSON, byte for byte what the `canonicalize` package writes (ledger.ts hashes
 * with it), about three times faster on the log's events: each object is copied with its keys in
 * order and the copy written by one JSON.stringify (V8's fast path), instead of a string built
 * value by value. The same refusals: NaN, Infinity and lone surrogates throw.
 *
 * The ledger's chain (ledger.ts) hashes with it: every event appended, rebuilt and verified passes
 * here. canonical-json.unit.spec.ts checks it agrees with `canonicalize` byte for byte.
 */
export function canonicalJson(value: unknown): string {
  try {
    return JSON.stringify(ordered(value)) as string;
  } catch (error) {
    if (error !== SLOW_PATH) throw error;
    return written(value);
  }
}

/** Thrown by the fast path where JSON.stringify would not write what `canonicalize` does. */
const SLOW_PATH = Symbol('slow path');
/** Keys that are array indexes: V8 orders them first, numerically, whatever the insertion order. */
const INDEX_KEY = /^(?:0|[1-9]\d{0,9})$/;

/** No lone surrogate (String.prototype.isWellFormed: Node 20, not yet in this TypeScript's library). */
const wellFormed = (text: string) => (text as unknown as { isWellFormed(): boolean }).isWellFormed();

function checked(value: string | number): string | number {
  if (typeof value === 'string') {
    if (!wellFormed(value)) throw new Error('Lone surrogate is not allowed');
  } else if (Number.isNaN(value)) throw new Error('NaN is not allowed');
  else if (!Number.isFinite(value)) throw new Error('Infinity is not allowed');
  return value;
}

function ordered(value: unknown): unknown {
  if (value === null) return null;
  switch (typeof value) {
    case 'string':
    case 'number':
      return checked(value);
    case 'object': {
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return ordered((value as { toJSON(): unknown }).toJSON());
      if (Array.isArray(value)) return value.map((item) => (item === undefined || typeof item === 'symbol' ? null : ordered(item)));
      const copy: Record<string, unknown> = {};
      for (const key of Object.keys(value).sort()) {
        const item = (value as Record<string, unknown>)[key];
        if (item === undefined || typeof item === 'symbol') continue;
        // Index-like keys V8 would put first; __proto__, which the copy would take for its prototype.
        if (INDEX_KEY.test(key) || key === '__proto__' || typeof item === 'function') throw SLOW_PATH;
        checked(key);
        copy[key] = ordered(item);
      }
      return copy;
    }
    case 'boolean':
      return value;
    default:
      throw SLOW_PATH;
  }
}

/** `canonicalize`'s own way, value by value: for what the fast path leaves. */
function written(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(typeof value === 'string' || typeof value === 'number' ? checked(value) : value);
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return written((value as { toJSON(): unknown }).toJSON());
  if (Array.isArray(value)) return `[${value.map((item) => written(item === undefined || typeof item === 'symbol' ? null : item)).join(',')}]`;
  const parts: string[] = [];
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined || typeof item === 'symbol') continue;
    parts.push(`${written(key)}:${written(item)}`);
  }
  return `{${parts.join(',')}}`;
}

/**
 * canonicalJson of the value a JSON text holds, written straight from the text, without building
 * the value: audit:verify hashes every event of the log this way (the store's JSON text as it is
 * held), in about two thirds of the time of parsing and copying it, and with far less garbage. Keys
 * are reordered, white space dropped, numbers written as JSON.stringify writes the value read;
 * strings are kept as written, which is what JSON.stringify writes for the log's text (PostgreSQL's
 * jsonb writes the same escapes). Answers undefined wherever the text's spelling could differ from
 * the value's (an escape JSON.stringify would not write, a key with an escape, a repeated key, a lone
 * surrogate, anything malformed): the caller then parses the text and uses canonicalJson.
 */
export function canonicalJsonOfText(json: string): string | undefined {
  // Control characters are never raw in a JSON text but as white space between values (and jsonb
  // writes only spaces there); a lone surrogate must be refused as canonicalJson refuses it.
  breaks = false;
  if (CONTROL.test(json)) {
    if (RAW_CONTROL.test(json)) return undefined;
    breaks = true;
  }
  if (!wellFormed(json)) return undefined;
  text = json;
  at = 0;
  depth = 0;
  nextBackslash = json.indexOf('\\');
  try {
    const written = value();
    space();
    return at === text.length ? written : undefined;
  } catch (error) {
    if (error === UNSURE) return undefined;
    throw error;
  } finally {
    text = '';
  }
}

/** Thrown where the text's own spelling might not be canonicalJson's. */
const UNSURE = Symbol('unsure');
/** The text being written and where in it (one text at a time: the writer is synchronous). */
let text = '';
let at = 0;
/** Where the next backslash is at or after `at` (-1: none): most strings have none, and need no scan. */
let nextBackslash = -1;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f]/;
// eslint-disable-next-line no-control-regex -- those that are not white space
const RAW_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const LINE_OR_TAB = /[\t\n\r]/;
/** Whether the text holds a tab or a line break anywhere: then each string is checked for one. */
let breaks = false;
/** The escapes JSON.stringify writes, besides \uXXXX below 0x20 (all but \b \t \n \f \r, which have short forms). */
const SHORT_ESCAPES = new Set([34, 92, 98, 102, 110, 114, 116]);
const LONG_ESCAPE = /\\u00(?:0[0-7bef]|1[0-9a-f])/y;

function space(): void {
  for (;;) {
    const code = text.charCodeAt(at);
    if (code === 32 || code === 10 || code === 13 || code === 9) at++;
    else return;
  }
}

/** Past these the parsed way is as fast or safer: sorting many keys by insertion is quadratic, and deep nesting would exhaust the stack. */
const MANY_KEYS = 64;
const DEEP = 256;
let depth = 0;

function value(): string {
  space();
  switch (text.charCodeAt(at)) {
    case 123:
      return nested(object);
    case 91:
      return nested(array);
    case 34:
      return string();
    case 116:
      return word('true');
    case 102:
      return word('false');
    case 110:
      return word('null');
    default:
      return number();
  }
}

function nested(write: () => string): string {
  if (++depth > DEEP) throw UNSURE;
  try {
    return write();
  } finally {
    depth--;
  }
}

function word(spelled: string): string {
  if (!text.startsWith(spelled, at)) throw UNSURE;
  at += spelled.length;
  return spelled;
}

/** A number as JSON.stringify writes the value JSON.parse reads from it (1.50 → 1.5, 1e3 → 1000, -0 → 0). */
function number(): string {
  NUMBER.lastIndex = at;
  if (!NUMBER.test(text)) throw UNSURE;
  const parsed = Number(text.slice(at, NUMBER.lastIndex));
  if (!Number.isFinite(parsed)) throw UNSURE;
  at = NUMBER.lastIndex;
  return String(parsed);
}

/** A string as written, quotes included. */
function string(): string {
  const start = at;
  let end = text.indexOf('"', at + 1);
  if (nextBackslash !== -1 && nextBackslash < at) nextBackslash = text.indexOf('\\', at);
  if (nextBackslash !== -1 && nextBackslash < end) {
    // Escapes: only those JSON.stringify itself writes, and the quote they may hide.
    at++;
    for (;;) {
      const code = text.charCodeAt(at);
      if (code === 34) break;
      if (code === 92) {
        const escaped = text.charCodeAt(at + 1);
        if (SHORT_ESCAPES.has(escaped)) at += 2;
        else {
          LONG_ESCAPE.lastIndex = at;
          if (!LONG_ESCAPE.test(text)) throw UNSURE;
          at += 6;
        }
      } else if (Number.isNaN(code)) throw UNSURE;
      else at++;
    }
    end = at;
    nextBackslash = text.indexOf('\\', end);
  }
  if (end === -1) throw UNSURE;
  at = end + 1;
  const written = text.slice(start, at);
  if (breaks && LINE_OR_TAB.test(written)) throw UNSURE;
  return written;
}

/** Steps into an array or object; true when it closes at once (`close`: its closing character). */
function emptyUntil(close: number): boolean {
  at++;
  space();
  if (text.charCodeAt(at) !== close) return false;
  at++;
  return true;
}

function array(): string {
  if (emptyUntil(93)) return '[]';
  let written = '[';
  for (;;) {
    written += value();
    space();
    const code = text.charCodeAt(at++);
    if (code === 93) return `${written}]`;
    if (code !== 44) throw UNSURE;
    written += ',';
  }
}

function object(): string {
  if (emptyUntil(125)) return '{}';
  const keys: string[] = [];
  const members: string[] = [];
  for (;;) {
    space();
    if (text.charCodeAt(at) !== 34) throw UNSURE;
    const key = string();
    // Sorted by the key's characters: one with an escape goes the parsed way.
    if (key.includes('\\')) throw UNSURE;
    space();
    if (text.charCodeAt(at++) !== 58) throw UNSURE;
    const member = `${key}:${value()}`;
    // Insertion into the sorted members: objects have a handful of keys.
    if (keys.length === MANY_KEYS) throw UNSURE;
    const name = key.slice(1, -1);
    let index = keys.length;
    while (index > 0 && keys[index - 1]! > name) index--;
    if (index > 0 && keys[index - 1] === name) throw UNSURE;
    keys.splice(index, 0, name);
    members.splice(index, 0, member);
    space();
    const code = text.charCodeAt(at++);
    if (code === 125) return `{${members.join(',')}}`;
    if (code !== 44) throw UNSURE;
  }
}
