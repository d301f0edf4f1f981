import { formatDisplayAmount } from '@sb/domain';

/** Minor units as the member reads them: `1,234.50 CNY`. */
export function moneyText(minor: number, scale: number, currencyCode: string): string {
  const amount = formatDisplayAmount(minor, scale);
  return currencyCode ? `${amount} ${currencyCode}` : amount;
}

/** Basis points as a percentage: 100 → `1%`, 150 → `1.5%`. */
export function bpsText(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}
