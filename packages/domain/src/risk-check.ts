/**
 * SPEC §5 risk check: an amount is flagged when the member's `riskAmount` is above 0 and the
 * amount, scaled by the configured precision, is at or above it. `riskAmount` is an integer with
 * `precision` decimal places; the amount arrives in minor units of its currency's `scale`.
 * Compared in integers (BigInt), so no rounding can move an amount across the line.
 */
export function isRiskFlagged(check: {
  amountMinor: number;
  scale: number;
  riskAmount: number;
  precision: number;
}): boolean {
  const { amountMinor, scale, riskAmount, precision } = check;
  if (!(riskAmount > 0) || !Number.isSafeInteger(amountMinor) || amountMinor <= 0) return false;
  if (!Number.isSafeInteger(riskAmount)) return false;
  // amountMinor / 10^scale * 10^precision >= riskAmount, moved to whole numbers on both sides.
  const amount = BigInt(amountMinor);
  const threshold = BigInt(riskAmount);
  if (precision >= scale) return amount * 10n ** BigInt(precision - scale) >= threshold;
  return amount >= threshold * 10n ** BigInt(scale - precision);
}
