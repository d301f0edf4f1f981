import { z } from 'zod';
import { activityRuleSchema, qualifyRuleSchema, specialRuleSchema } from './activity-terms';
import { defineCall } from './call';
import { boundedInt, currencyIdField, epochMsField } from './common';
import { idField } from './desk-fields';
import { orderRecordSchema } from './order';
import {
  campaignStatuses,
  deskCampaignSchema,
  eligibilitySchema,
  freeBetMinOddsField,
  moneyTermIssues,
  promotionLimits,
  promotionMoneyKinds,
} from './promotions';
import { plainTextField } from './site-content';

/**
 * Activities that pay: an activity post (site content, kind `activity`) carrying rules the
 * engine enforces, run as a campaign of kind `activity` (its budget, lifecycle, figures and
 * audit are the campaign's). Either a qualifying condition over settled wagers with a reward in
 * cash, bonus money or a free bet, or a special bet: boosted odds on one named selection, placed through
 * the normal betting engine, with a stake cap per member and the budget as its total liability
 * cap. docs/promotions.md, Activities that pay, records the design.
 */

const tag = 'promotions';

export * from './activity-terms';

/** A qualifying activity's standing for one member. */
export const activityProgressSchema = z.object({
  /** Orders counted (measure `count`) or minor units of their stakes (measure `stake`). */
  counted: z.number().int(),
  target: z.number().int(),
  /** The target is reached. */
  reached: z.boolean(),
  /** The reward is paid; false while a reached target waits for the budget. */
  rewarded: z.boolean(),
  /** What was paid, minor units; 0 until paid. */
  rewardAmount: z.number().int(),
  /** The bonus the reward granted (bonus money); null for cash and free bets, or until paid. */
  bonusId: z.number().int().nullable(),
  /** The free bet the reward granted (money `free_bet`); null otherwise, or until paid. */
  freeBetId: z.number().int().nullable(),
  rewardedAt: z.number().int().nullable(),
});
export type ActivityProgress = z.infer<typeof activityProgressSchema>;

/** The named selection of a special bet as the book offers it now. */
export const activitySelectionSchema = z.object({
  optId: z.string(),
  gameId: z.number().int(),
  sportId: z.number().int().nullable(),
  playId: z.number().int().nullable(),
  /** The match's sides (an outright's title in `home`), empty when it left the book. */
  home: z.string(),
  away: z.string(),
  /** The book's name of the outcome; empty when it left the book. */
  optName: z.string(),
  /** The book's price for this member now, ten-thousandths; null when not on offer. */
  odds: z.number().int().nullable(),
  onOffer: z.boolean(),
});
export type ActivitySelection = z.infer<typeof activitySelectionSchema>;

/** A special bet's standing for one member: what is left of each cap. */
export const activitySpecialStandingSchema = z.object({
  /** Staked by this member on the special bet so far (refused and released bets not counted). */
  staked: z.number().int(),
  /** What the member may still stake: the stake cap less what they staked. */
  stakeLeft: z.number().int(),
  /** What the budget can still top up: the budget less every top-up reserved and paid. */
  liabilityLeft: z.number().int(),
  selection: activitySelectionSchema,
});
export type ActivitySpecialStanding = z.infer<typeof activitySpecialStandingSchema>;

/** An activity as a member sees it, with their own standing. */
export const memberActivitySchema = z.object({
  /** The activity's id (its campaign's). */
  id: z.number().int(),
  postId: z.number().int(),
  /** The post's title. */
  title: z.string(),
  status: z.enum(campaignStatuses),
  currencyId: z.number().int(),
  scale: z.number().int(),
  money: z.enum(promotionMoneyKinds),
  rolloverMultiple: z.number().int(),
  bonusDays: z.number().int(),
  maxStake: z.number().int(),
  /** A free-bet reward: the least odds of the bet it stakes, ten-thousandths; 0 for none. */
  freeBetMinOdds: z.number().int(),
  startsAt: z.number().int(),
  endsAt: z.number().int(),
  eligibility: eligibilitySchema,
  rule: activityRuleSchema,
  /** Whether this member may take part now, and if not the reason's catalogue key. */
  eligible: z.boolean(),
  ineligibleReason: z.string().nullable(),
  /** Qualifying activities: the member's progress; null for a special bet. */
  progress: activityProgressSchema.nullable(),
  /** Special bets: what is left of the caps; null for a qualifying activity. */
  special: activitySpecialStandingSchema.nullable(),
});
export type MemberActivity = z.infer<typeof memberActivitySchema>;

