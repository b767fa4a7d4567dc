import { runAdminTool } from '@hostel/command-api';
import { openCliInfrastructure } from './cli-database';

/**
 * `npm run admin -- grant <email> [--role admin|auditor]`: an existing account gets the role, as a
 * command with its event (command-api/src/users/operator-grant.ts). On DATABASE_URL (and
 * EVENT_STORE/KURRENTDB_URL) like the services, or on the embedded database under DATA_DIR.
 */
export async function admin(args: readonly string[]): Promise<void> {
  await runAdminTool(args, () => openCliInfrastructure('npm run admin', 2));
}
