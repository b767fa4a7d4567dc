import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { canonicalJson, canonicalJsonOfText } from './canonical-json';

/** A small seeded generator of JSON-ish values: every shape the log's data can take, and the odd ones. */
function values(seed: number) {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const strings = ['', 'a', 'Zebra', 'é', '😀', 'tab\t', 'line\nbreak', 'quote"', 'back\\slash', '\u0000', '\u001f', '\u2028', 'NULL', '10', '9', '01', '-1'];
  const numbers = [0, -0, 1, -1, 0.1, 1e21, 1e-7, 123456789.123, Number.MAX_SAFE_INTEGER, 2 ** 60, 5e-324, 4.35];
  const value = (depth: number): unknown => {
    const kind = Math.floor(random() * (depth > 3 ? 4 : 7));
    if (kind === 0) return pick(strings) + pick(strings);
    if (kind === 1) return pick(numbers);
    if (kind === 2) return pick([true, false, null]);
    if (kind === 3) return pick([undefined, new Date(Date.UTC(2026, 0, 1)), 'x']);
    if (kind === 4) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
    const object: Record<string, unknown> = {};
    for (let i = Math.floor(random() * 6); i > 0; i--) object[pick([...strings, 'b', 'B', 'aa', '_', '2', '100'])] = value(depth + 1);
    return object;
  };
  return Array.from({ length: 5000 }, () => value(0));
}

