import { describe, expect, it } from 'vitest';
import { forTerminal } from './terminal-text';

describe('forTerminal', () => {
  it('writes control characters, C1 controls and direction overrides as their escapes', () => {
    expect(forTerminal('a\u009b2Jb')).toBe('a\\u009b2Jb');
    expect(forTerminal('\u001b[31mred')).toBe('\\u001b[31mred');
    expect(forTerminal('x\u0085y\u007f')).toBe('x\\u0085y\\u007f');
    expect(forTerminal('\u202enimdA\u2066\u2069')).toBe('\\u202enimdA\\u2066\\u2069');
    expect(forTerminal('one\ntwo')).toBe('one\\u000atwo');
  });

  it('keeps line breaks when asked, and leaves every other character as it is', () => {
    expect(forTerminal('{\n  "a": 1\n}', { lineBreaks: true })).toBe('{\n  "a": 1\n}');
    expect(forTerminal('Zoë 李 🍛 \u00a0\u200f', { lineBreaks: true })).toBe('Zoë 李 🍛 \u00a0\u200f');
  });

  it('escapes an unpaired surrogate, never a pair', () => {
    expect(forTerminal('a\ud800b\udc00')).toBe('a\\ud800b\\udc00');
    expect(forTerminal('🍛')).toBe('🍛');
  });
});
