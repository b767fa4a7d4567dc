import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS, help } from './commands';

const scripts = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;
const ENTRY = 'node --import tsx ops/src/main.ts';

describe("the operator's tools", () => {
  it('are each a root npm script of their own name, through the one entry', () => {
    const throughEntry = Object.entries(scripts).filter(([, command]) => command.startsWith(`${ENTRY} `));
    expect(Object.fromEntries(throughEntry)).toEqual(Object.fromEntries(Object.keys(COMMANDS).map((name) => [name, `${ENTRY} ${name}`])));
    expect(scripts.ops).toBe(ENTRY);
  });

  it('are all listed by --help with their usage', () => {
    const text = help();
    for (const command of Object.values(COMMANDS)) expect(text).toContain(`  ${command.usage}  `);
  });
});