describe('canonical JSON', () => {
  it("writes what the canonicalize package writes, byte for byte (keys in code-unit order, index-like keys too; ES numbers; JSON's escapes)", () => {
    for (const value of values(2026)) expect(canonicalJson(value)).toBe(canonicalize(value));
    const event = {
      position: '12/34',
      stream: 'meal-1',
      version: '0',
      type: 'MealAdded',
      data: { b: 1, a: [1, 'x', { d: null, c: 2.5 }], 10: 'ten', 9: 'nine' },
      metadata: {},
    };
    expect(canonicalJson(event)).toBe(canonicalize(event));
  });

  it('refuses what canonicalize refuses', () => {
    for (const bad of [NaN, Infinity, { a: -Infinity }, ['\ud800'], { '\udc00': 1 }]) {
      expect(() => canonicalJson(bad)).toThrow();
      expect(() => canonicalize(bad)).toThrow();
    }
  });

  it('keeps a __proto__ key the text held, as canonicalize does', () => {
    const parsed: unknown = JSON.parse('{"b":{"__proto__":1},"__proto__":[2],"a":3}');
    expect(canonicalJson(parsed)).toBe(canonicalize(parsed));
  });

  describe('of a JSON text', () => {
    /** The text as PostgreSQL's jsonb writes it out: keys by length then bytes, ", " and ": " between. */
    const jsonbSpelling = (value: unknown): string => {
      if (Array.isArray(value)) return `[${value.map(jsonbSpelling).join(', ')}]`;
      if (value === null || typeof value !== 'object') return JSON.stringify(value);
      const keys = Object.keys(value).sort((a, b) => a.length - b.length || (Buffer.from(a) < Buffer.from(b) ? -1 : 1));
      return `{${keys.map((key) => `${JSON.stringify(key)}: ${jsonbSpelling((value as Record<string, unknown>)[key])}`).join(', ')}}`;
    };
    const canonicalOfParsed = (text: string) => canonicalJson(JSON.parse(text));
    const keysOf = (value: unknown): string[] =>
      value === null || typeof value !== 'object'
        ? []
        : Array.isArray(value)
          ? value.flatMap(keysOf)
          : Object.entries(value).flatMap(([key, item]) => [key, ...keysOf(item)]);

    it('writes what canonicalJson writes of the parsed text, from any spelling, unsure only of a key written with an escape', () => {
      let sure = 0;
      let texts = 0;
      for (const value of values(2027)) {
        const json = JSON.stringify(value);
        if (json === undefined) continue;
        let expected: string;
        try {
          expected = canonicalOfParsed(json);
        } catch {
          // A lone surrogate: canonicalJson refuses it, and the text's way must not answer either.
          expect(canonicalJsonOfText(json)).toBeUndefined();
          continue;
        }
        for (const text of [json, jsonbSpelling(JSON.parse(json)), JSON.stringify(JSON.parse(json), null, 2)]) {
          texts++;
          const written = canonicalJsonOfText(text);
          // Unsure only of a key written with an escape (the generator's odd keys).
          if (written !== undefined) sure++;
          else
            expect(
              keysOf(JSON.parse(text)).some((key) => JSON.stringify(key).includes('\\')),
              text,
            ).toBe(true);
          expect(written ?? expected).toBe(expected);
        }
      }
      expect(sure / texts).toBeGreaterThan(0.7);
    });

    it('writes numbers as JSON.stringify writes the value read (1.50, 1e3, -0, beyond 2^53)', () => {
      for (const number of ['1.50', '1e3', '1E+2', '-0', '0.1e1', '12345678901234567890', '-4.35', '5e-324', '1.7976931348623157e308'])
        expect(canonicalJsonOfText(`{"n": [${number}]}`)).toBe(canonicalOfParsed(`{"n": [${number}]}`));
    });

    it('sorts keys by their characters, a key that begins another first', () => {
      expect(canonicalJsonOfText('{"a!": 1, "a": 2, "10": 3, "9": 4, "B": 5, "é": 6, "😀": 7, "\\uff61": 8}')).toBeUndefined(); // an escaped key
      const text = '{"a!": 1, "a": 2, "10": 3, "9": 4, "B": 5, "é": 6, "😀": 7, "｡": 8}';
      expect(canonicalJsonOfText(text)).toBe(canonicalOfParsed(text));
      expect(canonicalJsonOfText(text)).toBe('{"10":3,"9":4,"B":5,"a":2,"a!":1,"é":6,"😀":7,"｡":8}');
    });

    it('leaves to the parsed way what it cannot be sure of, and refuses what canonicalJson refuses', () => {
      for (const text of [
        '{"a": "\\u00e9"}', // an escape JSON.stringify would not write
        '{"a": "\\/"}',
        '{"a": 1, "a": 2}', // a repeated key: the last one counts
        '{"a": 1e999}', // Infinity
        '{"a": "\\ud800"}', // a lone surrogate
        '{"a": 1',
        '{"a": 1} x',
        '',
        'nul',
        '[1,]',
        '{"a" 1}',
        '"tab\tinside"',
      ])
        expect(canonicalJsonOfText(text), text).toBeUndefined();
      // Many keys (sorting them by insertion is quadratic) and deep nesting (the stack) go the parsed way too.
      const wide = `{${Array.from({ length: 5000 }, (_, index) => `"k${5000 - index}": ${index}`).join(', ')}}`;
      expect(canonicalJsonOfText(wide)).toBeUndefined();
      expect(canonicalJsonOfText(`{${Array.from({ length: 64 }, (_, index) => `"k${index}": 1`).join(', ')}}`)).toBe(
        canonicalOfParsed(`{${Array.from({ length: 64 }, (_, index) => `"k${index}": 1`).join(', ')}}`),
      );
      expect(canonicalJsonOfText('['.repeat(100_000))).toBeUndefined();
      expect(canonicalJsonOfText(`${'['.repeat(300)}1${']'.repeat(300)}`)).toBeUndefined();
      expect(() => canonicalOfParsed('{"a": "\\ud800"}')).toThrow();
      expect(canonicalJsonOfText('{"a": 1, "a": 2}') ?? canonicalOfParsed('{"a": 1, "a": 2}')).toBe('{"a":2}');
      expect(canonicalJsonOfText('{"b": {"__proto__": 1}, "__proto__": [2]}')).toBe('{"__proto__":[2],"b":{"__proto__":1}}');
    });
  });
});
