import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names; later Tailwind classes win over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its map of Tailwind's classes on its first call, tens of milliseconds on a
 * phone: called here, in a task of its own before a page hydrates, it is not a long part of one of
 * hydration's slices.
 */
export function prepareClassMerging(): void {
  twMerge('p-0 p-1');
}
