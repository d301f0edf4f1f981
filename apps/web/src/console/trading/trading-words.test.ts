import { describe, expect, it } from 'vitest';
import { formatLine, marketLinesOf } from './trading-words';

describe('market lines in words', () => {
  it('signs handicaps with a true minus and a plus, totals never', () => {
    expect(formatLine('hcp', '-0.25')).toBe('\u22120.25');
    expect(formatLine('hcp', '0.5')).toBe('+0.5');
    expect(formatLine('hcp', '0')).toBe('0');
    expect(formatLine('total', '2.5')).toBe('2.5');
  });

  it('splits the specifiers into named lines', () => {
    expect(marketLinesOf('hcp=-1.75')).toEqual([{ key: 'hcp', line: '\u22121.75' }]);
    expect(marketLinesOf('total=3.5|period=1')).toEqual([
      { key: 'total', line: '3.5' },
      { key: 'period', line: '1' },
    ]);
    expect(marketLinesOf('')).toEqual([]);
  });
});
