import { z } from 'zod';
import { boundedInt, int32IdField } from './common';

/**
 * The rules of an activity that pays (docs/promotions.md, Activities that pay), apart from the
 * calls so that the campaign desk's answer (`promotions.ts`) and the activity calls
 * (`activities.ts`) both read them without importing each other.
 */

/** Bounds of an activity's rules. */
export const activityLimits = {
  /** Sports or plays named by one qualifying rule. */
  idsMax: 50,
  /** A qualifying target: orders counted, or minor units staked. */
  targetMax: 1_000_000_000_000,
  /** Boosted odds, ten-thousandths: 1.01 … 1000. */
  boostedOddsMin: 10_100,
  boostedOddsMax: 10_000_000,
  /** Least odds of a qualifying rule, ten-thousandths; 0 for none. */
  minOddsMax: 10_000_000,
  amountMax: 1_000_000_000_000,
} as const;

/** What a qualifying rule measures: orders that qualify, or the sum of their stakes. */
export const qualifyMeasures = ['count', 'stake'] as const;
export type QualifyMeasure = (typeof qualifyMeasures)[number];

const idList = () =>
  z
    .array(int32IdField())
    .max(activityLimits.idsMax, `at most ${activityLimits.idsMax} ids`)
    .default([]);

/**
 * A qualifying condition over the member's sports wagers placed in the campaign's window and
 * decided by their result, and the reward for reaching it (once per member, in the campaign's
 * money).
 */
export const qualifyRuleSchema = z.strictObject({
  type: z.literal('qualify'),
  /** Sports whose wagers count (every leg of a parlay); empty for every sport. */
  sportIds: idList(),
  /** Plays whose wagers count (every leg of a parlay); empty for every play. */
  playIds: idList(),
  /** Least total odds as struck, ten-thousandths; 0 for none. */
  minOdds: boundedInt(0, activityLimits.minOddsMax).default(0),
  /** Least stake, minor units; 0 for none. */
  minStake: boundedInt(0, activityLimits.amountMax).default(0),
  measure: z.enum(qualifyMeasures),
  /** Orders to count (measure `count`) or minor units to stake (measure `stake`). */
  target: boundedInt(1, activityLimits.targetMax),
  /** What reaching the target pays, minor units: cash, or bonus money with the campaign's terms. */
  reward: boundedInt(1, activityLimits.amountMax),
});
export type QualifyRule = z.infer<typeof qualifyRuleSchema>;

/**
 * A special bet: one named selection at boosted odds. The bet is struck at the book's price
 * through the normal engine; on a win the extra the boost pays over the book's price is topped
 * up from the campaign's budget, which is the total liability cap.
 */
export const specialRuleSchema = z.strictObject({
  type: z.literal('special'),
  /** The selection's option id, as order selections name it. */
  optId: z.string('must be an option id').min(1).max(400),
  /** The selection's match (event) id. */
  gameId: boundedInt(1, Number.MAX_SAFE_INTEGER),
  /** The odds the activity pays, ten-thousandths. */
  boostedOdds: boundedInt(activityLimits.boostedOddsMin, activityLimits.boostedOddsMax),
  /** The most one member may stake on it over the activity, minor units. */
  stakeCap: boundedInt(1, activityLimits.amountMax),
});
export type SpecialRule = z.infer<typeof specialRuleSchema>;

export const activityRuleSchema = z.discriminatedUnion('type', [
  qualifyRuleSchema,
  specialRuleSchema,
]);
export type ActivityRule = z.infer<typeof activityRuleSchema>;

/** An activity campaign's own terms: the post members read and the rule the engine enforces. */
export const activityTermsSchema = z.object({
  /** The site post (kind `activity`) that presents it. */
  postId: z.number().int(),
  rule: activityRuleSchema,
});
export type ActivityTerms = z.infer<typeof activityTermsSchema>;
