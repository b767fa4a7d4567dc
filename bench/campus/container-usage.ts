/**
 * Each container's CPU and memory, from the Docker API's stats endpoint (`GET /containers/{id}/stats`,
 * one reading, no stream), which Docker and podman's compatible API both serve. The CPU is worked out
 * here from two readings of the container's cumulative CPU time (`cpu_stats.cpu_usage.total_usage`), not
 * taken from `docker stats`: that one divides by `precpu_stats`, which podman's API leaves at zero (no
 * earlier reading in a one-shot request), so under podman every container read 0% CPU.
 */
import { request as httpRequest } from 'node:http';

/** What one reading gives: when (ms), the CPU time used since the container started (ns), and the memory in use (bytes). */
export interface StatsReading {
  at: number;
  cpuNs: number;
  memoryBytes: number;
}

/** The fields of the stats endpoint's answer read here (Docker's and podman's). */
export interface StatsAnswer {
  read?: string;
  cpu_stats?: { cpu_usage?: { total_usage?: number } };
  memory_stats?: { usage?: number; stats?: Record<string, number> };
}

/**
 * A reading from the endpoint's answer. The memory is the usage less the inactive file cache where the
 * engine reports it (cgroup v2's `inactive_file`, v1's `total_inactive_file`), as `docker stats` counts it.
 */
export function readingOf(answer: StatsAnswer, receivedAt: number): StatsReading {
  const read = answer.read ? Date.parse(answer.read) : Number.NaN;
  const usage = answer.memory_stats?.usage ?? Number.NaN;
  const stats = answer.memory_stats?.stats ?? {};
  const cache = stats.inactive_file ?? stats.total_inactive_file ?? 0;
  return {
    // An engine's clock starts at its epoch when it has no reading time (podman's `preread`): ours then.
    at: Number.isFinite(read) && read > 0 ? read : receivedAt,
    cpuNs: answer.cpu_stats?.cpu_usage?.total_usage ?? Number.NaN,
    memoryBytes: usage >= cache ? usage - cache : usage,
  };
}

/** CPU in % of one core between two readings of the same container (NaN without an earlier one), memory in MB now. */
export function usageBetween(earlier: StatsReading | undefined, now: StatsReading): { cpu: number; memoryMb: number } {
  const elapsedNs = earlier ? (now.at - earlier.at) * 1e6 : 0;
  const cpu = earlier && elapsedNs > 0 && now.cpuNs >= earlier.cpuNs ? ((now.cpuNs - earlier.cpuNs) / elapsedNs) * 100 : Number.NaN;
  return { cpu, memoryMb: now.memoryBytes / 1e6 };
}

/** One reading of container `id` from the engine at `dockerHost` (`unix:///…` or `tcp://host:port`). */
export function readContainerStats(dockerHost: string, id: string): Promise<StatsReading> {
  const url = new URL(dockerHost);
  const target = url.protocol === 'unix:' ? { socketPath: url.pathname } : { host: url.hostname, port: Number(url.port || 2375) };
  return new Promise((resolve, reject) => {
    const request = httpRequest({ ...target, path: `/containers/${encodeURIComponent(id)}/stats?stream=false`, timeout: 10_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`stats of ${id}: ${response.statusCode} ${body.slice(0, 200)}`));
        try {
          resolve(readingOf(JSON.parse(body) as StatsAnswer, Date.now()));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    request.on('timeout', () => request.destroy(new Error(`stats of ${id}: no answer in 10 s`)));
    request.on('error', reject);
    request.end();
  });
}

/** The machine's CPU time so far (clock ticks, from /proc/stat's first line): busy, and all of it. */
export interface MachineReading {
  busy: number;
  total: number;
}

/** /proc/stat's `cpu` line: user nice system idle iowait irq softirq steal…; idle and iowait are not busy. */
export function machineReadingOf(procStat: string): MachineReading {
  const fields = procStat.split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - fields[3]! - fields[4]!, total };
}

/** The machine's cores busy between two readings, in % of one core (200% is both of two cores). */
export function machineCpuBetween(earlier: MachineReading | undefined, now: MachineReading, cores: number): number {
  if (!earlier || now.total <= earlier.total) return Number.NaN;
  return ((now.busy - earlier.busy) / (now.total - earlier.total)) * cores * 100;
}
