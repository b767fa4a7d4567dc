import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';

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
});
