import { describe, expect, it } from 'vitest';
import { percentOfUnits } from './figures';

describe('percentOfUnits', () => {
  it('writes ten-thousandths as a percentage to 5 significant digits', () => {
    expect(percentOfUnits(6667)).toBe('66.67%');
    expect(percentOfUnits(10_000)).toBe('100%');
    expect(percentOfUnits(-1250)).toBe('-12.5%');
    expect(percentOfUnits(123_456)).toBe('1234.6%');
    expect(percentOfUnits(0)).toBe('0%');
  });
});
