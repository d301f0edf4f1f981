/**
 * SPEC §5 deposit amount rules. The member types whole major units (a positive integer with no
 * leading zero); the pay type's limits are minor units, so they are compared after scaling the
 * typed amount up, in BigInt so no float ever touches money.
 */

/** What the amount field holds after a keystroke: the new text when it is allowed, else the old. */
export function acceptDepositInput(previous: string, next: string): string {
  if (next === '' || /^[1-9]\d{0,14}$/.test(next)) return next;
  return previous;
}

/** A typed major-unit amount in minor units, or null when the text is not an amount. */
export function depositAmountMinor(amountText: string, scale: number): number | null {
  if (!/^[1-9]\d*$/.test(amountText)) return null;
  const minor = BigInt(amountText) * 10n ** BigInt(scale);
  return minor <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(minor) : null;
}

/** A minor-unit limit in major units for SPEC's 'min ~ max' text (divided by 10^scale). */
export function majorUnitsText(amountMinor: number, scale: number): string {
  if (scale === 0) return String(amountMinor);
  const digits = String(amountMinor).padStart(scale + 1, '0');
  const whole = digits.slice(0, -scale);
  const fraction = digits.slice(-scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

export interface AmountLimits {
  minAmount: number;
  maxAmount: number;
  scale: number;
}

/** SPEC §5: 'min ~ max' when the typed amount is outside the limits, else null (also for no amount). */
export function depositRangeProblem(amountText: string, limits: AmountLimits): string | null {
  if (amountText === '') return null;
  const minor = depositAmountMinor(amountText, limits.scale);
  if (minor !== null && minor >= limits.minAmount && minor <= limits.maxAmount) return null;
  return `${majorUnitsText(limits.minAmount, limits.scale)} ~ ${majorUnitsText(limits.maxAmount, limits.scale)}`;
}

/** SPEC §5: disabled on an error, or with no amount except for type 1 (paid on the hosted page). */
export function isDepositDisabled(input: {
  merchantCode: number;
  amountText: string;
  hasError: boolean;
}): boolean {
  if (input.hasError) return true;
  return input.amountText === '' && input.merchantCode !== 1;
}
