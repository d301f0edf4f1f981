/**
 * A major-unit decimal typed by the member in minor units of `scale` (BigInt on the way, never a
 * float), or null when it is not such a number or has more decimals than the currency. Zero is a
 * number here: the transfer dialog moves nothing on 0.
 */
export function minorOfText(text: string, scale: number): number | null {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > scale) return null;
  const minor = BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
  return minor > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(minor);
}

/** Minor units as the text an input starts with: `12.5` rather than `12.50`, no grouping. */
export function textOfMinor(minor: number, scale: number): string {
  if (scale === 0) return String(minor);
  const digits = String(minor).padStart(scale + 1, '0');
  const fraction = digits.slice(-scale).replace(/0+$/, '');
  return fraction ? `${digits.slice(0, -scale)}.${fraction}` : digits.slice(0, -scale);
}

/** Ten-thousandths (a multiplier) as `1.98×`, hundredths (a roll, a target) as `49.50`. */
export function multiplierText(tenThousandths: number): string {
  return `${(Math.floor(tenThousandths / 100) / 100).toFixed(2)}×`;
}

export function hundredthsText(hundredths: number): string {
  return (hundredths / 100).toFixed(2);
}
