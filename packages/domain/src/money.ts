/**
 * Money is held as integers in minor units; these turn them into major-unit decimal text
 * without ever passing through a float, so 0.1 + 0.2 problems cannot reach a balance.
 */
export function formatMinorUnits(amountMinor: number, scale: number): string {
  if (!Number.isSafeInteger(amountMinor))
    throw new Error(`amount ${amountMinor} is not a safe integer`);
  const negative = amountMinor < 0;
  const digits = Math.abs(amountMinor)
    .toString()
    .padStart(scale + 1, '0');
  const whole = scale === 0 ? digits : digits.slice(0, -scale);
  const fraction = scale === 0 ? '' : `.${digits.slice(-scale)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** SPEC §9: display amounts have 2 decimals and thousands separators (truncated, never rounded up). */
export function formatDisplayAmount(amountMinor: number, scale: number): string {
  const [whole = '0', fraction = ''] = formatMinorUnits(amountMinor, scale).split('.');
  const negative = whole.startsWith('-');
  const grouped = (negative ? whole.slice(1) : whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}
