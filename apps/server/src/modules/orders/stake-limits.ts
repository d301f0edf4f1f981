import { firstChampionPlayId } from '@sb/contract';
import type { Currency } from '@sb/domain';

/**
 * Stake limits per bet. A currency has a minimum and a maximum stake in its minor units; the
 * maximum shrinks for riskier bets: the smallest share of every leg's play, halved again for a
 * live bet and for a parlay. Operators will edit these; until then this table is the book's
 * policy (docs/betting.md).
 */
export interface StakeLimit {
  minMinor: number;
  maxMinor: number;
}

/** Per currency code, in minor units (CNY 1.00 is 100; BTC 0.0001 is 10_000). */
const currencyStakeLimits: Record<string, StakeLimit> = {
  CNY: { minMinor: 100, maxMinor: 5_000_000 },
  USD: { minMinor: 100, maxMinor: 1_000_000 },
  BRL: { minMinor: 100, maxMinor: 5_000_000 },
  USDT: { minMinor: 1_000_000, maxMinor: 10_000_000_000 },
  BTC: { minMinor: 10_000, maxMinor: 50_000_000 },
  ETH: { minMinor: 100_000, maxMinor: 500_000_000 },
  TRX: { minMinor: 10_000_000, maxMinor: 100_000_000_000 },
  DEMO: { minMinor: 100, maxMinor: 10_000_000 },
};

/** Share of the currency's maximum a play takes: long shots with thin markets take less. */
const playShares = new Map<number, number>([
  [8, 0.5], // correct score
  [9, 0.5], // exact goals
  [10, 0.5], // winning margin
]);
const championShare = 0.2;
const liveShare = 0.5;
const parlayShare = 0.5;

function playShareOf(playId: number): number {
  if (playId >= firstChampionPlayId) return championShare;
  return playShares.get(playId) ?? 1;
}

/** The limit for a bet in `currency` over legs of `playIds`. */
export function stakeLimitFor(
  currency: Currency,
  bet: { playIds: readonly number[]; isLive: boolean; isParlay: boolean },
): StakeLimit {
  const base = currencyStakeLimits[currency.currencyCode] ?? {
    minMinor: 10 ** currency.scale,
    maxMinor: 1_000 * 10 ** currency.scale,
  };
  let share = Math.min(...bet.playIds.map(playShareOf));
  if (bet.isLive) share *= liveShare;
  if (bet.isParlay) share *= parlayShare;
  return {
    minMinor: base.minMinor,
    maxMinor: Math.max(base.minMinor, Math.floor(base.maxMinor * share)),
  };
}
