import type { Bonus } from '@sb/contract';
import { formatPercentage } from '../../../lib/percent';

/** How far a bonus's rollover has come, as the center wallet draws it. */
export interface RolloverProgress {
  /** Stakes counted and asked for, minor units of the bonus's currency. */
  countedMinor: number;
  requiredMinor: number;
  /** The bar's fill, 0 to 1. */
  share: number;
  /** SPEC §9's percentage, 5 significant digits: "37.5%". */
  percentText: string;
  isComplete: boolean;
}

/**
 * The rollover of a bonus: counted over required, the bar never past full. A rollover short of
 * its end never reads "100%" (99.9996% would round up to it at 5 digits): the last step shows
 * as 99.999% until it is all counted.
 */
export function rolloverProgressOf(
  bonus: Pick<Bonus, 'rolloverCounted' | 'rolloverRequired'>,
): RolloverProgress {
  const countedMinor = Math.max(0, bonus.rolloverCounted);
  const requiredMinor = Math.max(0, bonus.rolloverRequired);
  const isComplete = countedMinor >= requiredMinor;
  const share = isComplete ? 1 : countedMinor / requiredMinor;
  const percent = isComplete ? 100 : Math.min(99.999, share * 100);
  return { countedMinor, requiredMinor, share, percentText: formatPercentage(percent), isComplete };
}

/** The active bonuses the center wallet shows, soonest to expire first. */
export function activeBonusesOf(bonuses: readonly Bonus[]): Bonus[] {
  return bonuses
    .filter((bonus) => bonus.status === 'active')
    .sort((one, other) => one.expiresAt - other.expiresAt);
}
