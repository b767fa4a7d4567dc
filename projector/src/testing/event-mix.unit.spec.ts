import { eventSchemas } from '@hostel/contracts';
import { describe, expect, it } from 'vitest';
import { CHURN_MIX, eventMix, REALISTIC_MIX, WRITTEN_BY } from './event-mix';

/** The event types a mix writes. */
function typesWritten(weights: typeof CHURN_MIX, events: number) {
  const seen = new Set<string>();
  for (const append of eventMix({ events, seed: 7, weights })) for (const event of append.events) seen.add(event.type);
  return seen;
}

describe('the replay mix', () => {
  it('writes every event type of the catalogue, so the rebuild tests replay each (WRITTEN_BY is exhaustive by type)', () => {
    const all = Object.keys(eventSchemas).sort();
    expect(Object.keys(WRITTEN_BY).sort()).toEqual(all);
    expect([...typesWritten(CHURN_MIX, 2500)].sort()).toEqual(all);
  });

  it('keeps the realistic mix deterministic for a seed', () => {
    const first = [...eventMix({ events: 500, seed: 3, weights: REALISTIC_MIX })].map((append) => append.stream);
    const again = [...eventMix({ events: 500, seed: 3, weights: REALISTIC_MIX })].map((append) => append.stream);
    expect(again).toEqual(first);
  });
});
