import type { PositionWaiter } from '@hostel/read-models';

/**
 * A backstop only: changes are signalled by checkpoint notifications, and a dropped listening
 * connection forgets everything; this bounds staleness should a connection hang without an error.
 */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 2_000;

/**
 * Remembers answers computed from one read model until that model changes: every batch the
 * projector commits to it (a checkpoint notification) forgets them all. Only for answers that are
 * the same for everyone who asks (visitors' catalogue pages), so the busiest pages are read from
 * PostgreSQL once per change instead of once per visitor.
 *
 * An answer computed while a change landed is not kept, and a notification missed while the
 * listening connection was down is covered by forgetting everything then and by MAX_AGE_MS.
 */
export function createAnswerCache<Answer>(waiter: PositionWaiter, projection: string) {
  let generation = 0;
  const answers = new Map<string, { generation: number; at: number; answer: Answer }>();
  waiter.onCheckpoint((name) => {
    if (name !== undefined && name !== projection) return;
    generation++;
    answers.clear();
  });

  return async (key: string, compute: () => Promise<Answer>): Promise<Answer> => {
    const kept = answers.get(key);
    if (kept && kept.generation === generation && Date.now() - kept.at < MAX_AGE_MS) return kept.answer;
    const startedIn = generation;
    const at = Date.now();
    const answer = await compute();
    if (startedIn === generation) {
      // Oldest first out: a Map iterates in insertion order.
      if (answers.size >= MAX_ENTRIES) answers.delete(answers.keys().next().value!);
      answers.set(key, { generation, at, answer });
    }
    return answer;
  };
}
