import type { AmountLimits } from './deposit-amount';

/** SPEC §5: the most that can be withdrawn, the smaller of the available balance and the maximum. */
export function maxWithdrawable(
  availableMinor: number,
  limits: Pick<AmountLimits, 'maxAmount'>,
): number {
  return Math.max(0, Math.min(availableMinor, limits.maxAmount));
}

/** Merchant code of the withdrawal type that pays back along the deposit route, with no account. */
export const noAccountWithdrawType = 4;

export type WithdrawDisabledReason =
  | 'locked'
  | 'noBalance'
  | 'noAmount'
  | 'noAccount'
  | 'error'
  | 'belowMinimum';

/** SPEC §5 withdraw button rules: why it is disabled, or null when it may be pressed. */
export function withdrawDisabledReason(input: {
  isLocked: boolean;
  availableMinor: number;
  amountMinor: number | null;
  hasAccount: boolean;
  merchantCode: number;
  hasError: boolean;
  minAmount: number;
}): WithdrawDisabledReason | null {
  if (input.isLocked) return 'locked';
  if (input.availableMinor <= 0) return 'noBalance';
  if (input.amountMinor === null) return 'noAmount';
  if (!input.hasAccount && input.merchantCode !== noAccountWithdrawType) return 'noAccount';
  if (input.hasError) return 'error';
  if (input.amountMinor < input.minAmount) return 'belowMinimum';
  return null;
}

/** Whether text can be on its way to an amount of at most `scale` decimals (empty included). */
export function acceptWithdrawInput(previous: string, next: string, scale: number): string {
  if (next === '') return next;
  const decimals = scale > 0 ? `(\\.\\d{0,${scale}})?` : '';
  return new RegExp(`^(0|[1-9]\\d{0,14})${decimals}$`).test(next) ? next : previous;
}

/** A major-unit decimal text in minor units (BigInt on the way, never a float); null if none. */
export function decimalToMinor(text: string, scale: number): number | null {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > scale) return null;
  const minor = BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
  if (minor === 0n || minor > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(minor);
}
