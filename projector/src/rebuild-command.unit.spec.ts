import { afterEach, describe, expect, it, vi } from 'vitest';
import { runRebuildCommand } from './rebuild-cli';

describe('the rebuild command', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  });

  it('says the read models were rebuilt, and leaves the exit code alone', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await runRebuildCommand(async () => ({ events: 3 }));
    expect(log).toHaveBeenCalledWith('Read models rebuilt.');
    expect(process.exitCode).toBeUndefined();
  });

  it('says why it failed, in one line with no stack, and exits with 1', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await runRebuildCommand(async () => {
      throw new Error('No read model named mealz (known: meals)');
    });
    expect(error).toHaveBeenCalledWith('Rebuild failed:', 'No read model named mealz (known: meals)');
    expect(log).not.toHaveBeenCalled();
    expect(process.exitCode).toBe(1);
  });
});
