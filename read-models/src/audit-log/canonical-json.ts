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
        if (INDEX_KEY.test(key) || typeof item === 'function') throw SLOW_PATH;
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
