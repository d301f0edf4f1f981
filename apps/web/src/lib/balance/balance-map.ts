import type { BalanceEntry } from '@sb/contract';
import { formatDisplayAmount } from '@sb/domain';

/** A balance entry with what can be spent: SPEC §3 available = amount − frozen (minor units). */
export interface WalletBalance extends BalanceEntry {
  available: number;
}

/** SPEC §3: balances by assetID, in the order the server listed them (current currency first). */
export type BalanceMap = ReadonlyMap<string, WalletBalance>;

/** SPEC §3: an entry with no status is skipped, unless its currencyId is -1. */
export function isKeptEntry(entry: Pick<BalanceEntry, 'status' | 'currencyId'>): boolean {
  return Boolean(entry.status) || entry.currencyId === -1;
}

export function buildBalanceMap(entries: readonly BalanceEntry[]): BalanceMap {
  const map = new Map<string, WalletBalance>();
  for (const entry of entries) {
    if (!isKeptEntry(entry)) continue;
    map.set(entry.assetID, { ...entry, available: entry.amount - entry.frozen });
  }
  return map;
}

/**
 * The balance of the member's current currency: the session's asset when it is listed, else the
 * first entry, which the server answers with the current currency.
 */
export function currentBalance(map: BalanceMap, assetID: string): WalletBalance | undefined {
  return map.get(assetID) ?? map.values().next().value;
}

/**
 * What a stake may spend: the available cash and the bonus money (docs/promotions.md, Stakes of
 * bonus money: a stake the cash cannot cover spends bonus money, or bonus money first when the
 * site says so). The server still holds a stake above a bonus's maximum stake to cash alone.
 */
export function stakeableMinor(balance: WalletBalance): number {
  return balance.available + balance.bonusAmount;
}

/** SPEC §9: the available amount with 2 decimals and thousands separators. */
export function displayAvailable(balance: WalletBalance): string {
  return formatDisplayAmount(balance.available, balance.scale);
}
