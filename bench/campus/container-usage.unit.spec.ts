import { describe, expect, it } from 'vitest';
import { machineCpuBetween, machineReadingOf, readingOf, usageBetween } from './container-usage';

// What podman's Docker-compatible API answered here for a container spinning one core (trimmed):
// `precpu_stats` is zero, so `docker stats`' own formula (deltas against it) gave 0.05%.
const podman = (totalUsage: number, read: string) => ({
  read,
  preread: '0001-01-01T00:00:00Z',
  cpu_stats: { cpu_usage: { total_usage: totalUsage }, system_cpu_usage: 3751023275156, online_cpus: 2 },
  precpu_stats: { cpu_usage: { total_usage: 0 } },
  memory_stats: { usage: 499712, limit: 25276203008 },
});

describe('container usage from the stats endpoint', () => {
  it('gives the CPU between two readings in % of one core, from the cumulative CPU time and the readings’ times', () => {
    const earlier = readingOf(podman(3_024_047_983, '2026-12-04T18:49:30.222Z'), 0);
    const now = readingOf(podman(3_924_047_983, '2026-12-04T18:49:31.222Z'), 0);
    expect(usageBetween(earlier, now).cpu).toBeCloseTo(90, 6);
    expect(usageBetween(earlier, now).memoryMb).toBeCloseTo(0.499712, 6);
  });

  it('has no CPU figure from a first reading, and none from a counter that went back (the container restarted)', () => {
    const first = readingOf(podman(3_024_047_983, '2026-12-04T18:49:30.222Z'), 0);
    expect(usageBetween(undefined, first).cpu).toBeNaN();
    expect(usageBetween(first, readingOf(podman(1_000, '2026-12-04T18:49:31.222Z'), 0)).cpu).toBeNaN();
  });

  it('counts memory as `docker stats` does: the usage less the inactive file cache, where the engine reports it', () => {
    const docker = {
      read: '2026-12-04T18:49:30Z',
      cpu_stats: { cpu_usage: { total_usage: 1 } },
      memory_stats: { usage: 300e6, stats: { inactive_file: 100e6 } },
    };
    expect(usageBetween(undefined, readingOf(docker, 0)).memoryMb).toBe(200);
    const cgroupV1 = { ...docker, memory_stats: { usage: 300e6, stats: { total_inactive_file: 50e6 } } };
    expect(usageBetween(undefined, readingOf(cgroupV1, 0)).memoryMb).toBe(250);
  });

  it('times a reading by the local clock when the engine gives no time', () => {
    expect(readingOf({ read: '0001-01-01T00:00:00Z', cpu_stats: { cpu_usage: { total_usage: 5 } } }, 1234).at).toBe(1234);
    expect(readingOf({ cpu_stats: { cpu_usage: { total_usage: 5 } } }, 1234).at).toBe(1234);
  });
});

describe('the machine’s CPU from /proc/stat', () => {
  it('counts every field but idle and iowait as busy, in % of one core across the cores', () => {
    const earlier = machineReadingOf('cpu  1000 0 500 8000 100 0 0 0 0 0\ncpu0 …');
    const now = machineReadingOf('cpu  1150 0 550 8090 110 0 0 0 0 0\ncpu0 …');
    // 200 busy ticks of 300 on two cores: 133% of one core.
    expect(machineCpuBetween(earlier, now, 2)).toBeCloseTo(133.33, 1);
    expect(machineCpuBetween(undefined, now, 2)).toBeNaN();
  });
});
