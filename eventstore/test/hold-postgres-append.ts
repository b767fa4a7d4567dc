import type { Pool } from 'pg';
import type { HeldAppend } from '../src/contract-suite';
import type { EventToAppend, ExpectedVersion } from '../src/port';
import { writeEvents } from '../src/postgres/append';

/** Runs the adapter's own append statements in a transaction left open until commit() or rollback(). */
export async function holdPostgresAppend(
  pool: Pool,
  schema: string,
  stream: string,
  events: EventToAppend[],
  expectedVersion: ExpectedVersion,
): Promise<HeldAppend & { backendPid: number }> {
  const client = await pool.connect();
  let finished = false;
  // Idempotent so a test's cleanup can roll back whatever a failed test left open.
  const finish = async (statement: 'COMMIT' | 'ROLLBACK'): Promise<void> => {
    if (finished) return;
    finished = true;
    try {
      await client.query(statement);
    } finally {
      client.release();
    }
  };
  try {
    await client.query('BEGIN');
    const result = await writeEvents(client, schema, stream, events, expectedVersion);
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    return {
      result,
      backendPid: rows[0]!.pid,
      commit: () => finish('COMMIT'),
      rollback: () => finish('ROLLBACK'),
    };
  } catch (error) {
    await finish('ROLLBACK');
    throw error;
  }
}
