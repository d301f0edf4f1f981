/**
 * Paid minor units turned into credited minor units at a decimal rate, rounded down so the site
 * never credits more than was paid for. All in integers: `10_000_000` USDT-minor (10 USDT at
 * scale 6) at rate "7.1" into CNY at scale 2 is 7100 (71.00 CNY).
 */
export function convertMinorUnits(
  amountMinor: number,
  fromScale: number,
  rate: string,
  toScale: number,
): number {
  const match = /^(\d{1,12})(?:\.(\d{1,12}))?$/.exec(rate);
  if (!match) throw new Error(`rate ${rate} is not a decimal`);
  const fraction = match[2] ?? '';
  const rateDigits = BigInt(`${match[1]}${fraction}`);
  const numerator = BigInt(amountMinor) * rateDigits * 10n ** BigInt(toScale);
  const converted = numerator / 10n ** BigInt(fraction.length + fromScale);
  if (converted > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new Error(`${amountMinor} at ${rate} overflows a safe integer`);
  }
  return Number(converted);
}
