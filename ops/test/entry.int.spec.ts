import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** `ops/src/main.ts`, as `npm run ops -- …` runs it: --help lists the commands and starts nothing; a command it does not know is refused. */
const ops = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'ops/src/main.ts', ...args], {
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: '/nonexistent' },
    encoding: 'utf8',
  });

describe('the operator tools’ entry', () => {
  it('--help lists every command on stdout, exit 0', () => {
    const run = ops('--help');
    expect(run.status, run.stderr).toBe(0);
    for (const name of ['admin grant <email>', 'rebuild [read-model…]', 'replay <meal|', 'audit:verify [--digest FILE]'])
      expect(run.stdout).toContain(`  ${name}`);
    expect(run.stderr).toBe('');
  });

  it('refuses an unknown command or none with the list, exit 2', () => {
    for (const [args, first] of [
      [['launch'], 'Unknown command: launch.'],
      [[], 'No command given.'],
    ] as const) {
      const run = ops(...args);
      expect(run.status).toBe(2);
      expect(run.stderr.split('\n')[0]).toBe(first);
      expect(run.stderr).toContain('  audit:verify [--digest FILE]');
      expect(run.stdout).toBe('');
    }
  });
});
