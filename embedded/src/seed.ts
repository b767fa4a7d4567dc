import { handleCommand, hashPassword, userDecider, userIdForEmail, userStream } from '@hostel/command-api';
import type { EventStore } from '@hostel/eventstore';

/** The demo accounts seeded on first start (printed by `npm start`). */
export const DEMO_ACCOUNTS = [
  { role: 'admin', name: 'Demo Admin', email: 'admin@hostel.test', password: 'admin-demo-2025' },
  { role: 'student', name: 'Demo Student', email: 'student@hostel.test', password: 'student-demo-2025' },
] as const;

/**
 * Registers the demo accounts through the same command as the register screen, once: an
 * account that exists already (a restart) is left as it is.
 */
export async function seedDemoData(store: EventStore): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const userId = userIdForEmail(account.email);
    if ((await store.readStream(userStream(userId))).length > 0) continue;
    await handleCommand(
      store,
      userStream(userId),
      userDecider,
      {
        type: 'RegisterWithPassword',
        userId,
        name: account.name,
        email: account.email,
        photo: '',
        passwordHash: await hashPassword(account.password),
        isAdminEmail: account.role === 'admin',
      },
      { actor: 'system', correlationId: crypto.randomUUID() },
    );
  }
}
