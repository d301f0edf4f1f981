import { describe, expect, it } from 'vitest';
import { auditDiffRows } from './audit-diff';

describe('audit before/after rows', () => {
  it('gives each top-level field a row with both sides as pretty JSON, marking the changed ones', () => {
    const rows = auditDiffRows(
      { status: 0, amount: 30_000, account: { bank: 'ICBC' } },
      { status: 2, amount: 30_000, account: { bank: 'ICBC' } },
    );
    expect(rows).toEqual([
      { field: 'status', before: '0', after: '2', isChanged: true },
      { field: 'amount', before: '30000', after: '30000', isChanged: false },
      {
        field: 'account',
        before: '{\n  "bank": "ICBC"\n}',
        after: '{\n  "bank": "ICBC"\n}',
        isChanged: false,
      },
    ]);
  });

  it('shows fields present on one side only as absent on the other', () => {
    expect(auditDiffRows({ locked: true }, { locked: false, unlockedBy: 3 })).toEqual([
      { field: 'locked', before: 'true', after: 'false', isChanged: true },
      { field: 'unlockedBy', before: null, after: '3', isChanged: true },
    ]);
  });

  it('lists the fields of a creation (null before) as new', () => {
    expect(auditDiffRows(null, { username: 'alice' })).toEqual([
      { field: 'username', before: null, after: '"alice"', isChanged: true },
    ]);
  });

  it('shows snapshots that are not objects whole, in one row', () => {
    expect(auditDiffRows([1, 2], [1, 2, 3])).toEqual([
      { field: '', before: '[\n  1,\n  2\n]', after: '[\n  1,\n  2,\n  3\n]', isChanged: true },
    ]);
    expect(auditDiffRows(5, 5)).toEqual([{ field: '', before: '5', after: '5', isChanged: false }]);
  });

  it('answers no rows when there is nothing on either side', () => {
    expect(auditDiffRows(null, null)).toEqual([]);
  });
});
