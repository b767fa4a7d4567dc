import { describe, expect, it } from 'vitest';
import { ApiError } from '../product-api';
import { failureBreakdown, failureReason } from './pushes';

describe('why a like failed', () => {
  it('is the status and the message the product answered', () => {
    expect(failureReason(new ApiError('PATCH', '/api/upcomingMeals/x/like', 409, 'Someone else changed this at the same time. Please try again.'))).toBe(
      '409 Someone else changed this at the same time. Please try again.',
    );
  });

  it('is the network’s error code when no answer came', () => {
    const reset = new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
    expect(failureReason(reset)).toBe('no answer: UND_ERR_SOCKET');
  });

  it('is counted by reason, most first, with when they came and how long after sending', () => {
    const failed = new Map([
      ['503 The service is unavailable right now; please try again in a few seconds.', { count: 2, firstAtS: 3, lastAtS: 4.5, afterMs: [60_000, 60_010] }],
      ['409 Someone else changed this at the same time. Please try again.', { count: 5, firstAtS: 1, lastAtS: 19.9, afterMs: [5000, 5100, 5200, 5300, 5400] }],
    ]);
    expect(failureBreakdown(failed)).toEqual([
      '5 × 409 Someone else changed this at the same time. Please try again. (1.0–19.9 s into the run, 5200 ms after sending)',
      '2 × 503 The service is unavailable right now; please try again in a few seconds. (3.0–4.5 s into the run, 60000 ms after sending)',
    ]);
  });
});
