import { describe, expect, it } from 'vitest';
import { requestArrivals } from './queue-model';

/** The kitchen queue's words; when it says them (at most once a second, a burst as one) is the announcer's (lib/announcer). */
describe('the new-request announcer', () => {
  it('names a lone request, and counts a burst', () => {
    expect(requestArrivals(1, 'Chicken Biryani for Sam')).toBe('New request: Chicken Biryani for Sam');
    expect(requestArrivals(3, 'Curry for Di')).toBe('3 new requests');
  });
});
