/** The longest the app waits for the page's picture: one that hangs never keeps the page from becoming the app. */
export const LARGEST_PAINT_LIMIT_MS = 3000;

/**
 * Resolves once the page as the server drew it has painted with its largest picture (the one it asks
 * for first, `fetchpriority="high"`: the home page's hero, the first meal card, a meal's picture): once
 * that picture has come (or failed) and a frame has been drawn since. Without such a picture, after the
 * next frame. At once in a tab that is not shown (it paints nothing until it is); at the latest after
 * `limitMs`.
 */
export function afterLargestPaint(limitMs = LARGEST_PAINT_LIMIT_MS): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    const limit = setTimeout(resolve, limitMs);
    // The first frame paints the picture; the second begins once the first is drawn; the task after it is past that paint.
    const painted = () =>
      requestAnimationFrame(() =>
        requestAnimationFrame(() =>
          setTimeout(() => {
            clearTimeout(limit);
            resolve();
          }),
        ),
      );
    const picture = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
    if (!picture || picture.complete) return painted();
    picture.addEventListener('load', painted, { once: true });
    picture.addEventListener('error', painted, { once: true });
  });
}
