import type { BalanceEntry } from '@sb/contract';

/** The money of a member's that is not cash in the wallet, by the key of its label. */
export type BalancePartKey = 'bonus' | 'inGames' | 'inMarkets';

export interface BalancePart {
  key: BalancePartKey;
  /** Minor units of the entry's currency. */
  amountMinor: number;
}

/**
 * The parts the center wallet shows under a currency's cash amount, in a fixed order: bonus
 * money, money in games, capital in markets; only those that are not zero, so a member who has
 * none of them sees the list as before.
 */
export function balancePartsOf(
  entry: Pick<BalanceEntry, 'bonusAmount' | 'gameAmount' | 'marketAmount'>,
): BalancePart[] {
  const parts: BalancePart[] = [
    { key: 'bonus', amountMinor: entry.bonusAmount },
    { key: 'inGames', amountMinor: entry.gameAmount },
    { key: 'inMarkets', amountMinor: entry.marketAmount },
  ];
  return parts.filter((part) => part.amountMinor !== 0);
}
