/**
 * The kitchen's queue sits under its own key, not under 'mealRequests': a `changed` push invalidates
 * every 'mealRequests' query at once, and the queue screen would rather weigh each push against the
 * position its data already reflects (see useQueueFreshness). Today's waiting times do sit under
 * 'mealRequests', so every push refreshes them. A module of its own: the meal page's request
 * commands name it without loading the queue's reads and their schemas.
 */
export const SERVE_QUEUE_KEY = 'serveQueue';
