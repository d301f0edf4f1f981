import {
  type activityCampaignCreate,
  activityLimits,
  type CallInput,
  type PromotionMoney,
  promotionLimits,
  type QualifyMeasure,
} from '@sb/contract';
import { findCurrencyById, ODDS_SCALE } from '@sb/domain';
import {
  epochMsOfLocalInput,
  hasControlCharacter,
  localInputOf,
  minorOf,
  wholeNumberOf,
} from './campaign-draft';

/** What an activity pays by: a qualifying condition with its reward, or a special bet. */
export type ActivityRuleType = 'qualify' | 'special';

/**
 * An activity campaign as the create form holds it: texts as typed, amounts in major units of
 * the chosen currency (123.45), odds as decimal odds (1.50), times as `datetime-local` values
 * in the operator's own zone.
 */
export interface ActivityDraft {
  titleEn: string;
  titleZh: string;
  titleZht: string;
  /** The activity post members read; 0 until one is picked. */
  postId: number;
  currencyId: number;
  /** What a qualifying reward pays; a special bet's top-ups are always cash. */
  money: PromotionMoney;
  rolloverMultiple: string;
  bonusDays: string;
  /** Empty for no limit. */
  maxStake: string;
  /** The budget; for a special bet its total liability cap. */
  total: string;
  startsAt: string;
  endsAt: string;
  minDeposit: string;
  minTurnover: string;
  eligibilityDays: string;
  riskLevels: readonly number[];
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
export interface ActivityProblem {
  key:
    | 'title'
    | 'post'
    | 'currency'
    | 'amount'
    | 'startsAt'
    | 'endsAt'
    | 'rolloverMultiple'
    | 'bonusDays'
    | 'eligibilityDays'
    | 'playIds'
    | 'minOdds'
    | 'targetCount'
    | 'rewardAboveTotal'
    | 'gameId'
    | 'optId'
    | 'boostedOdds';
  values?: Record<string, string | number>;
}

/** A new draft: a qualifying cash activity from the next whole hour for a week. */
export function newActivityDraft(nowMs: number, currencyId: number): ActivityDraft {
  const hourMs = 3_600_000;
  const startsAt = Math.ceil(nowMs / hourMs) * hourMs;
  return {
    titleEn: '',
    titleZh: '',
    titleZht: '',
    postId: 0,
    currencyId,
    money: 'cash',
    rolloverMultiple: '1',
    bonusDays: '7',
    maxStake: '',
    total: '',
    startsAt: localInputOf(startsAt),
    endsAt: localInputOf(startsAt + 7 * 24 * hourMs),
    minDeposit: '',
    minTurnover: '',
    eligibilityDays: '',
    riskLevels: [],
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

/**
 * Decimal odds typed by an operator (1.5, 2.15, 1000) in ten-thousandths, or null when not a
 * plain decimal with at most four decimals. Done on the digits, never through floating point.
 */
export function oddsUnitsOf(text: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  return Number(whole) * ODDS_SCALE + Number(fraction.padEnd(4, '0'));
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
  const fail = (key: ActivityProblem['key'], values?: ActivityProblem['values']): Answer => ({
    problem: values ? { key, values } : { key },
  });
  const titles = [draft.titleEn, draft.titleZh, draft.titleZht].map((title) => title.trim());
  if (
    titles.some(
      (title) => !title || title.length > promotionLimits.title || hasControlCharacter(title),
    )
  )
    return fail('title', { max: promotionLimits.title });
  if (!Number.isSafeInteger(draft.postId) || draft.postId < 1) return fail('post');
  const currency = findCurrencyById(draft.currencyId);
  if (!currency || currency.isDemo) return fail('currency');
  const { scale } = currency;
  const amountProblem = (field: string) => fail('amount', { field, scale });
  const total = minorOf(draft.total, scale, 1);
  if (total === null) return amountProblem('total');
  const startsAt = epochMsOfLocalInput(draft.startsAt);
  if (startsAt === null) return fail('startsAt');
  const endsAt = epochMsOfLocalInput(draft.endsAt);
  if (endsAt === null || endsAt <= startsAt) return fail('endsAt');
  const isSpecial = draft.ruleType === 'special';
  const money: PromotionMoney = isSpecial ? 'cash' : draft.money;
  let bonus = { rolloverMultiple: 0, bonusDays: 0, maxStake: 0 };
  if (money === 'bonus') {
    const rolloverMultiple = wholeNumberOf(
      draft.rolloverMultiple,
      1,
      promotionLimits.rolloverMultipleMax,
    );
    if (rolloverMultiple === null)
      return fail('rolloverMultiple', { max: promotionLimits.rolloverMultipleMax });
    const bonusDays = wholeNumberOf(draft.bonusDays, 1, promotionLimits.bonusDaysMax);
    if (bonusDays === null) return fail('bonusDays', { max: promotionLimits.bonusDaysMax });
    const maxStake = minorOf(draft.maxStake, scale, 0, 0);
    if (maxStake === null) return amountProblem('maxStake');
    bonus = { rolloverMultiple, bonusDays, maxStake };
  }
  const minDeposit = minorOf(draft.minDeposit, scale, 0, 0);
  if (minDeposit === null) return amountProblem('minDeposit');
  const minTurnover = minorOf(draft.minTurnover, scale, 0, 0);
  if (minTurnover === null) return amountProblem('minTurnover');
  const hasCondition = minDeposit > 0 || minTurnover > 0;
  const eligibilityDays = wholeNumberOf(
    draft.eligibilityDays,
    hasCondition ? 1 : 0,
    promotionLimits.eligibilityDaysMax,
    hasCondition ? undefined : 0,
  );
  if (eligibilityDays === null)
    return fail('eligibilityDays', { max: promotionLimits.eligibilityDaysMax });
  const rule = isSpecial ? specialRuleOf(draft, scale) : qualifyRuleOf(draft, scale, total);
  if ('problem' in rule) return rule;
  const [titleEn = '', titleZh = '', titleZht = ''] = titles;
  return {
    input: {
      titleEn,
      titleZh,
      titleZht,
      postId: draft.postId,
      currencyId: currency.currencyId,
      money,
      ...bonus,
      total,
      startsAt,
      endsAt,
      minDeposit,
      minTurnover,
      eligibilityDays,
      riskLevels: [...new Set(draft.riskLevels)].sort((one, other) => one - other),
      rule: rule.rule,
    },
  };
}

type RuleAnswer = { rule: ActivityInput['rule'] } | { problem: ActivityProblem };

function qualifyRuleOf(draft: ActivityDraft, scale: number, total: number): RuleAnswer {
  const fail = (key: ActivityProblem['key'], values?: ActivityProblem['values']): RuleAnswer => ({
    problem: values ? { key, values } : { key },
  });
  const playIds = idListOf(draft.playIds);
  if (playIds === null || playIds.length > activityLimits.idsMax)
    return fail('playIds', { max: activityLimits.idsMax });
  const sportIds = [...new Set(draft.sportIds)].sort((one, other) => one - other);
  let minOdds = 0;
  if (draft.minOdds.trim() !== '') {
    const units = oddsUnitsOf(draft.minOdds);
    if (
      units === null ||
      units < activityLimits.boostedOddsMin ||
      units > activityLimits.minOddsMax
    )
      return fail('minOdds');
    minOdds = units;
  }
  const minStake = minorOf(draft.minStake, scale, 0, 0);
  if (minStake === null) return fail('amount', { field: 'minStake', scale });
  let target: number | null;
  if (draft.measure === 'count') {
    const text = draft.target.trim();
    target = /^\d{1,13}$/.test(text) ? Number(text) : null;
    if (target === null || target < 1 || target > activityLimits.targetMax)
      return fail('targetCount', { max: activityLimits.targetMax });
  } else {
    target = minorOf(draft.target, scale, 1);
    if (target === null || target > activityLimits.targetMax)
      return fail('amount', { field: 'targetStake', scale });
  }
  const reward = minorOf(draft.reward, scale, 1);
  if (reward === null) return fail('amount', { field: 'reward', scale });
  if (reward > total) return fail('rewardAboveTotal');
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
  const fail = (key: ActivityProblem['key'], values?: ActivityProblem['values']): RuleAnswer => ({
    problem: values ? { key, values } : { key },
  });
  const gameText = draft.gameId.trim();
  const gameId = /^\d{1,16}$/.test(gameText) ? Number(gameText) : null;
  if (gameId === null || gameId < 1 || !Number.isSafeInteger(gameId)) return fail('gameId');
  const optId = draft.optId.trim();
  if (optId === '' || optId.length > 400 || hasControlCharacter(optId)) return fail('optId');
  const boostedOdds = oddsUnitsOf(draft.boostedOdds);
  if (
    boostedOdds === null ||
    boostedOdds < activityLimits.boostedOddsMin ||
    boostedOdds > activityLimits.boostedOddsMax
  )
    return fail('boostedOdds');
  const stakeCap = minorOf(draft.stakeCap, scale, 1);
  if (stakeCap === null) return fail('amount', { field: 'stakeCap', scale });
  return { rule: { type: 'special', optId, gameId, boostedOdds, stakeCap } };
}
