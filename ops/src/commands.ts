/** One operator's tool: how it is called (after `npm run`), what it does, and its run, loaded only when it runs. */
export interface Command {
  usage: string;
  summary: string;
  run(args: readonly string[]): Promise<void>;
}

export const COMMANDS: Record<string, Command> = {
  admin: {
    usage: 'admin grant <email> [--role admin|auditor]',
    summary: 'gives an existing account the admin (or auditor) role, as a command with its event',
    run: async (args) => (await import('./admin')).admin(args),
  },
  rebuild: {
    usage: 'rebuild [read-model…]',
    summary: 'replays the event log into fresh read models (all, or the named ones) and swaps them in',
    run: async (args) => (await import('./rebuild')).rebuild(args),
  },
  replay: {
    usage: 'replay <meal|upcoming|request|user|payment> <id> [--at <ISO time>]',
    summary: "prints an entity's own events from the event store, and its state at a moment",
    run: async (args) => (await import('./replay')).replay(args),
  },
  'audit:verify': {
    usage: 'audit:verify [--digest FILE] [--save-digest FILE]',
    summary: "recomputes the audit ledger's chain from the event store and holds it to the signed checkpoints",
    run: async (args) => (await import('./audit-verify/command')).auditVerify(args),
  },
};

export function help(): string {
  const width = Math.max(...Object.values(COMMANDS).map((command) => command.usage.length));
  return [
    'Usage: npm run <command> -- [arguments…]   (or: node --import tsx ops/src/main.ts <command> [arguments…])',
    '',
    'Commands:',
    ...Object.values(COMMANDS).map((command) => `  ${command.usage.padEnd(width)}  ${command.summary}`),
    '',
    'On DATABASE_URL (and EVENT_STORE / KURRENTDB_URL) when set, otherwise on the embedded database under DATA_DIR.',
  ].join('\n');
}
