import { describe, expect, it } from 'vitest';
import { createRateMeter, formatEta, progressFigures } from './rebuild-progress';

describe("the rebuild's progress figures", () => {
  it('measures events per second over the last few seconds only', () => {
    let clock = 0;
    const meter = createRateMeter(5000, () => clock);
    expect(meter.sample(0)).toBeUndefined();
    clock = 1000;
    expect(meter.sample(10_000)).toBe(10_000);
    // A slow start is forgotten once it leaves the window: 100,000 events/s from second 1 on.
    for (let second = 2; second <= 10; second++) {
      clock = second * 1000;
      meter.sample(10_000 + (second - 1) * 100_000);
    }
    clock = 11_000;
    expect(meter.sample(10_000 + 10 * 100_000)).toBe(100_000);
  });

  it('answers the time left at that rate', () => {
    expect(progressFigures(250_000, 1_000_000, 50_000)).toEqual({ speed: '50,000', remaining: '15s' });
    expect(progressFigures(0, 1_000_000, 5_000)).toEqual({ speed: '5,000', remaining: '3m 20s' });
    expect(progressFigures(0, 1_000_000, undefined)).toEqual({ speed: '…', remaining: '…' });
    expect(formatEta(3 * 3600 + 120)).toBe('3h 02m');
  });
});
