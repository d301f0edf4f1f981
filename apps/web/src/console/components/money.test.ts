import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  formatMoneyGrouped,
  formatSignedMoney,
  parseIntegerList,
  parseMoneyInput,
  parsePositiveId,
} from './money';

describe('amounts typed by operators', () => {
  it('become minor units on the digits, without floating-point error', () => {
    expect(parseMoneyInput('500.50', 2)).toBe(50_050);
    expect(parseMoneyInput('0.29', 2)).toBe(29);
    expect(parseMoneyInput(' 12 ', 2)).toBe(1_200);
    expect(parseMoneyInput('1.5', 6)).toBe(1_500_000);
    expect(parseMoneyInput('0', 2)).toBe(0);
  });

  it('are refused with more decimals than the currency has, signs, or other text', () => {
    expect(parseMoneyInput('1.234', 2)).toBeNull();
    expect(parseMoneyInput('-5', 2)).toBeNull();
    expect(parseMoneyInput('1e3', 2)).toBeNull();
    expect(parseMoneyInput('', 2)).toBeNull();
    expect(parseMoneyInput('1.', 2)).toBeNull();
    expect(parseMoneyInput('99999999999999999', 2)).toBeNull();
  });

  it('show back as they were typed', () => {
    expect(formatMoney(50_050, 2)).toBe('500.50');
  });
});

describe('ids and lists typed by operators', () => {
  it('take positive whole numbers as ids', () => {
    expect(parsePositiveId('42')).toBe(42);
    expect(parsePositiveId('0')).toBeNull();
    expect(parsePositiveId('4.2')).toBeNull();
    expect(parsePositiveId('abc')).toBeNull();
  });

  it('take comma-separated whole numbers as lists, an empty field as none', () => {
    expect(parseIntegerList('1, 2,3')).toEqual([1, 2, 3]);
    expect(parseIntegerList('')).toEqual([]);
    expect(parseIntegerList('1, x')).toBeNull();
    expect(parseIntegerList('1.5')).toBeNull();
  });
});

describe('large and signed figures', () => {
  it('group thousands and keep every decimal of the scale', () => {
    expect(formatMoneyGrouped(123_456_789, 2)).toBe('1,234,567.89');
    expect(formatMoneyGrouped(-100_000, 2)).toBe('-1,000.00');
    expect(formatMoneyGrouped(1_234_567_891, 6)).toBe('1,234.567891');
    expect(formatMoneyGrouped(1_234_567, 0)).toBe('1,234,567');
    expect(formatMoneyGrouped(5, 2)).toBe('0.05');
  });

  it('show the sign of a movement, plus for money in', () => {
    expect(formatSignedMoney(150_000, 2)).toBe('+1,500.00');
    expect(formatSignedMoney(-350, 2)).toBe('-3.50');
    expect(formatSignedMoney(0, 2)).toBe('0.00');
  });
});
