import { rolloverMinOdds } from '@sb/contract';

/**
 * What each product's settled wagers count towards a rollover (docs/promotions.md, Rollover):
 * the percentage of the stake that stood, and the least odds a wager needs (ten-thousandths),
 * for a product whose wagers have odds. A product not named here counts 0: a product that lands
 * later counts once it adds its line, with no other change (its kinds in the ledger's
 * wagering.ts already bring its wagers to the rollover pass).
 */
export type RolloverRules = Readonly<
  Record<string, { contributionPercent: number; minOddsUnits?: number }>
>;

export const rolloverRules: RolloverRules = {
  sports: { contributionPercent: 100, minOddsUnits: rolloverMinOdds },
};

/** The part of a stake a wager of `product` counts for, in minor units (rounded down). */
export function countedAmountOf(
  product: string,
  staked: number,
  rules: RolloverRules = rolloverRules,
): number {
  const percent = rules[product]?.contributionPercent ?? 0;
  if (percent <= 0 || staked <= 0) return 0;
  return Math.floor((staked * percent) / 100);
}

/**
 * What a product says of its wager beyond the wagering record: whether it still stands settled
 * by result (a sports bet settled and not void, not rolled back), and its odds.
 */
export interface WagerTerms {
  standsSettled: boolean;
  oddsUnits: number;
}

/** Reads the terms of a product's wagers by reference; unknown ones left out. */
export type WagerTermsReader = (references: readonly string[]) => Promise<Map<string, WagerTerms>>;

/** Whether a wager with these terms (none read for a product without a reader) may count. */
export function termsQualify(
  product: string,
  terms: WagerTerms | undefined | null,
  rules: RolloverRules = rolloverRules,
): boolean {
  if (terms === null) return true;
  if (!terms?.standsSettled) return false;
  const minOdds = rules[product]?.minOddsUnits;
  return minOdds === undefined || terms.oddsUnits >= minOdds;
}
