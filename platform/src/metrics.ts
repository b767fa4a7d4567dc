import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { observeCommands } from '@hostel/domain';
import type { EventStore } from '@hostel/eventstore';
import { WrongExpectedVersionError } from '@hostel/eventstore';
import type { Logger } from 'pino';
import { recordCommandSpan } from './tracing';

/** Latency buckets from a millisecond to ten seconds: a command is a few ms, a conflict storm seconds. */
const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * One service's Prometheus metrics (`GET /metrics`), in a registry of its own so several services
 * in one process (the embedded launcher, tests) never register a name twice. The names are the
 * ones `deploy/grafana-dashboard.json` plots; each family is described in docs/operations.md.
 */
export interface Metrics {
  registry: Registry;
  httpSeconds: Histogram<'method' | 'route' | 'status'>;
  appendSeconds: Histogram<'outcome'>;
  jobFailures: Counter<'queue'>;
  /** Adds a gauge whose value is read when Prometheus scrapes (queue depth, sockets, projection lag). */
  gauge<Label extends string>(name: string, help: string, labels: readonly Label[], collect: (gauge: Gauge<Label>) => Promise<void> | void): void;
  /** Stops counting this process's commands here. */
  close(): void;
}

export function createMetrics(options: { service: string; log?: Logger; processMetrics?: boolean }): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: options.service });
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const commands = new Counter({
    name: 'hostel_commands_total',
    help: 'Commands decided, by command and outcome',
    labelNames: ['command', 'outcome'],
    registers,
  });
  const commandSeconds = new Histogram({
    name: 'hostel_command_duration_seconds',
    help: 'Time to load, decide and append a command (conflict retries included), by command and outcome',
    labelNames: ['command', 'outcome'],
    buckets: SECONDS,
    registers,
  });
  const stopObserving = observeCommands((handled) => {
    const labels = { command: handled.command, outcome: handled.outcome };
    commands.inc(labels);
    commandSeconds.observe(labels, handled.seconds);
    recordCommandSpan(handled.command, {
      correlationId: handled.context.correlationId,
      stream: handled.stream,
      outcome: handled.outcome,
      seconds: handled.seconds,
    });
    // The command's line in the log carries the request's correlation id, which its events, the
    // projector, the job and the live push carry on.
    options.log?.info(
      {
        correlationId: handled.context.correlationId,
        command: handled.command,
        stream: handled.stream,
        outcome: handled.outcome,
        ms: Math.round(handled.seconds * 1000),
      },
      'command',
    );
  });
  return {
    registry,
    httpSeconds: new Histogram({
      name: 'hostel_http_request_duration_seconds',
      help: 'HTTP requests by method, route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: SECONDS,
      registers,
    }),
    appendSeconds: new Histogram({
      name: 'hostel_event_store_append_duration_seconds',
      help: 'Event-store appends by outcome (ok, conflict, error)',
      labelNames: ['outcome'],
      buckets: SECONDS,
      registers,
    }),
    jobFailures: new Counter({ name: 'hostel_job_failures_total', help: 'Job runs that failed (each attempt), by queue', labelNames: ['queue'], registers }),
    gauge(name, help, labels, collect) {
      new Gauge({
        name,
        help,
        labelNames: labels,
        registers,
        async collect() {
          await collect(this);
        },
      });
    },
    close: stopObserving,
  };
}

/** The store with each append timed into `hostel_event_store_append_duration_seconds`. */
export function instrumentEventStore(store: EventStore, metrics: Metrics): EventStore {
  return {
    ...store,
    async append(stream, events, options) {
      const end = metrics.appendSeconds.startTimer();
      try {
        const result = await store.append(stream, events, options);
        end({ outcome: 'ok' });
        return result;
      } catch (error) {
        end({ outcome: error instanceof WrongExpectedVersionError ? 'conflict' : 'error' });
        throw error;
      }
    },
  };
}
