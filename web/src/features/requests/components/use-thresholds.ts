import { useCallback, useState } from 'react';
import { readThresholds, type Thresholds } from './queue-model';

const STORAGE_KEY = 'hostel.kitchen.thresholds';

function load(): Thresholds {
  try {
    return readThresholds(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null'));
  } catch {
    return readThresholds(null);
  }
}

/** The queue's waiting thresholds, kept in this browser (a kitchen tablet keeps its own). */
export function useThresholds() {
  const [thresholds, setState] = useState(load);
  const save = useCallback((next: Thresholds) => {
    const valid = readThresholds(next);
    setState(valid);
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(valid));
    } catch {
      // Private browsing may refuse storage: the screen still uses them until it is closed.
    }
  }, []);
  return [thresholds, save] as const;
}
