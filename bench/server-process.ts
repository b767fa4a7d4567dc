/**
 * A benchmark's server runs in a process of its own, so the load generator never shares its event
 * loop: the benchmark starts it with startServerProcess, the server script ends with
 * serveUntilTerminated, and the two meet on the line `listening <port>`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** SIGTERM, then its exit awaited (nothing when it has already exited). */
  stop(): Promise<void>;
}

/**
 * Runs the TypeScript `script` (through tsx) with `args` and answers once it prints the port it
 * listens on; it fails if the script exits first. BENCH_PROF=1 writes its CPU profile to /tmp/prof
 * (open it in Chrome DevTools).
 */
export async function startServerProcess(script: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<ServerProcess> {
  const profile = process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'], ...options });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
      child.stdout!.on('data', (chunk: Buffer) => {
        const match = /listening (\d+)/.exec(chunk.toString());
        if (match) resolve(Number(match[1]));
      });
    });
    return { child, port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The server script's end: listens on a free port of loopback, prints `listening <port>` once `ready`
 * has settled, and on SIGTERM runs `close` and exits.
 */
export async function serveUntilTerminated(app: FastifyInstance, close: () => Promise<unknown>, ready?: Promise<unknown>): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  await ready;
  const address = app.server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
  process.on('SIGTERM', () => void close().then(() => process.exit(0)));
}
