import pino from 'pino';
import type { Logger } from 'pino';
import type { Config } from './config';
import { serviceConfigOrExit } from './config';
import { startTracing } from './tracing';

/** How long SIGTERM waits for the requests and jobs in flight before the process exits anyway. */
const DRAIN_MS = 20_000;

export interface ServiceStart {
  config: Config;
  log: Logger;
}

/**
 * Runs one service of the distributed deployment (command-api, read-api, projector) from its
 * environment alone:
 * - its configuration read first: a variable missing or malformed stops it with one line naming
 *   the variable (`serviceConfigOrExit`);
 * - JSON logs (pino) tagged with the service's name;
 * - a start that fails (PostgreSQL unreachable, a migration refused) is one fatal line and exit
 *   code 1, for the orchestrator to restart it;
 * - SIGTERM / SIGINT drain: `start`'s answer closes what it opened (it stops taking requests and
 *   waits for those in flight and the jobs running), at most DRAIN_MS, then the process exits;
 * - an error nothing caught is logged and the service goes on: one bad request or job must not stop
 *   it for everyone.
 */
export async function runService(
  service: string,
  needs: readonly (keyof Config)[],
  start: (context: ServiceStart) => Promise<() => Promise<void>>,
): Promise<void> {
  const config = serviceConfigOrExit(service, needs);
  const log = pino({ level: config.LOG_LEVEL, base: { service, pid: process.pid } });
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled rejection'));
  process.on('uncaughtException', (error, origin) => log.error({ err: error, origin }, 'uncaught exception'));
  let close: (() => Promise<void>) | undefined;
  let stopTracing: (() => Promise<void>) | undefined;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping: draining the requests and jobs in flight');
    const timer = setTimeout(() => {
      log.warn(`not drained within ${DRAIN_MS / 1000} s; exiting anyway (queued jobs run on another instance or at the next start)`);
      process.exit(1);
    }, DRAIN_MS);
    timer.unref();
    void (close ? close() : Promise.resolve())
      // The spans still buffered are sent before the process exits.
      .then(() => stopTracing?.())
      .then(
        () => {
          log.info('stopped');
          process.exit(0);
        },
        (error: unknown) => {
          log.error({ err: error }, 'did not stop cleanly');
          process.exit(1);
        },
      );
  };
  // A signal during the start exits at once: nothing is in flight yet.
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  try {
    stopTracing = await startTracing(service);
    if (stopTracing) log.info({ endpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT }, 'tracing: spans are exported over OTLP');
    close = await start({ config, log });
  } catch (error) {
    log.fatal({ err: error }, 'could not start');
    process.stderr.write(`${service}: could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
