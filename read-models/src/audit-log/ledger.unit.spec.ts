import type { RecordedEvent } from '@hostel/eventstore';
import { describe, expect, it } from 'vitest';
import { chainHash, chainHashOfStored, GENESIS_HASH } from './ledger';

const recorded = (data: unknown, metadata: Record<string, unknown> = {}): RecordedEvent => ({
  eventId: 'e-1',
  type: 'MealAdded',
  data,
  metadata,
  streamId: 'meal-7',
  streamVersion: 12n,
  position: { a: 901n, b: 44n },
});

describe('the ledger chain of an event as stored', () => {
  it('is the chain of the parsed event, whatever the spelling of its JSON text', () => {
    const cases: [unknown, string][] = [
      [
        { price: 4.5, title: 'Dal "makhani" é 😀', ingredients: ['rice', 'ghee'] },
        '{"price": 4.50, "title": "Dal \\"makhani\\" é 😀", "ingredients": ["rice", "ghee"]}',
      ],
      [null, 'null'],
      [{ b: { d: 1e3, c: [] }, a: true }, '{\n  "b": {"d": 1E3, "c": []},\n  "a": true\n}'],
      [{ '\u00e9': 'escaped key' }, '{"\\u00e9": "escaped key"}'],
    ];
    let previous = GENESIS_HASH;
    for (const [data, text] of cases) {
      const metadata = { actor: 'u-1', schemaVersion: 1 };
      const expected = chainHash(previous, recorded(data, metadata));
      expect(chainHashOfStored(previous, { ...recorded(data, metadata), data: text, metadata: '{"schemaVersion": 1, "actor": "u-1"}' })).toBe(expected);
      previous = expected;
    }
  });

  it('differs when one character of the stored data does', () => {
    const stored = { ...recorded(null), data: '{"price": 4.5}', metadata: '{}' };
    expect(chainHashOfStored(GENESIS_HASH, { ...stored, data: '{"price": 4.6}' })).not.toBe(chainHashOfStored(GENESIS_HASH, stored));
  });
});
