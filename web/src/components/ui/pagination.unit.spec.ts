import { describe, expect, it } from 'vitest';
import { visiblePages } from './pagination';

describe('visiblePages', () => {
  it('offers every page of a short list', () => {
    expect(visiblePages(0, 4)).toEqual([0, 1, 2, 3]);
  });
  it('offers the ends and the neighbourhood of the current page of a long one, with gaps', () => {
    expect(visiblePages(50, 1000)).toEqual([0, null, 48, 49, 50, 51, 52, null, 999]);
    expect(visiblePages(0, 1000)).toEqual([0, 1, 2, null, 999]);
    expect(visiblePages(998, 1000)).toEqual([0, null, 996, 997, 998, 999]);
  });
});
