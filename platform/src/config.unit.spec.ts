import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';

describe('readConfig', () => {
  it('given an empty URL variable (compose passes an unset one through as empty), then treats it as not configured', () => {
    const config = readConfig({ REDIS_URL: '', DATABASE_URL: ' ', KURRENTDB_URL: '' });
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.KURRENTDB_URL).toBeUndefined();
  });

  it('given a malformed URL, then stops with a message naming the variable', () => {
    expect(() => readConfig({ REDIS_URL: 'localhost:6379' })).toThrow('REDIS_URL: must be a Redis URL such as redis://host:6379');
  });
});
