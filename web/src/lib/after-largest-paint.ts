/** The longest the app waits for the page's picture: one that hangs never keeps the page from becoming the app. */
export const LARGEST_PAINT_LIMIT_MS = 3000;

/**
 * Resolves once the page's first contentful paint has been shown: at once when it has been, otherwise
 * when the browser reports it (Paint Timing). Animation frames alone do not say so: Chromium runs them
 * while it still holds the page's first frame back (in a bench:web run, two frames ran at 76 ms and
 * the first paint came at 181 ms). Where Paint Timing is missing, at once.
 */
function afterFirstContentfulPaint(): Promise<void> {
  const painted = () => performance.getEntriesByName('first-contentful-paint', 'paint').length > 0;
  if (painted() || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/**
 * Resolves once the page as the server drew it has painted with its largest picture (the one it asks
 * for first, `fetchpriority="high"`: the home page's hero, the first meal card, a meal's picture): once
 * that picture has come (or failed), the page's first paint has been shown, and a frame has been drawn
 * since. Without such a picture, once the first paint and a frame after it. At once in a tab that is
 * not shown (it paints nothing until it is); at the latest after `limitMs`.
 */
export function afterLargestPaint(limitMs = LARGEST_PAINT_LIMIT_MS): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    const limit = setTimeout(resolve, limitMs);
    // The first frame paints the picture; the second begins once the first is drawn; the task after it is past that paint.
    const nextFrames = () =>
      requestAnimationFrame(() =>
        requestAnimationFrame(() =>
          setTimeout(() => {
            clearTimeout(limit);
            resolve();
          }),
        ),
      );
    const painted = () => void afterFirstContentfulPaint().then(nextFrames);
    const picture = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
    if (!picture || picture.complete) return painted();
    picture.addEventListener('load', painted, { once: true });
    picture.addEventListener('error', painted, { once: true });
  });
}
