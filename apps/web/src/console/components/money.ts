import { type Currency, currencies, formatMinorUnits } from '@sb/domain';

/** An amount in minor units as the operator reads it, e.g. 12345 at scale 2 → "123.45". */
export function formatMoney(amountMinor: number, scale: number): string {
  return formatMinorUnits(amountMinor, scale);
}

/**
 * An amount in minor units with thousands separators and every decimal of its scale, for
 * figures that grow large (the dashboard's totals): 123456789 at scale 2 → "1,234,567.89".
 */
export function formatMoneyGrouped(amountMinor: number, scale: number): string {
  const [whole = '0', fraction] = formatMinorUnits(amountMinor, scale).split('.');
  const isNegative = whole.startsWith('-');
  const digits = isNegative ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${isNegative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** A signed amount with its sign always shown, for movements: +12.00, -3.50, 0.00. */
export function formatSignedMoney(amountMinor: number, scale: number): string {
  const text = formatMoneyGrouped(amountMinor, scale);
  return amountMinor > 0 ? `+${text}` : text;
}

/**
 * An amount typed by an operator, in minor units of a currency with `scale` decimals, or null
 * when it is not a plain non-negative decimal with at most that many decimals. Done on the
 * digits, never through floating point, so 0.29 is 29 and not 28.999….
 */
export function parseMoneyInput(text: string, scale: number): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > scale) return null;
  const minor = Number(`${whole}${fraction.padEnd(scale, '0')}`);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** A positive whole number typed in a field (an id), or null. */
export function parsePositiveId(text: string): number | null {
  if (!/^\d{1,15}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value > 0 ? value : null;
}

/** A comma-separated list of whole numbers; an empty field is an empty list; null when malformed. */
export function parseIntegerList(text: string): number[] | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (!parts.every((part) => /^\d{1,9}$/.test(part))) return null;
  return parts.map(Number);
}

/** The currencies of real money: the demo currency has no loans and no place in the book. */
export const realCurrencies = currencies.filter((currency) => !currency.isDemo);

/** Currencies as a SelectInput's choices: the id is chosen, the code is shown. */
export function currencyChoices(list: readonly Currency[]) {
  return list.map((currency) => ({ value: currency.currencyId, label: currency.currencyCode }));
}
