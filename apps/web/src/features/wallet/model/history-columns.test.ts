import { describe, expect, it } from 'vitest';
import { historyColumns, isCredited } from './history-columns';

describe('funds history columns', () => {
  it('gives a withdrawal no credited amount and no action', () => {
    expect(historyColumns.withdraw).not.toContain('credited');
    expect(historyColumns.withdraw).not.toContain('action');
    expect(historyColumns.withdraw).toEqual([
      'orderNo',
      'time',
      'method',
      'amount',
      'status',
      'remark',
    ]);
  });

  it('gives a deposit its credited amount and the receipt action', () => {
    expect(historyColumns.deposit).toContain('credited');
    expect(historyColumns.deposit.at(-1)).toBe('action');
  });

  it('calls only a completed deposit credited', () => {
    expect([0, 1, 2, 3, 4, 5, 6].filter(isCredited)).toEqual([2]);
  });
});
