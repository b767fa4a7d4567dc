import { useEffect } from 'react';
import { useMediaQuery } from '@/lib/use-media-query';

/** The kitchen display's theme: the system's, or one chosen on the screen. */
export type KitchenTheme = 'system' | 'light' | 'dark';
export const KITCHEN_THEMES: readonly KitchenTheme[] = ['system', 'light', 'dark'];

/**
 * Marks <html> dark (when `enabled`: the kitchen display, not Serve Meals) (data-theme="dark", which the `dark:` styles follow) while the kitchen display is
 * open and dark is chosen, or the system's is and nothing else is chosen. Menus and dialogs, drawn
 * outside the screen's tree, follow too. Leaving the display takes the mark away.
 */
export function useKitchenTheme(theme: KitchenTheme, enabled: boolean): 'light' | 'dark' {
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  const resolved = theme === 'system' ? (systemDark ? 'dark' : 'light') : theme;
  useEffect(() => {
    if (!enabled) return;
    const root = document.documentElement;
    root.dataset.theme = resolved;
    return () => {
      delete root.dataset.theme;
    };
  }, [resolved, enabled]);
  return resolved;
}
