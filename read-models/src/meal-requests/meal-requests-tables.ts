import type { Badge, MealRequestStatus } from '@hostel/contracts';

/** The meal requests read model's name: its projection and checkpoint, what its routes wait for (`config.reads`), what `npm run rebuild` takes. */
export const MEAL_REQUESTS = 'meal-requests';

/** Every request not cancelled, with who asked and for what, as they were when it was made. */
export interface MealRequestsTable {
  id: string;
  user_id: string;
  user_email: string;
  user_name: string;
  user_badge: Badge | null;
  meal_id: string;
  meal_title: string;
  distributor_name: string;
  status: MealRequestStatus;
  request_time: Date;
  approved_at: Date | null;
  served_at: Date | null;
  /** When an admin last moved it on (Approve or Serve); null when Pending or just recalled. */
  advanced_at: Date | null;
}

/**
 * Every request ever made, cancelled ones too, by when: the kitchen's tickets are numbered by their
 * place among the day's requests, and a cancellation must not renumber the others.
 */
export interface MealRequestTicketsTable {
  id: string;
  request_time: Date;
}

export interface MealRequestsTables {
  meal_requests: MealRequestsTable;
  meal_request_tickets: MealRequestTicketsTable;
}
