import { formatPercentage } from '../../../lib/percent';

/**
 * Ten-thousandths (6667 = 66.67 %) as the site writes a percentage, to 5 significant digits
 * (SPEC §9, `lib/percent.ts`): "66.67%", "-12.5%", "100%", "0%".
 */
export function percentOfUnits(units: number): string {
  return formatPercentage(units / 100);
}