// ---------------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------------

export const activityLimit = defineCall({
  path: '/trade/activity/limit',
  methods: ['GET', 'POST'],
  auth: 'member',
  tag,
  summary:
    "The member's activities that are scheduled or running (or only the one of a post), each with its rule and the member's standing: progress towards a target, or what is left of a special bet's stake cap and liability cap.",
  input: z.object({ postId: idField().optional() }),
  output: z.object({ records: z.array(memberActivitySchema) }),
});

/** The `data` field: sealed with the token as order/create's, or the plain bet while sealing is off. */
const sealedDataField = z.union(
  [z.string().min(1).max(16_384), z.record(z.string(), z.unknown())],
  { error: 'must be the bet sealed with the token' },
);

export const activityOrderCreate = defineCall({
  path: '/trade/activity/order/create',
  auth: 'member',
  tag,
  summary:
    "Places a special bet of a running activity through the betting engine: `data` is sealed as order/create's, a single on exactly the activity's selection; the largest top-up the bet could need is reserved from the activity's budget. An Idempotency-Key makes a retry answer the same order.",
  input: z.object({ id: idField(), data: sealedDataField }),
  output: z.object({
    order: orderRecordSchema,
    /** The odds the activity pays on a win, ten-thousandths. */
    boostedOdds: z.number().int(),
    /** The top-up reserved for the bet, minor units: what a win pays over the book's price. */
    reserved: z.number().int(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Operators
// ---------------------------------------------------------------------------------------------

const titleField = () => plainTextField(promotionLimits.title).min(1);
const optionalAmountField = () => boundedInt(0, promotionLimits.totalMax).optional();

export const activityCreateInput = z
  .object({
    titleEn: titleField(),
    titleZh: titleField(),
    titleZht: titleField(),
    /** The site post of kind `activity` members read. */
    postId: idField(),
    currencyId: currencyIdField(),
    /**
     * What a qualifying reward pays (cash, bonus money or a free bet of the reward's amount); a
     * special bet's top-ups are always cash.
     */
    money: z.enum(promotionMoneyKinds).default('cash'),
    rolloverMultiple: boundedInt(0, promotionLimits.rolloverMultipleMax).default(0),
    /** Bonus money: days to play it through; a free bet: days it may be used (1–365). */
    bonusDays: boundedInt(0, promotionLimits.bonusDaysMax).default(0),
    maxStake: optionalAmountField().default(0),
    /** A free-bet reward: the least odds of the bet, ten-thousandths; 0 for none. */
    freeBetMinOdds: freeBetMinOddsField(),
    /** The budget; for a special bet, its total liability cap. */
    total: boundedInt(1, promotionLimits.totalMax),
    /** The window: orders placed in it qualify, special bets are placed in it. */
    startsAt: epochMsField(),
    endsAt: epochMsField(),
    minDeposit: optionalAmountField().default(0),
    minTurnover: optionalAmountField().default(0),
    eligibilityDays: boundedInt(0, promotionLimits.eligibilityDaysMax).default(0),
    riskLevels: z.array(boundedInt(0, 9)).max(10, 'at most 10 levels').default([]),
    rule: z.discriminatedUnion('type', [qualifyRuleSchema, specialRuleSchema], {
      error: "must be a rule of type 'qualify' or 'special'",
    }),
  })
  .superRefine((value, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: path.split('.'), message });
    if (value.endsAt <= value.startsAt) issue('endsAt', 'must be after startsAt');
    moneyTermIssues(value, issue);
    const hasCondition = value.minDeposit > 0 || value.minTurnover > 0;
    if (hasCondition && value.eligibilityDays < 1)
      issue('eligibilityDays', 'must be 1–365 with a minimum deposit or turnover');
    if (value.rule.type === 'qualify' && value.rule.reward > value.total)
      issue('rule.reward', 'must be at most total');
    if (value.rule.type === 'special' && value.money !== 'cash')
      issue('money', "a special bet's top-ups are cash");
  });

export const activityCampaignCreate = defineCall({
  path: '/admin/api/promotion/activity/create',
  auth: { operator: ['finance'] },
  tag,
  summary:
    'Create an activity campaign as a draft: an activity post and the rule the engine enforces (a qualifying condition with its reward, or a special bet). Fund, pause, resume, close and list it as any campaign. An Idempotency-Key makes a retry answer the same campaign.',
  input: activityCreateInput,
  output: deskCampaignSchema,
});

export const activityCalls = [activityLimit, activityOrderCreate, activityCampaignCreate] as const;
