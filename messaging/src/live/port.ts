import type { LiveEvent, LiveMessages } from '@hostel/contracts';

/**
 * The publishing side of live updates, used by the projector after each committed batch.
 * Publishing is fire-and-forget: a push is only a hint to refetch, and a client that missed one
 * refetches when it reconnects.
 */
export interface LivePublisher {
  /** Sends `event` with `payload` to every socket in `room` (names from `rooms` in @hostel/contracts). */
  publish<E extends LiveEvent>(room: string, event: E, payload: LiveMessages[E]): void;
}
