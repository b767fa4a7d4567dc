import { useEffect, useState } from 'react';

/** SPEC section 9: typed at 70 ms a character, once (one loop). */
const TYPE_MS = 70;

/** The first characters of `text`, one more every 70 ms, restarting when the text changes. */
export function useTypewriter(text: string, enabled: boolean): string {
  const [typed, setTyped] = useState({ text, length: enabled ? 0 : text.length });
  const length = typed.text === text ? typed.length : enabled ? 0 : text.length;

  useEffect(() => {
    if (!enabled || length >= text.length) return;
    const timer = setTimeout(() => setTyped({ text, length: length + 1 }), TYPE_MS);
    return () => clearTimeout(timer);
  }, [enabled, text, length]);

  return text.slice(0, enabled ? length : text.length);
}
