import { createContext, useContext, useLayoutEffect } from 'react';
import { PRODUCT_NAME } from '@/config/paths';

/** What a page rendered on the server puts in its HTML's `<head>` (entry-server.tsx gives one per render). */
export interface ServerHead {
  title?: string;
}

export const ServerHeadContext = createContext<ServerHead | null>(null);

/**
 * The browser tab's title while this is drawn, and the page's `<title>` when the server renders it.
 * (React 19 moved a `<title>` drawn anywhere into the head; Preact, which the app runs on, draws it
 * where it stands, in the body, where the tab never reads it.) Without one the tab says the product's
 * name, as index.html does.
 */
export function DocumentTitle({ children }: { children: string }) {
  const head = useContext(ServerHeadContext);
  // The first title drawn is the page's, as the first <title> in a document is.
  if (head) head.title ??= children;
  useLayoutEffect(() => {
    document.title = children;
    return () => {
      document.title = PRODUCT_NAME;
    };
  }, [children]);
  return null;
}
