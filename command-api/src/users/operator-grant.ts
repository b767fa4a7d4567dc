import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { handleCommand, userDecider, userIdForEmail, userStream, DomainError } from '@hostel/domain';
import type { EventStore } from '@hostel/eventstore';

export const ADMIN_USAGE = 'Usage: npm run admin -- grant <email> [--role admin|auditor]';

export type OperatorRequest = { ok: true; email: string; role: 'admin' | 'auditor' } | { ok: false; message: string };

/** `grant <email> [--role admin|auditor]` (admin by default), or why not. */
export function parseAdminArguments(argv: readonly string[]): OperatorRequest {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: { role: { type: 'string', default: 'admin' } } });
  } catch (error) {
    return { ok: false, message: `${error instanceof Error ? error.message : String(error)}\n${ADMIN_USAGE}` };
  }
  const [verb, email, ...rest] = parsed.positionals;
  const role = parsed.values.role;
  if (verb !== 'grant' || !email || rest.length > 0) return { ok: false, message: ADMIN_USAGE };
  if (role !== 'admin' && role !== 'auditor') return { ok: false, message: `--role ${role}: must be admin or auditor\n${ADMIN_USAGE}` };
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return { ok: false, message: `${email}: not an email address\n${ADMIN_USAGE}` };
  return { ok: true, email: email.trim().toLowerCase(), role };
}

/**
 * The operator's grant from the machine: the first admin without any mail (the way in that
 * `tootctl` or `rake admin:create` are elsewhere). A command with its event like any other (actor
 * `operator`, its own correlation id), so the audit trail shows who was granted what, by whom, when.
 * Answers the line to print and whether it succeeded.
 */
export async function grantRoleAsOperator(store: EventStore, email: string, role: 'admin' | 'auditor'): Promise<{ ok: boolean; message: string }> {
  const userId = userIdForEmail(email);
  const correlationId = randomUUID();
  try {
    const result = await handleCommand(
      store,
      userStream(userId),
      userDecider,
      { type: 'GrantRoleAsOperator', userId, role },
      { actor: 'operator', correlationId },
    );
    const article = role === 'admin' ? 'an admin' : 'an auditor';
    return {
      ok: true,
      message: result.changed
        ? `${email} is now ${article} (correlation ${correlationId}); the role applies from their next sign-in.`
        : `${email} is already ${article}; nothing changed.`,
    };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, message: `${email}: ${error.message}` };
    throw error;
  }
}

/**
 * The operator's tool (`admin grant <email> [--role admin|auditor]`): the usage and exit 2 on wrong
 * arguments, before anything is opened; then the grant on the store `open` gives, its line printed,
 * exit 1 when refused; `close()` after.
 */
export async function runAdminTool(argv: readonly string[], open: () => Promise<{ store: EventStore; close(): Promise<void> }>): Promise<void> {
  const request = parseAdminArguments(argv);
  if (!request.ok) {
    console.error(request.message);
    process.exit(2);
  }
  const { store, close } = await open();
  try {
    const outcome = await grantRoleAsOperator(store, request.email, request.role);
    (outcome.ok ? console.log : console.error)(outcome.message);
    process.exitCode = outcome.ok ? 0 : 1;
  } finally {
    await close();
  }
}
