import type { MarketOption } from '@sb/contract';
import { optionStatus } from '@sb/contract';
import { marketFamilyOf } from '@sb/domain';

/**
 * Outcomes a market of more than this many shows only while they are offered: a correct score,
 * set betting, exact goals or number of sets lists what can still happen. A two- or three-way
 * market keeps every outcome, with a padlock on one that cannot be bet now.
 */
const padlockedOutcomesMax = 3;

/** A price a member can take now; 0 for an option that is closed or has none. */
export function openPriceOf(option: Pick<MarketOption, 's' | 'o'>): number {
  return option.s === optionStatus.open && option.o > 1 ? option.o : 0;
}

/**
 * The options of one line as the board and the detail list them: outcomes the score has ruled
 * out (status 5, not offered) left out of a market of many outcomes that still offers others
 * (when none is offered, the market is closed as a whole, a race at the off say, and its field
 * stays in sight behind padlocks), and an outright's runners
 * by price, shortest first, those without a price last (a bettor reads an outright market as a
 * betting list, favourite on top). Everything else keeps the feed's order.
 */
export function shownOptions(
  sportId: number,
  options: readonly MarketOption[],
): readonly MarketOption[] {
  const stillOffered = options.filter((option) => option.s !== optionStatus.notOffered);
  const offered =
    options.length > padlockedOutcomesMax && stillOffered.length > 0 ? stillOffered : options;
  if (marketFamilyOf(sportId) !== 'outright') return offered;
  const priceRank = (option: MarketOption) => openPriceOf(option) || Number.POSITIVE_INFINITY;
  return [...offered].sort((left, right) => priceRank(left) - priceRank(right));
}
