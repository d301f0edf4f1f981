import { describe, expect, it } from 'vitest';
import { formatPercent, parseScore } from './predictions-format';

describe('predictions format', () => {
  it('writes shares as percentages to five significant digits', () => {
    expect(formatPercent(1 / 3)).toBe('33.333%');
    expect(formatPercent(0.25)).toBe('25%');
    expect(formatPercent(0.456789)).toBe('45.679%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(1)).toBe('100%');
  });

  it('reads a typed score of 0 to 99 only', () => {
    expect(parseScore(' 2 ')).toBe(2);
    expect(parseScore('10')).toBe(10);
    expect(parseScore('')).toBeNull();
    expect(parseScore('-1')).toBeNull();
    expect(parseScore('1.5')).toBeNull();
    expect(parseScore('100')).toBeNull();
  });
});
