import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatUtc } from '@/lib/utc-time';
import { LocalTime } from './local-time';

const moment = '2026-11-26T22:49:47.000Z';

/** The server's HTML of `<LocalTime>` hydrated in the browser: what it shows then, and what React reported. */
async function hydrateServerText() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<LocalTime dateTime={moment} />);
  document.body.append(container);
  const drawn = container.querySelector('time');
  const recoverable: unknown[] = [];
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, <LocalTime dateTime={moment} />, { onRecoverableError: (error) => recoverable.push(error) });
  });
  const time = container.querySelector('time');
  return { time, kept: time === drawn, recoverable, unmount: () => act(() => root?.unmount()) };
}

describe('LocalTime', () => {
  const zone = process.env.TZ;
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  beforeEach(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    vi.spyOn(Date.prototype, 'toLocaleString');
    vi.spyOn(Intl, 'DateTimeFormat');
  });
  afterEach(() => {
    process.env.TZ = zone;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    vi.restoreAllMocks();
  });

  it('writes the moment in UTC the way en-US does, without Intl', () => {
    expect(formatUtc(moment)).toBe('11/26/2026, 10:49:47 PM UTC');
    expect(formatUtc('2026-01-05T00:03:09.000Z')).toBe('1/5/2026, 12:03:09 AM UTC');
    expect(formatUtc('2026-07-05T12:00:00.000Z')).toBe('7/5/2026, 12:00:00 PM UTC');
    expect(Date.prototype.toLocaleString).not.toHaveBeenCalled();
    expect(Intl.DateTimeFormat).not.toHaveBeenCalled();
  });

  it("keeps the server's text for a reader whose clock reads UTC: no mismatch, nothing drawn again, no Intl", async () => {
    process.env.TZ = 'UTC';
    const { time, kept, recoverable, unmount } = await hydrateServerText();
    expect(time).toHaveTextContent('11/26/2026, 10:49:47 PM UTC');
    expect(kept).toBe(true);
    expect(recoverable).toEqual([]);
    expect(Date.prototype.toLocaleString).not.toHaveBeenCalled();
    expect(Intl.DateTimeFormat).not.toHaveBeenCalled();
    await unmount();
  });

  it("shows another zone's reader their own time once hydrated, without a mismatch", async () => {
    process.env.TZ = 'Asia/Kolkata';
    const { time, kept, recoverable, unmount } = await hydrateServerText();
    expect(time).toHaveTextContent(new Date(moment).toLocaleString());
    expect(time).not.toHaveTextContent('UTC');
    expect(kept).toBe(true);
    expect(recoverable).toEqual([]);
    await unmount();
  });
});
