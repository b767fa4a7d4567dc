import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface Launched {
  child: ChildProcess;
  /** Resolves with the product's URL once the launcher prints it (rejects if it exits first). */
  ready: Promise<string>;
  /** Resolves with how the launcher ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it printed so far. */
  output(): string;
}

/**
 * `npm start`'s launcher as a real child process on `dataDir` and `port`, in a process group of its
 * own (as a terminal starts a command), so a test can signal the whole group as Ctrl+C does.
 */
export function launch(options: { dataDir: string; port: number; env?: Record<string, string> }): Launched {
  const child = spawn(process.execPath, ['--import', 'tsx', 'embedded/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(options.port), DATA_DIR: options.dataDir, LOG_LEVEL: 'warn', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const url = /running at (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve(url);
    });
    void exited.then(({ code, signal }) => reject(new Error(`launcher exited (${code ?? signal}) before it was ready:\n${output}`)));
  });
  ready.catch(() => undefined);
  return { child, ready, exited, output: () => output };
}

/**
 * Sends `signal` to the launcher (`to: 'group'`: to its whole process group, as a terminal's Ctrl+C
 * does) and answers how the launcher ended.
 */
export async function stopLauncher(launched: Launched, signal: NodeJS.Signals = 'SIGTERM', to: 'process' | 'group' = 'process') {
  if (launched.child.exitCode === null && launched.child.signalCode === null) {
    if (to === 'group') process.kill(-launched.child.pid!, signal);
    else launched.child.kill(signal);
  }
  return launched.exited;
}

/**
 * The embedded PostgreSQL of `dataDir`, reached directly (its port is in postmaster.pid, its
 * password beside the data): a test reads the log and read models there, also while the launcher
 * is dead and the server it left behind still runs.
 */
export function embeddedDatabaseUrl(dataDir: string): string {
  const port = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    ?.trim();
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/hostel`;
}
