import { useState } from 'react';

/** A read as TanStack Query keeps it, on a screen that moves from key to key (pages, sorts, searches, categories). */
interface KeyedRead<T> {
  data: T | undefined;
  isPlaceholderData: boolean;
  isError: boolean;
}

/**
 * What a screen that moves from key to key has to show: the read's own data; while a new key is read,
 * the data before it (TanStack's placeholder, `keepPreviousData`); and when that read fails, still what
 * was on show, where TanStack has nothing (its placeholder lasts only while the new key is pending), so a
 * failure never takes away what someone was reading. `fromBefore`: what is shown is not the answer to
 * what was last asked for (it is being read, or its read failed).
 */
export function useKeptRead<T>(read: KeyedRead<T>): { data: T | undefined; fromBefore: boolean } {
  const [kept, setKept] = useState(read.data);
  if (read.data !== undefined && read.data !== kept) setKept(read.data);
  const data = read.data ?? (read.isError ? kept : undefined);
  return { data, fromBefore: read.isPlaceholderData || (read.data === undefined && data !== undefined) };
}
