import type { CommandContext } from './decider';
import { DomainError } from './errors';

/** How a command ended: it appended events, it changed nothing, or it was refused (a DomainError's kind) or failed. */
export type CommandOutcome = 'changed' | 'unchanged' | DomainError['kind'] | 'error';

export interface HandledCommand {
  /** The command's `type` (`LikeMeal`, `GrantBadge`…). */
  command: string;
  stream: string;
  outcome: CommandOutcome;
  seconds: number;
  context: CommandContext;
}

export type CommandObserver = (handled: HandledCommand) => void;

const observers = new Set<CommandObserver>();

/**
 * Tells `observer` about every command `handleCommand` decides in this process (metrics, logs), so
 * the kernel stays free of them. Answers the function that stops telling it.
 */
export function observeCommands(observer: CommandObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

export function reportCommand(
  command: unknown,
  stream: string,
  context: CommandContext,
  started: number,
  result: { changed: boolean } | { error: unknown },
): void {
  if (observers.size === 0) return;
  const type =
    typeof command === 'object' && command !== null && typeof (command as { type?: unknown }).type === 'string'
      ? (command as { type: string }).type
      : 'unknown';
  const outcome: CommandOutcome =
    'error' in result ? (result.error instanceof DomainError ? result.error.kind : 'error') : result.changed ? 'changed' : 'unchanged';
  const handled: HandledCommand = { command: type, stream, outcome, seconds: (performance.now() - started) / 1000, context };
  // An observer's own failure must never turn a decided command into an error.
  for (const observer of observers) {
    try {
      observer(handled);
    } catch {
      // ignored on purpose
    }
  }
}
