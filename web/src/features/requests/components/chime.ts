import { useCallback, useEffect, useRef, useState } from 'react';

/** Two short notes, a fifth apart: heard over a kitchen's noise, not alarming, and drawn by Web Audio (no file to download). */
const NOTES = [
  { frequency: 880, at: 0 },
  { frequency: 1318.5, at: 0.16 },
] as const;
const NOTE_SECONDS = 0.28;

function playChime(context: AudioContext) {
  const start = context.currentTime + 0.01;
  for (const note of NOTES) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = note.frequency;
    // A quick attack and a soft decay: no click at either end.
    gain.gain.setValueAtTime(0.0001, start + note.at);
    gain.gain.exponentialRampToValueAtTime(0.3, start + note.at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + note.at + NOTE_SECONDS);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + note.at);
    oscillator.stop(start + note.at + NOTE_SECONDS + 0.02);
  }
}

/**
 * The opt-in chime. Browsers refuse audio a page starts by itself until the user has used the page, so
 * the audio context is made (and resumed) only inside the click that enables sound; `play` does
 * nothing until then. `supported` is false where the browser has no Web Audio.
 */
export function useChime() {
  const context = useRef<AudioContext | null>(null);
  const [enabled, setEnabled] = useState(false);
  const supported = typeof window !== 'undefined' && 'AudioContext' in window;

  const enable = useCallback(() => {
    if (!supported) return;
    context.current ??= new AudioContext();
    void context.current.resume();
    setEnabled(true);
    // Heard at once, so the kitchen knows what to listen for (and that the speakers work).
    playChime(context.current);
  }, [supported]);
  const disable = useCallback(() => setEnabled(false), []);
  const play = useCallback(() => {
    if (enabled && context.current) playChime(context.current);
  }, [enabled]);

  useEffect(
    () => () => {
      void context.current?.close();
      context.current = null;
    },
    [],
  );

  return { supported, enabled, enable, disable, play };
}
