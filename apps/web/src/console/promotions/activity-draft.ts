import {
  type activityCampaignCreate,
  activityLimits,
  type CallInput,
  type PromotionMoney,
  type QualifyMeasure,
} from '@sb/contract';
import {
  amountProblem,
  type CampaignTermsDraft,
  currencyOf,
  type DraftProblem,
  eligibilityOf,
  hasControlCharacter,
  minorOf,
  moneyTermsOf,
  newTermsDraft,
  oddsUnitsOf,
  problemOf,
  type TermsProblemKey,
  titlesOf,
  windowOf,
} from './campaign-terms';

/** What an activity pays by: a qualifying condition with its reward, or a special bet. */
export type ActivityRuleType = 'qualify' | 'special';

/**
 * An activity campaign as the create form holds it: the terms every campaign has (`money`
 * being what a qualifying reward pays, a special bet's top-ups always cash, and `total` the
 * budget, for a special bet its total liability cap), the activity post members read, and
 * the rule it pays by, odds typed as decimal odds (1.50).
 */
export interface ActivityDraft extends CampaignTermsDraft {
  /** The activity post members read; 0 until one is picked. */
  postId: number;
  ruleType: ActivityRuleType;
  /** Qualifying: sports ticked (none: every sport). */
  sportIds: readonly number[];
  /** Qualifying: play ids, separated by commas or spaces (empty: every play). */
  playIds: string;
  /** Qualifying: decimal odds; empty for none. */
  minOdds: string;
  /** Qualifying: major units; empty for none. */
  minStake: string;
  measure: QualifyMeasure;
  /** Qualifying: bets to count (`count`) or an amount to stake (`stake`). */
  target: string;
  reward: string;
  /** Special: the match (event) id, the option id, boosted decimal odds, the stake cap. */
  gameId: string;
  optId: string;
  boostedOdds: string;
  stakeCap: string;
}

export type ActivityInput = CallInput<typeof activityCampaignCreate>;

/** What is wrong with a draft: a text key of `promotions.activity.problems`, with its values. */
export type ActivityProblem = DraftProblem<
  | TermsProblemKey
  | 'post'
  | 'playIds'
  | 'minOdds'
  | 'targetCount'
  | 'rewardAboveTotal'
  | 'gameId'
  | 'optId'
  | 'boostedOdds'
>;

/** A new draft: a qualifying cash activity from the next whole hour for a week. */
export function newActivityDraft(nowMs: number, currencyId: number): ActivityDraft {
  return {
    ...newTermsDraft(nowMs, currencyId, 7),
    postId: 0,
    ruleType: 'qualify',
    sportIds: [],
    playIds: '',
    minOdds: '',
    minStake: '',
    measure: 'count',
    target: '',
    reward: '',
    gameId: '',
    optId: '',
    boostedOdds: '',
    stakeCap: '',
  };
}

/** Ids typed as a list (commas, spaces, Chinese commas), deduplicated and sorted, or null. */
export function idListOf(text: string): number[] | null {
  const parts = text.split(/[\s,，、]+/).filter((part) => part !== '');
  const ids: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,10}$/.test(part)) return null;
    const id = Number(part);
    if (id < 1 || id > 2_147_483_647) return null;
    ids.push(id);
  }
  return [...new Set(ids)].sort((one, other) => one - other);
}

type Answer = { input: ActivityInput } | { problem: ActivityProblem };

/**
 * The create call's fields for a draft, or the first problem found, by the same rules as the
 * contract's input (the server checks all of it again). Bonus fields are sent only for a
 * qualifying reward in bonus money; a special bet is always cash. Amounts in minor units by the
 * currency's scale, odds in ten-thousandths.
 */
export function activityInputOf(draft: ActivityDraft): Answer {
  const titles = titlesOf(draft);
  if ('problem' in titles) return titles;
  if (!Number.isSafeInteger(draft.postId) || draft.postId < 1) return problemOf('post');
  const currency = currencyOf(draft);
  if ('problem' in currency) return currency;
  const { scale } = currency.currency;
  const total = minorOf(draft.total, scale, 1);
  if (total === null) return amountProblem('total', scale);
  const window = windowOf(draft);
  if ('problem' in window) return window;
  const isSpecial = draft.ruleType === 'special';
  const money: PromotionMoney = isSpecial ? 'cash' : draft.money;
  const terms = moneyTermsOf(draft, money, scale);
  if ('problem' in terms) return terms;
  const eligibility = eligibilityOf(draft, scale);
  if ('problem' in eligibility) return eligibility;
  const rule = isSpecial ? specialRuleOf(draft, scale) : qualifyRuleOf(draft, scale, total);
  if ('problem' in rule) return rule;
  return {
    input: {
      ...titles.titles,
      postId: draft.postId,
      currencyId: currency.currency.currencyId,
      money,
      ...terms.terms,
      total,
      ...window.window,
      ...eligibility.eligibility,
      rule: rule.rule,
    },
  };
}

type RuleAnswer = { rule: ActivityInput['rule'] } | { problem: ActivityProblem };

function qualifyRuleOf(draft: ActivityDraft, scale: number, total: number): RuleAnswer {
  const playIds = idListOf(draft.playIds);
  if (playIds === null || playIds.length > activityLimits.idsMax)
    return problemOf('playIds', { max: activityLimits.idsMax });
  const sportIds = [...new Set(draft.sportIds)].sort((one, other) => one - other);
  let minOdds = 0;
  if (draft.minOdds.trim() !== '') {
    const units = oddsUnitsOf(draft.minOdds);
    if (
      units === null ||
      units < activityLimits.boostedOddsMin ||
      units > activityLimits.minOddsMax
    )
      return problemOf('minOdds');
    minOdds = units;
  }
  const minStake = minorOf(draft.minStake, scale, 0, 0);
  if (minStake === null) return amountProblem('minStake', scale);
  let target: number | null;
  if (draft.measure === 'count') {
    const text = draft.target.trim();
    target = /^\d{1,13}$/.test(text) ? Number(text) : null;
    if (target === null || target < 1 || target > activityLimits.targetMax)
      return problemOf('targetCount', { max: activityLimits.targetMax });
  } else {
    target = minorOf(draft.target, scale, 1);
    if (target === null || target > activityLimits.targetMax)
      return amountProblem('targetStake', scale);
  }
  const reward = minorOf(draft.reward, scale, 1);
  if (reward === null) return amountProblem('reward', scale);
  if (reward > total) return problemOf('rewardAboveTotal');
  return {
    rule: {
      type: 'qualify',
      sportIds,
      playIds,
      minOdds,
      minStake,
      measure: draft.measure,
      target,
      reward,
    },
  };
}

function specialRuleOf(draft: ActivityDraft, scale: number): RuleAnswer {
  const gameText = draft.gameId.trim();
  const gameId = /^\d{1,16}$/.test(gameText) ? Number(gameText) : null;
  if (gameId === null || gameId < 1 || !Number.isSafeInteger(gameId)) return problemOf('gameId');
  const optId = draft.optId.trim();
  if (optId === '' || optId.length > 400 || hasControlCharacter(optId)) return problemOf('optId');
  const boostedOdds = oddsUnitsOf(draft.boostedOdds);
  if (
    boostedOdds === null ||
    boostedOdds < activityLimits.boostedOddsMin ||
    boostedOdds > activityLimits.boostedOddsMax
  )
    return problemOf('boostedOdds');
  const stakeCap = minorOf(draft.stakeCap, scale, 1);
  if (stakeCap === null) return amountProblem('stakeCap', scale);
  return { rule: { type: 'special', optId, gameId, boostedOdds, stakeCap } };
}
