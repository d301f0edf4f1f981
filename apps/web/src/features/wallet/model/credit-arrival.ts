import type { BalanceMap } from '../../../lib/balance/balance-map';

/** Money that arrived in a currency the member does not play in. */
export interface CreditArrival {
  currencyId: number;
  assetID: string;
  currencyCode: string;
  /** How much arrived, in the currency's minor units. */
  amountMinor: number;
  scale: number;
}

/**
 * The first currency other than the play currency whose amount rose between two reads of the
 * same member's balances (a deposit credited there, typically); null when none did.
 */
export function creditArrivalOf(
  before: BalanceMap,
  after: BalanceMap,
  playAssetID: string,
): CreditArrival | null {
  for (const entry of after.values()) {
    if (entry.assetID === playAssetID) continue;
    const rise = entry.amount - (before.get(entry.assetID)?.amount ?? 0);
    if (rise > 0)
      return {
        currencyId: entry.currencyId,
        assetID: entry.assetID,
        currencyCode: entry.currencyCode,
        amountMinor: rise,
        scale: entry.scale,
      };
  }
  return null;
}
