import { describe, expect, it } from 'vitest';
import { formatDisplayTime, historyRange } from './display-time';
import { acceptWithdrawInput, decimalToMinor } from './withdraw-amount';

describe('display time (UTC−4)', () => {
  it('shows times four hours behind UTC', () => {
    expect(formatDisplayTime(Date.parse('2026-03-01T02:30:05Z'))).toBe('2026-02-28 22:30:05');
    expect(formatDisplayTime(Date.parse('2026-03-01T12:00:00Z'))).toBe('2026-03-01 08:00:00');
  });

  it('starts today at midnight of the display zone', () => {
    const now = Date.parse('2026-03-01T02:30:00Z'); // 22:30 on 28 February in UTC−4
    expect(historyRange(1, now)).toEqual({
      startTime: Date.parse('2026-02-28T04:00:00Z'),
      endTime: now,
    });
    expect(historyRange(7, now).startTime).toBe(Date.parse('2026-02-22T04:00:00Z'));
  });
});

describe('withdraw amount text', () => {
  it('accepts at most the currency scale of decimals', () => {
    expect(acceptWithdrawInput('', '12.3', 2)).toBe('12.3');
    expect(acceptWithdrawInput('12.3', '12.345', 2)).toBe('12.3');
    expect(acceptWithdrawInput('', '01', 2)).toBe('');
    expect(acceptWithdrawInput('1', '1.', 0)).toBe('1');
    expect(acceptWithdrawInput('1', 'a', 2)).toBe('1');
  });

  it('turns decimal text into minor units exactly', () => {
    expect(decimalToMinor('150.25', 2)).toBe(15_025);
    expect(decimalToMinor('0.1', 2)).toBe(10);
    expect(decimalToMinor('12.', 2)).toBe(1_200);
    expect(decimalToMinor('10', 6)).toBe(10_000_000);
    expect(decimalToMinor('0', 2)).toBeNull();
    expect(decimalToMinor('1.234', 2)).toBeNull();
    expect(decimalToMinor('', 2)).toBeNull();
  });
});

describe('receipt image', () => {
  it('takes one jpg, jpeg or png of at most 10 MB', async () => {
    const { receiptProblem, uploadRingPercent, receiptMaxBytes } = await import('./receipt-image');
    expect(receiptProblem([{ name: 'a.JPG', size: 10 }])).toBeNull();
    expect(receiptProblem([{ name: 'a.jpeg', size: receiptMaxBytes }])).toBeNull();
    expect(receiptProblem([{ name: 'a.png', size: receiptMaxBytes + 1 }])).toBe('tooLarge');
    expect(receiptProblem([{ name: 'a.gif', size: 10 }])).toBe('badType');
    expect(receiptProblem([{ name: 'png', size: 10 }])).toBe('badType');
    expect(receiptProblem([])).toBe('oneFile');
    expect(
      receiptProblem([
        { name: 'a.png', size: 1 },
        { name: 'b.png', size: 1 },
      ]),
    ).toBe('oneFile');
    expect(uploadRingPercent(100, false)).toBe(99);
    expect(uploadRingPercent(42.4, false)).toBe(42);
    expect(uploadRingPercent(10, true)).toBe(100);
  });
});
