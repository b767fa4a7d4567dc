import { join, resolve } from 'node:path';
import { AUDIT_CHECKPOINT_HEAD_FILE, AUDIT_KEY_FILE } from '@hostel/read-api';

/** Where the embedded product keeps the audit's signing key: in its data directory, beside the database, never in it. */
export const auditKeyFile = (dataDir: string) => join(resolve(process.cwd(), dataDir), AUDIT_KEY_FILE);

/** Where the embedded product keeps the newest signed checkpoint: beside the key, out of the database's reach. */
export const auditCheckpointHeadFile = (dataDir: string) => join(resolve(process.cwd(), dataDir), AUDIT_CHECKPOINT_HEAD_FILE);
