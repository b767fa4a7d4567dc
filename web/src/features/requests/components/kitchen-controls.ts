import { useState } from 'react';
import { KITCHEN_THEMES, type KitchenTheme } from './kitchen-theme';
import { QUEUE_ORDERS, type QueueOrder, type Thresholds } from './queue-model';
import { useStoredChoice } from './stored-choice';
import { useThresholds } from './use-thresholds';

/**
 * How the kitchen's queue is shown, set from Serve Meals' header or the kiosk's menu: which category
 * and whether repeats are grouped (for this visit), the order and theme and the waiting thresholds
 * (kept in this browser: a kitchen tablet keeps its own).
 */
export interface KitchenChoices {
  /** '' for every category. */
  category: string;
  setCategory: (category: string) => void;
  grouped: boolean;
  setGrouped: (grouped: boolean) => void;
  order: QueueOrder;
  setOrder: (order: QueueOrder) => void;
  theme: KitchenTheme;
  setTheme: (theme: KitchenTheme) => void;
  thresholds: Thresholds;
  setThresholds: (thresholds: Thresholds) => void;
}

/** The kitchen's choices: the order, theme and thresholds as this browser kept them; every category, ungrouped, until chosen otherwise. */
export function useKitchenChoices(): KitchenChoices {
  const [category, setCategory] = useState('');
  const [grouped, setGrouped] = useState(false);
  const [order, setOrder] = useStoredChoice<QueueOrder>('hostel.kitchen.order', QUEUE_ORDERS, 'oldest');
  const [theme, setTheme] = useStoredChoice<KitchenTheme>('hostel.kitchen.theme', KITCHEN_THEMES, 'system');
  const [thresholds, setThresholds] = useThresholds();
  return { category, setCategory, grouped, setGrouped, order, setOrder, theme, setTheme, thresholds, setThresholds };
}
