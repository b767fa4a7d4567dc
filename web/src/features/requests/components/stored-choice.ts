import { useCallback, useState } from 'react';

/**
 * One of a few choices, kept in this browser under `key` (a kitchen tablet keeps its own): what was
 * stored if it is still one of `choices`, else `fallback`.
 */
export function useStoredChoice<T extends string>(key: string, choices: readonly T[], fallback: T) {
  const [choice, setState] = useState<T>(() => {
    try {
      const stored = localStorage.getItem(key);
      return choices.find((value) => value === stored) ?? fallback;
    } catch {
      return fallback;
    }
  });
  const choose = useCallback(
    (next: T) => {
      setState(next);
      try {
        localStorage.setItem(key, next);
      } catch {
        // Private browsing may refuse storage: the screen keeps the choice until it is closed.
      }
    },
    [key],
  );
  return [choice, choose] as const;
}
