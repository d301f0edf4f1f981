import {
  type ActivityProgress,
  acceptOddsChoice,
  betType,
  type MemberActivity,
  type OrderBet,
  type QualifyRule,
} from '@sb/contract';
import { oddsUnitsText } from '@sb/domain';

/**
 * What the activity panel shows of a member's activity, worked out apart from the screen: the
 * rule's terms as items of text, the progress towards a target, and whether and how a special
 * bet may be placed now.
 */

/** Where a member stands towards a qualifying target. */
export type ProgressState = 'running' | 'reached' | 'rewarded';

export function progressStateOf(progress: ActivityProgress): ProgressState {
  if (progress.rewarded) return 'rewarded';
  return progress.reached ? 'reached' : 'running';
}

/** The share of the target counted so far, 0–100, whole; a reached target is full. */
export function progressPercentOf(progress: ActivityProgress): number {
  if (progress.reached || progress.rewarded) return 100;
  if (progress.target <= 0) return 0;
  const share = Math.floor((Math.max(0, progress.counted) * 100) / progress.target);
  return Math.min(99, share);
}

/**
 * One line of a qualifying rule in words: a key of `activityStanding.terms` with its values.
 * Sports and plays come as ids, which the screen names.
 */
export type QualifyTerm =
  | { key: 'sports'; sportIds: readonly number[] }
  | { key: 'anySport' }
  | { key: 'plays'; sportIds: readonly number[]; playIds: readonly number[] }
  | { key: 'anyMarket' }
  | { key: 'minOdds'; odds: string }
  | { key: 'minStake'; amountMinor: number }
  | { key: 'targetCount'; target: number }
  | { key: 'targetStake'; amountMinor: number };

export function qualifyTermsOf(rule: QualifyRule): QualifyTerm[] {
  const terms: QualifyTerm[] = [
    rule.sportIds.length > 0 ? { key: 'sports', sportIds: rule.sportIds } : { key: 'anySport' },
    rule.playIds.length > 0
      ? { key: 'plays', sportIds: rule.sportIds, playIds: rule.playIds }
      : { key: 'anyMarket' },
  ];
  if (rule.minOdds > 0) terms.push({ key: 'minOdds', odds: oddsUnitsText(rule.minOdds) });
  if (rule.minStake > 0) terms.push({ key: 'minStake', amountMinor: rule.minStake });
  terms.push(
    rule.measure === 'count'
      ? { key: 'targetCount', target: rule.target }
      : { key: 'targetStake', amountMinor: rule.target },
  );
  return terms;
}

/** Why a special bet cannot be placed now; null when it can. */
export type SpecialBlock = 'notRunning' | 'ineligible' | 'offOffer' | 'nothingLeft';

export function specialBlockOf(activity: MemberActivity): SpecialBlock | null {
  if (activity.status !== 'running') return 'notRunning';
  if (!activity.eligible) return 'ineligible';
  const special = activity.special;
  if (!special) return 'offOffer';
  if (!special.selection.onOffer || special.selection.odds === null) return 'offOffer';
  if (special.stakeLeft <= 0 || special.liabilityLeft <= 0) return 'nothingLeft';
  return null;
}

/**
 * What is wrong with a stake typed for a special bet, in minor units (null: not an amount), or
 * null when it may go: above 0 and within what is left of the member's cap. The liability the
 * activity can still take is the server's to judge on the price it strikes.
 */
export function specialStakeProblemOf(
  stakeMinor: number | null,
  stakeLeft: number,
): 'invalid' | 'aboveStakeLeft' | null {
  if (stakeMinor === null || stakeMinor <= 0) return 'invalid';
  return stakeMinor > stakeLeft ? 'aboveStakeLeft' : null;
}

/**
 * The bet a special bet seals: a single on exactly the activity's selection at the book's price
 * shown, in the activity's currency, taking only a better price if it moved.
 */
export function specialBetOf(activity: MemberActivity, stakeMinor: number): OrderBet | null {
  const selection = activity.special?.selection;
  if (!selection || selection.odds === null) return null;
  const positive = (value: number | null) => (value !== null && value > 0 ? value : undefined);
  const sportId = positive(selection.sportId);
  const playId = positive(selection.playId);
  return {
    betType: betType.single,
    stake: stakeMinor,
    scale: activity.scale,
    currencyId: activity.currencyId,
    acceptOdds: acceptOddsChoice.onlyBetter,
    selections: [
      {
        optId: selection.optId,
        odds: selection.odds,
        gameId: selection.gameId,
        ...(sportId ? { sportId } : {}),
        ...(playId ? { playId } : {}),
      },
    ],
  };
}

/** The activity of a post among the member's, or null when the post carries none. */
export function activityOfPost(
  records: readonly MemberActivity[],
  postId: number,
): MemberActivity | null {
  return records.find((record) => record.postId === postId) ?? null;
}

/**
 * What a qualifying reward pays, as parts of its words (keys of `activityStanding.reward`):
 * cash; bonus money with its rollover and days, and the largest stake that counts; or a free bet
 * of the reward's amount with the days it may be used in, and the least total odds of its bet.
 */
export type RewardTerm =
  | { key: 'cash' }
  | { key: 'bonus'; multiple: number; days: number }
  | { key: 'maxStake'; amountMinor: number }
  /** `odds`: the least total odds of the free bet's bet, or null for none. */
  | { key: 'freeBet'; days: number; odds: string | null };

export function rewardTermsOf(
  activity: Pick<
    MemberActivity,
    'money' | 'rolloverMultiple' | 'bonusDays' | 'maxStake' | 'freeBetMinOdds'
  >,
): RewardTerm[] {
  switch (activity.money) {
    case 'bonus':
      return [
        { key: 'bonus', multiple: activity.rolloverMultiple, days: activity.bonusDays },
        ...(activity.maxStake > 0
          ? [{ key: 'maxStake' as const, amountMinor: activity.maxStake }]
          : []),
      ];
    case 'free_bet':
      return [
        {
          key: 'freeBet',
          days: activity.bonusDays,
          odds: activity.freeBetMinOdds > 0 ? oddsUnitsText(activity.freeBetMinOdds) : null,
        },
      ];
    default:
      return [{ key: 'cash' }];
  }
}
