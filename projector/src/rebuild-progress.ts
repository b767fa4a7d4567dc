/**
 * The rebuild's progress figures: events per second over the last few seconds (not since the start,
 * so a slow start or a burst of appends does not skew it for long) and the time left at that rate.
 */
export function createRateMeter(windowMs = 5000, now: () => number = () => performance.now()) {
  const samples: { at: number; read: number }[] = [];
  return {
    /** Records that `read` events have been read by now; answers events/s over the window (undefined until two samples). */
    sample(read: number): number | undefined {
      const at = now();
      samples.push({ at, read });
      while (samples.length > 2 && at - samples[1]!.at >= windowMs) samples.shift();
      const first = samples[0]!;
      return at > first.at ? ((read - first.read) * 1000) / (at - first.at) : undefined;
    },
  };
}

/** `1,234,567` */
export const formatCount = (count: number) => Math.round(count).toLocaleString('en-US');

/** Seconds left as `42s`, `3m 05s` or `1h 02m`; `…` while unknown. */
export function formatEta(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '…';
  const whole = Math.ceil(seconds);
  if (whole < 60) return `${whole}s`;
  if (whole < 3600) return `${Math.floor(whole / 60)}m ${String(whole % 60).padStart(2, '0')}s`;
  return `${Math.floor(whole / 3600)}h ${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')}m`;
}

/** The figures the bar shows after `read` of `total` events at `rate` events/s. */
export function progressFigures(read: number, total: number, rate: number | undefined): { speed: string; remaining: string } {
  return {
    speed: rate === undefined ? '…' : formatCount(rate),
    remaining: formatEta(rate ? Math.max(total - read, 0) / rate : undefined),
  };
}
