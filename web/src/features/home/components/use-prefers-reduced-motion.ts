import { useMediaQuery } from '@/lib/use-media-query';

/** Whether the reader asked their system for less motion (then nothing moves on its own). */
export const usePrefersReducedMotion = (): boolean => useMediaQuery('(prefers-reduced-motion: reduce)');
