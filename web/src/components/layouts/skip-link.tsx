import type { MouseEvent } from 'react';

/** The id of every layout's <main>, which the skip link moves to. */
export const MAIN_ID = 'main';

/**
 * The page's first stop for the keyboard (WCAG 2.4.1): hidden until focused, it moves focus past the
 * header and its navigation to the page's <main> (which takes focus: tabIndex -1). Before the app has
 * hydrated, the plain fragment link does the same.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={skip}
      className="sr-only rounded-md bg-white px-4 py-2 font-semibold text-orange-900 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[80] focus:outline-2 focus:outline-offset-2 focus:outline-orange-700"
    >
      Skip to content
    </a>
  );
}
