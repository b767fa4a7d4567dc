import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterLargestPaint, LARGEST_PAINT_LIMIT_MS } from './after-largest-paint';

/** The server's page as drawn: its largest picture asked for first, still on its way. */
function drawPicture(): HTMLImageElement {
  document.body.innerHTML =
    '<div id="root"><img src="/hero/breakfast.svg" alt="" fetchpriority="high"><img src="/hero/lunch.svg" alt="" fetchpriority="low"></div>';
  const picture = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]')!;
  Object.defineProperty(picture, 'complete', { value: false, configurable: true });
  return picture;
}

/** Whether the promise has settled, after the timers and frames due in `ms` have run. */
async function settledWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

/** The page's first paint, shown already (`true`) or not yet; and a way to report it as the browser does. */
function firstPaint(shown: boolean) {
  let reported = shown;
  const observers: ((list: { getEntriesByName(name: string): unknown[] }) => void)[] = [];
  vi.spyOn(performance, 'getEntriesByName').mockImplementation(
    (name: string) => (reported && name === 'first-contentful-paint' ? [{ name }] : []) as PerformanceEntryList,
  );
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
      constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {}
      observe() {
        observers.push(this.callback);
      }
      disconnect() {
        observers.splice(observers.indexOf(this.callback), 1);
      }
    },
  );
  return {
    show() {
      reported = true;
      for (const observer of [...observers]) observer({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{ name }] : []) });
    },
  };
}

describe('afterLargestPaint: when the app may start on a page the server drew', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    firstPaint(true);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('given the picture still coming, then it waits for it, and resolves once a frame has been drawn after it came', async () => {
    const picture = drawPicture();
    const waiting = afterLargestPaint();
    expect(await settledWithin(waiting, 1000)).toBe(false);
    picture.dispatchEvent(new Event('load'));
    expect(await settledWithin(waiting, 100)).toBe(true);
  });

  it('given the picture failing, then it resolves after the next frames too', async () => {
    const picture = drawPicture();
    const waiting = afterLargestPaint();
    picture.dispatchEvent(new Event('error'));
    expect(await settledWithin(waiting, 100)).toBe(true);
  });

  it('given the picture come but the first paint not yet shown (the browser holds the first frame back), then it waits for that paint', async () => {
    const picture = drawPicture();
    const paint = firstPaint(false);
    const waiting = afterLargestPaint();
    picture.dispatchEvent(new Event('load'));
    expect(await settledWithin(waiting, 1000)).toBe(false);
    paint.show();
    expect(await settledWithin(waiting, 100)).toBe(true);
  });

  it('given a picture that never comes, then it resolves at the limit, not before', async () => {
    drawPicture();
    const waiting = afterLargestPaint();
    expect(await settledWithin(waiting, LARGEST_PAINT_LIMIT_MS - 1)).toBe(false);
    expect(await settledWithin(waiting, 1)).toBe(true);
  });

  it('given no picture asked for first, or one already there, then it resolves after the next frames', async () => {
    document.body.innerHTML = '<div id="root"><h1>All meals</h1></div>';
    expect(await settledWithin(afterLargestPaint(), 100)).toBe(true);
    const picture = drawPicture();
    Object.defineProperty(picture, 'complete', { value: true });
    expect(await settledWithin(afterLargestPaint(), 100)).toBe(true);
  });

  it('given a tab that is not shown (nothing paints), then it resolves at once', async () => {
    drawPicture();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    expect(await settledWithin(afterLargestPaint(), 0)).toBe(true);
  });
});
