import { describe, expect, it } from 'vitest';
import { formatCountdown, remainingMs, serverDeltaFromDateHeader } from './countdown';
import {
  acceptDepositInput,
  depositAmountMinor,
  depositRangeProblem,
  isDepositDisabled,
  majorUnitsText,
} from './deposit-amount';
import {
  advanceSetPassword,
  isCompletePassword,
  padKeyOfKeyboard,
  pressPadKey,
} from './password-pad';
import { maxWithdrawable, withdrawDisabledReason } from './withdraw-amount';

describe('deposit amount', () => {
  it('reverts input that is not a positive integer without a leading zero', () => {
    expect(acceptDepositInput('', '1')).toBe('1');
    expect(acceptDepositInput('12', '120')).toBe('120');
    expect(acceptDepositInput('12', '')).toBe('');
    expect(acceptDepositInput('12', '012')).toBe('12');
    expect(acceptDepositInput('', '0')).toBe('');
    expect(acceptDepositInput('1', '1.5')).toBe('1');
    expect(acceptDepositInput('1', '-1')).toBe('1');
    expect(acceptDepositInput('1', '1e3')).toBe('1');
  });

  it('checks the range in minor units and shows min ~ max in major units', () => {
    const cny = { minAmount: 10_000, maxAmount: 5_000_000, scale: 2 };
    expect(depositRangeProblem('', cny)).toBeNull();
    expect(depositRangeProblem('100', cny)).toBeNull();
    expect(depositRangeProblem('50000', cny)).toBeNull();
    expect(depositRangeProblem('99', cny)).toBe('100 ~ 50000');
    expect(depositRangeProblem('50001', cny)).toBe('100 ~ 50000');
    const btc = { minAmount: 50_000, maxAmount: 1_000_000_000, scale: 8 };
    expect(depositRangeProblem('11', btc)).toBe('0.0005 ~ 10');
    expect(depositAmountMinor('3', 8)).toBe(300_000_000);
    expect(majorUnitsText(1_050, 2)).toBe('10.5');
  });

  it('disables the button on an error, or with no amount except for type 1', () => {
    expect(isDepositDisabled({ merchantCode: 2, amountText: '', hasError: false })).toBe(true);
    expect(isDepositDisabled({ merchantCode: 1, amountText: '', hasError: false })).toBe(false);
    expect(isDepositDisabled({ merchantCode: 2, amountText: '100', hasError: false })).toBe(false);
    expect(isDepositDisabled({ merchantCode: 1, amountText: '5', hasError: true })).toBe(true);
  });
});

describe('withdraw amount', () => {
  const channel = { minAmount: 10_000, maxAmount: 5_000_000, scale: 2 };
  it('caps at the smaller of the available balance and the maximum', () => {
    expect(maxWithdrawable(123_456, channel)).toBe(123_456);
    expect(maxWithdrawable(9_000_000, channel)).toBe(5_000_000);
  });

  it('names why the button is disabled, in SPEC order', () => {
    const ready = {
      isLocked: false,
      availableMinor: 100_000,
      amountMinor: 20_000,
      hasAccount: true,
      merchantCode: 0,
      hasError: false,
      minAmount: 10_000,
    };
    expect(withdrawDisabledReason(ready)).toBeNull();
    expect(withdrawDisabledReason({ ...ready, isLocked: true })).toBe('locked');
    expect(withdrawDisabledReason({ ...ready, availableMinor: 0 })).toBe('noBalance');
    expect(withdrawDisabledReason({ ...ready, amountMinor: null })).toBe('noAmount');
    expect(withdrawDisabledReason({ ...ready, hasAccount: false })).toBe('noAccount');
    expect(withdrawDisabledReason({ ...ready, hasAccount: false, merchantCode: 4 })).toBeNull();
    expect(withdrawDisabledReason({ ...ready, hasError: true })).toBe('error');
    expect(withdrawDisabledReason({ ...ready, amountMinor: 9_999 })).toBe('belowMinimum');
  });
});

describe('password pad', () => {
  it('takes six digits at most, deletes one and clears all', () => {
    let entry = '';
    for (const digit of '1234567') entry = pressPadKey(entry, { kind: 'digit', digit });
    expect(entry).toBe('123456');
    expect(isCompletePassword(entry)).toBe(true);
    entry = pressPadKey(entry, { kind: 'delete' });
    expect(entry).toBe('12345');
    expect(isCompletePassword(entry)).toBe(false);
    expect(pressPadKey(entry, { kind: 'digit', digit: 'x' })).toBe('12345');
    expect(pressPadKey(entry, { kind: 'clear' })).toBe('');
    expect(pressPadKey('', { kind: 'delete' })).toBe('');
  });

  it('maps keyboard digits and backspace, nothing else', () => {
    expect(padKeyOfKeyboard('7')).toEqual({ kind: 'digit', digit: '7' });
    expect(padKeyOfKeyboard('Backspace')).toEqual({ kind: 'delete' });
    expect(padKeyOfKeyboard('a')).toBeNull();
    expect(padKeyOfKeyboard('Enter')).toBeNull();
  });

  it('sets in two steps and goes back to the first on a mismatch', () => {
    const first = advanceSetPassword({ step: 'first' }, '135790');
    expect(first).toEqual({ step: 'confirm', first: '135790' });
    expect(advanceSetPassword(first, '135791')).toEqual({ step: 'mismatch' });
    expect(advanceSetPassword(first, '135790')).toEqual({ step: 'done', password: '135790' });
    expect(advanceSetPassword(first, '1357')).toBe(first);
  });
});

describe('countdown', () => {
  it('counts down on the server clock and stops at zero', () => {
    expect(remainingMs(100_000, 40_000, 0)).toBe(60_000);
    expect(remainingMs(100_000, 40_000, 10_000)).toBe(50_000);
    expect(remainingMs(100_000, 140_000, 0)).toBe(0);
    expect(formatCountdown(30 * 60_000)).toBe('30:00');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(500)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
  });

  it('reads the server-time delta from a Date header', () => {
    const local = Date.parse('2026-01-01T00:00:00Z');
    expect(serverDeltaFromDateHeader('Thu, 01 Jan 2026 00:00:05 GMT', local)).toBe(5_000);
    expect(serverDeltaFromDateHeader(null, local)).toBe(0);
    expect(serverDeltaFromDateHeader('garbage', local)).toBe(0);
  });
});
