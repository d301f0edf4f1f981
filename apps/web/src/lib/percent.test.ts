import { describe, expect, it } from 'vitest';
import { formatPercentage } from './percent';

describe('formatPercentage', () => {
  it('writes a percentage to 5 significant digits, trailing zeros dropped', () => {
    expect(formatPercentage((2 / 3) * 100)).toBe('66.667%');
    expect(formatPercentage(66.67)).toBe('66.67%');
    expect(formatPercentage(100)).toBe('100%');
    expect(formatPercentage(-12.5)).toBe('-12.5%');
    expect(formatPercentage(1234.56)).toBe('1234.6%');
    expect(formatPercentage(0)).toBe('0%');
  });

  it('rounds to 5 significant digits at any size', () => {
    expect(formatPercentage(0.0123456)).toBe('0.012346%');
    expect(formatPercentage(123456)).toBe('123460%');
  });
});
