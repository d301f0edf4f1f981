import { z } from 'zod';
import { activityTermsSchema } from './activity-terms';
import { defineCall } from './call';
import { boundedInt, currencyIdField, epochMsField } from './common';
import { idField, pageField, reasonField, sizeField } from './desk-fields';
import { plainTextField } from './site-content';

/**
 * Promotions: campaigns funded from the house, bonus money with a rollover, and red envelopes
 * (SPEC §1 red-envelope promotions, SPEC §7 `app/api/member/red/envelope/activity` and
 * `app/api/red/envelope/activity/participate`). SPEC gives no fields for these calls;
 * docs/promotions.md records the design: the money's path through the ledger, the rollover, the
 * envelope split and its proof, and the rules against abuse.
 */

const tag = 'promotions';

/**
 * What a grant pays: cash into the member's main balance, bonus money with a rollover, or a free
 * bet (a token of a stake of that amount; a winning free bet pays its return without the stake).
 */
export const promotionMoneyKinds = ['cash', 'bonus', 'free_bet'] as const;
export type PromotionMoney = (typeof promotionMoneyKinds)[number];

/**
 * Where a campaign stands: `draft` (created, its split drawn, not funded), `scheduled` (funded,
 * before its window), `running`, `paused` (by an operator, inside its window), `ended` (its
 * window passed or every envelope claimed, the rest not yet returned), `closed` (the rest
 * returned to the house, the seed published).
 */
export const campaignStatuses = [
  'draft',
  'scheduled',
  'running',
  'paused',
  'ended',
  'closed',
] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/**
 * Where a free bet stands: `available` (may stake a bet until it expires), `used` (staked on an
 * order; a void or cancelled order gives it back), `expired` (not used in time; its amount went
 * back to the campaign, or to the house once the campaign closed).
 */
export const freeBetStatuses = ['available', 'used', 'expired'] as const;
export type FreeBetStatus = (typeof freeBetStatuses)[number];

/** Where a bonus stands: being played through, converted to cash, expired or forfeited. */
export const bonusStatuses = ['active', 'converted', 'expired', 'forfeited'] as const;
export type BonusStatus = (typeof bonusStatuses)[number];

/** Bounds the site holds every campaign to (docs/promotions.md). */
export const promotionLimits = {
  /** Rollover: at most ten times the bonus. */
  rolloverMultipleMax: 10,
  /** Envelopes in one campaign. */
  envelopesMax: 100_000,
  /** A campaign's total, in minor units. */
  totalMax: 1_000_000_000_000,
  /** Days a bonus may be played through (or a free bet used) before it expires. */
  bonusDaysMax: 365,
  /** A free bet's least odds, ten-thousandths (1000.00); 0 for none. */
  freeBetMinOddsMax: 10_000_000,
  /** The look-back of an eligibility condition, in days. */
  eligibilityDaysMax: 365,
  title: 100,
} as const;

/** A sports wager counts towards a rollover at these odds or more (ten-thousandths: 1.50). */
export const rolloverMinOdds = 15_000;

const amountField = () => boundedInt(1, promotionLimits.totalMax);
const optionalAmountField = () => boundedInt(0, promotionLimits.totalMax).optional();
const titleField = () => plainTextField(promotionLimits.title).min(1);

/** A free bet's least odds, ten-thousandths: 0 for none, else 1.01 … 1000. */
export const freeBetMinOddsField = () =>
  boundedInt(0, promotionLimits.freeBetMinOddsMax)
    .refine((value) => value === 0 || value >= 10_100, {
      message: 'must be 0 (none) or at least 10100 (1.01)',
    })
    .default(0);

/** The terms of a campaign's money, as a create call's cross-field checks read them. */
interface MoneyTerms {
  money: PromotionMoney;
  rolloverMultiple: number;
  bonusDays: number;
  maxStake: number;
  freeBetMinOdds: number;
}

/**
 * The cross-field checks of a campaign's money: bonus money needs a rollover and days, a free
 * bet needs days (its validity) and takes no rollover or maximum stake, and only a free bet takes
 * least odds.
 */
export function moneyTermIssues(
  value: MoneyTerms,
  issue: (path: string, message: string) => void,
): void {
  if (value.money === 'bonus') {
    if (value.rolloverMultiple < 1) issue('rolloverMultiple', 'must be 1–10 for bonus money');
    if (value.bonusDays < 1) issue('bonusDays', 'must be 1–365 for bonus money');
  }
  if (value.money === 'free_bet') {
    if (value.bonusDays < 1) issue('bonusDays', 'must be 1–365 for a free bet (its validity)');
    if (value.rolloverMultiple !== 0) issue('rolloverMultiple', 'must be 0 for a free bet');
    if (value.maxStake !== 0) issue('maxStake', 'must be 0 for a free bet');
  }
  if (value.money !== 'free_bet' && value.freeBetMinOdds !== 0)
    issue('freeBetMinOdds', 'must be 0 unless the money is free_bet');
}

/**
 * What a campaign is: `envelope` (red envelopes grabbed from its split) or `activity` (an
 * activity post whose rules the engine enforces: a reward for qualifying wagers, or a special
 * bet with boosted odds; `activities.ts`).
 */
export const campaignKinds = ['envelope', 'activity'] as const;
export type CampaignKind = (typeof campaignKinds)[number];

/** A campaign's figures, as the console shows them live. */
export const campaignFiguresSchema = z.object({
  /** What the house funded the campaign with. */
  funded: z.number().int(),
  /** Paid out to members (cash and bonus): envelopes, an activity's rewards and top-ups. */
  granted: z.number().int(),
  /** Envelopes claimed; an activity's rewards paid (members rewarded, or top-ups paid). */
  claimedCount: z.number().int(),
  /** Bonus money of the campaign converted to cash once played through. */
  converted: z.number().int(),
  /** Bonus money that expired or was forfeited and came back. */
  forfeited: z.number().int(),
  /** Bonus money still being played through. */
  active: z.number().int(),
  /** What the campaign has cost the house so far: cash granted plus bonus converted. */
  cost: z.number().int(),
  /** Left in the campaign's budget account. */
  budgetLeft: z.number().int(),
  /** Activities: members who reached the target and were paid their reward; 0 for envelopes. */
  membersRewarded: z.number().int(),
  /** Activities: members who reached the target the budget could not pay; 0 for envelopes. */
  membersUnpaid: z.number().int(),
  /** Special bets: top-ups held back for bets still open; 0 otherwise. */
  reserved: z.number().int(),
  /** Free bets of the campaign granted (envelopes claimed or rewards paid as free bets). */
  freeBetsGranted: z.number().int(),
  /** Free bets staked on an order (a void or cancelled order gives its free bet back). */
  freeBetsUsed: z.number().int(),
  /** Free bets whose order settled with a return. */
  freeBetsWon: z.number().int(),
  /** Free bets that expired unused. */
  freeBetsExpired: z.number().int(),
  /** What won free bets paid members: their returns without the stakes. */
  freeBetWinnings: z.number().int(),
});
export type CampaignFigures = z.infer<typeof campaignFiguresSchema>;

/** Who may grab: members only, never demo; optional conditions over the last `days` days. */
export const eligibilitySchema = z.object({
  /** Deposits credited in the last `days` days of at least this much; 0 for none. */
  minDeposit: z.number().int(),
  /** Stakes that stood in the last `days` days of at least this much; 0 for none. */
  minTurnover: z.number().int(),
  days: z.number().int(),
  /** Risk levels allowed (0–9); empty for every level. */
  riskLevels: z.array(z.number().int()),
});

/** A campaign's terms every kind has: its money, window and who may take part. */
const campaignCommonShape = {
  id: z.number().int(),
  status: z.enum(campaignStatuses),
  currencyId: z.number().int(),
  scale: z.number().int(),
  money: z.enum(promotionMoneyKinds),
  /** Bonus money: played through this many times its amount before it converts. */
  rolloverMultiple: z.number().int(),
  /**
   * Bonus money: days after the grant before what is not played through expires. A free bet:
   * days after the grant it may be used.
   */
  bonusDays: z.number().int(),
  /** Bonus money: the largest stake that counts while it is played through; 0 for none. */
  maxStake: z.number().int(),
  /** A free bet: the least odds of the bet it stakes, ten-thousandths; 0 for none. */
  freeBetMinOdds: z.number().int(),
  /** The budget: what funding moves from the house. */
  total: z.number().int(),
  startsAt: z.number().int(),
  endsAt: z.number().int(),
  eligibility: eligibilitySchema,
};

/** A red-envelope campaign's own terms: its split and the commitment to it. */
export const envelopeTermsSchema = z.object({
  count: z.number().int(),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  /** SHA-256 over the amounts and the seed, hex; fixed when the split was drawn. */
  commitment: z.string(),
  /** Published once closed; null before. */
  seed: z.string().nullable(),
});
export type EnvelopeTerms = z.infer<typeof envelopeTermsSchema>;

/** What members see of a red-envelope campaign: the common terms and the envelope's, flat. */
const campaignTermsShape = { ...campaignCommonShape, ...envelopeTermsSchema.shape };

/**
 * A campaign as the back office sees it, of either kind: the common terms, and the envelope's
 * terms (`envelope`, for kind `envelope`) or the activity's post and rule (`activity`, for kind
 * `activity`), the other null.
 */
export const deskCampaignSchema = z.object({
  ...campaignCommonShape,
  kind: z.enum(campaignKinds),
  titleEn: z.string(),
  titleZh: z.string(),
  titleZht: z.string(),
  createdBy: z.number().int(),
  createdAt: z.number().int(),
  envelope: envelopeTermsSchema.nullable(),
  activity: activityTermsSchema.nullable(),
  figures: campaignFiguresSchema,
});
export type DeskCampaign = z.infer<typeof deskCampaignSchema>;

/** A member's envelope of a campaign. */
export const envelopeClaimSchema = z.object({
  campaignId: z.number().int(),
  amount: z.number().int(),
  currencyId: z.number().int(),
  scale: z.number().int(),
  money: z.enum(promotionMoneyKinds),
  /** The bonus the envelope granted (bonus money); null for cash and free bets. */
  bonusId: z.number().int().nullable(),
  /** The free bet the envelope granted (money `free_bet`); null otherwise. */
  freeBetId: z.number().int().nullable(),
  claimedAt: z.number().int(),
});
export type EnvelopeClaim = z.infer<typeof envelopeClaimSchema>;

/** A red-envelope campaign as a member sees it. */
export const memberEnvelopeSchema = z.object({
  ...campaignTermsShape,
  /** In the member's language. */
  title: z.string(),
  claimedCount: z.number().int(),
  /** Whether this member may grab now, and if not the reason's catalogue key. */
  eligible: z.boolean(),
  ineligibleReason: z.string().nullable(),
  /** Once closed, with `seed`: the amounts in draw order, for anyone to check the commitment. */
  amounts: z.array(z.number().int()).nullable(),
  /** This member's envelope, if they grabbed one. */
  claim: envelopeClaimSchema.nullable(),
});
export type MemberEnvelope = z.infer<typeof memberEnvelopeSchema>;

/** A bonus of a member's: its amount, what its rollover asks and has counted, and its end. */
export const bonusSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  campaignId: z.number().int(),
  currencyId: z.number().int(),
  scale: z.number().int(),
  amount: z.number().int(),
  status: z.enum(bonusStatuses),
  rolloverMultiple: z.number().int(),
  /** Stakes to play through: amount × multiple. */
  rolloverRequired: z.number().int(),
  /** Stakes counted so far (settled, qualifying, each wager once). */
  rolloverCounted: z.number().int(),
  maxStake: z.number().int(),
  grantedAt: z.number().int(),
  expiresAt: z.number().int(),
  /** When it converted, expired or was forfeited; null while active. */
  endedAt: z.number().int().nullable(),
  /** An operator's reason for a forfeit. */
  reason: z.string().nullable(),
});
export type Bonus = z.infer<typeof bonusSchema>;

/**
 * A free bet of a member's: a token of a stake of `amount` in its currency, for one bet (single
 * or parlay) at `minOdds` or more before `expiresAt`. It is placed with order/create's
 * `freeBetId`; a winning free bet pays its return without the stake (docs/promotions.md, Free
 * bets).
 */
export const freeBetSchema = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  /** The campaign's title in the member's language. */
  title: z.string(),
  currencyId: z.number().int(),
  currencyCode: z.string(),
  scale: z.number().int(),
  /** The stake it pays for, minor units. */
  amount: z.number().int(),
  /** Least total odds of the bet, ten-thousandths; 0 for none. */
  minOdds: z.number().int(),
  status: z.enum(freeBetStatuses),
  grantedAt: z.number().int(),
  expiresAt: z.number().int(),
  /** When it was staked; null unless used. */
  usedAt: z.number().int().nullable(),
  /** The order it staked; null unless used. */
  orderNo: z.string().nullable(),
});
export type FreeBet = z.infer<typeof freeBetSchema>;

// ---------------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------------

export const memberEnvelopeActivity = defineCall({
  path: '/app/api/member/red/envelope/activity',
  methods: ['GET', 'POST'],
  auth: 'member',
  tag,
  summary:
    "Red-envelope campaigns scheduled, running and closed in the last 30 days, newest first, each with the member's eligibility and envelope; `mine` lists only those the member grabbed (their history).",
  input: z.object({
    mine: z.boolean().default(false),
    page: pageField(),
    size: sizeField(),
  }),
  output: z.object({ records: z.array(memberEnvelopeSchema), total: z.number().int() }),
});

export const envelopeParticipate = defineCall({
  path: '/app/api/red/envelope/activity/participate',
  auth: 'member',
  tag,
  summary:
    'Grab an envelope of a running campaign: at most one per member, never more than the campaign holds. An Idempotency-Key makes a retry answer the same envelope; grabbing again with another key is refused.',
  input: z.object({ id: idField() }),
  output: envelopeClaimSchema,
});

export const memberBonusList = defineCall({
  path: '/app/api/member/bonus/list',
  methods: ['GET', 'POST'],
  auth: 'member',
  tag,
  summary:
    "The member's bonuses, active first then newest, with what each rollover asks and has counted.",
  input: z.object({
    status: z.enum(bonusStatuses).optional(),
    page: pageField(),
    size: sizeField(),
  }),
  output: z.object({ records: z.array(bonusSchema), total: z.number().int() }),
});

export const memberFreeBetList = defineCall({
  path: '/app/api/member/free/bet/list',
  methods: ['GET', 'POST'],
  auth: 'member',
  tag,
  summary:
    "The member's free bets, available first (soonest to expire first), then used and expired, newest first; `status` lists only those of one status.",
  input: z.object({
    status: z.enum(freeBetStatuses).optional(),
    page: pageField(),
    size: sizeField(),
  }),
  output: z.object({ records: z.array(freeBetSchema), total: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------
// Operators
// ---------------------------------------------------------------------------------------------

const promotionDesk = { operator: ['finance'] } as const;

export const envelopeCampaignCreate = defineCall({
  path: '/admin/api/promotion/envelope/create',
  auth: promotionDesk,
  tag,
  summary:
    'Create a red-envelope campaign as a draft and draw its split from a fresh seed; the commitment to the amounts is fixed from here on. An Idempotency-Key makes a retry answer the same campaign.',
  input: z
    .object({
      titleEn: titleField(),
      titleZh: titleField(),
      titleZht: titleField(),
      currencyId: currencyIdField(),
      money: z.enum(promotionMoneyKinds),
      /** Bonus money only: 1–10. */
      rolloverMultiple: boundedInt(0, promotionLimits.rolloverMultipleMax).default(0),
      /** Bonus money and free bets only: 1–365 days (a free bet's validity). */
      bonusDays: boundedInt(0, promotionLimits.bonusDaysMax).default(0),
      /** Bonus money only; 0 for none. */
      maxStake: optionalAmountField().default(0),
      /** Free bets only: the least odds of the bet, ten-thousandths; 0 for none. */
      freeBetMinOdds: freeBetMinOddsField(),
      total: amountField(),
      count: boundedInt(1, promotionLimits.envelopesMax),
      minAmount: amountField(),
      maxAmount: amountField(),
      startsAt: epochMsField(),
      endsAt: epochMsField(),
      minDeposit: optionalAmountField().default(0),
      minTurnover: optionalAmountField().default(0),
      /** The look-back of minDeposit and minTurnover, 1–365 days; 0 when neither is set. */
      eligibilityDays: boundedInt(0, promotionLimits.eligibilityDaysMax).default(0),
      /** Risk levels (0–9) allowed to grab; empty or left out for every level. */
      riskLevels: z.array(boundedInt(0, 9)).max(10, 'at most 10 levels').default([]),
    })
    .superRefine((value, context) => {
      const issue = (path: string, message: string) =>
        context.addIssue({ code: 'custom', path: [path], message });
      if (value.endsAt <= value.startsAt) issue('endsAt', 'must be after startsAt');
      if (value.maxAmount < value.minAmount) issue('maxAmount', 'must be at least minAmount');
      if (value.minAmount * value.count > value.total)
        issue('total', 'must be at least count × minAmount');
      if (value.maxAmount * value.count < value.total)
        issue('total', 'must be at most count × maxAmount');
      moneyTermIssues(value, issue);
      const hasCondition = value.minDeposit > 0 || value.minTurnover > 0;
      if (hasCondition && value.eligibilityDays < 1)
        issue('eligibilityDays', 'must be 1–365 with a minimum deposit or turnover');
    }),
  output: deskCampaignSchema,
});

export const campaignList = defineCall({
  path: '/admin/api/promotion/campaign/list',
  methods: ['GET', 'POST'],
  auth: promotionDesk,
  tag,
  summary: 'Campaigns of both kinds, newest first, by kind and status, with their live figures.',
  input: z.object({
    kind: z.enum(campaignKinds).optional(),
    status: z.enum(campaignStatuses).optional(),
    page: pageField(),
    size: sizeField(),
  }),
  output: z.object({ records: z.array(deskCampaignSchema), total: z.number().int() }),
});

const campaignActionInput = z.object({ id: idField(), reason: reasonField() });

export const campaignFund = defineCall({
  path: '/admin/api/promotion/campaign/fund',
  auth: promotionDesk,
  tag,
  summary:
    "Fund a draft campaign: its total moves from the house to the campaign's budget, and it opens at its start. Funding a funded campaign answers it as it is.",
  input: campaignActionInput,
  output: deskCampaignSchema,
});

export const campaignPause = defineCall({
  path: '/admin/api/promotion/campaign/pause',
  auth: promotionDesk,
  tag,
  summary: 'Pause a scheduled or running campaign: nothing is granted until it resumes.',
  input: campaignActionInput,
  output: deskCampaignSchema,
});

export const campaignResume = defineCall({
  path: '/admin/api/promotion/campaign/resume',
  auth: promotionDesk,
  tag,
  summary: 'Resume a paused campaign.',
  input: campaignActionInput,
  output: deskCampaignSchema,
});

export const campaignClose = defineCall({
  path: '/admin/api/promotion/campaign/close',
  auth: promotionDesk,
  tag,
  summary:
    'Close a campaign: what its budget holds returns to the house and its seed is published. A draft closes without money moving. Closing a closed campaign answers it as it is.',
  input: campaignActionInput,
  output: deskCampaignSchema,
});

export const deskBonusList = defineCall({
  path: '/admin/api/promotion/bonus/list',
  methods: ['GET', 'POST'],
  auth: { operator: ['finance', 'support'] },
  tag,
  summary: "A member's bonuses, or a campaign's, newest first, with their rollover.",
  input: z.object({
    userId: idField().optional(),
    campaignId: idField().optional(),
    status: z.enum(bonusStatuses).optional(),
    page: pageField(),
    size: sizeField(),
  }),
  output: z.object({ records: z.array(bonusSchema), total: z.number().int() }),
});

/** A free bet as the desk lists it: the member's row and whose it is (a campaign's list). */
export const deskFreeBetSchema = freeBetSchema.extend({
  userId: z.number().int(),
});
export type DeskFreeBet = z.infer<typeof deskFreeBetSchema>;

export const deskFreeBetList = defineCall({
  path: '/admin/api/promotion/free/bet/list',
  methods: ['GET', 'POST'],
  auth: { operator: ['finance', 'support'] },
  tag,
  summary:
    "A member's free bets, or a campaign's, newest first, with the order each staked; titles in the operator's language.",
  input: z.object({
    userId: idField().optional(),
    campaignId: idField().optional(),
    status: z.enum(freeBetStatuses).optional(),
    page: pageField(),
    size: sizeField(),
  }),
  output: z.object({ records: z.array(deskFreeBetSchema), total: z.number().int() }),
});

export const deskBonusForfeit = defineCall({
  path: '/admin/api/promotion/bonus/forfeit',
  auth: promotionDesk,
  tag,
  summary:
    "Forfeit an active bonus with a reason: its money returns to the campaign's budget (to the house once the campaign is closed).",
  input: z.object({ id: idField(), reason: reasonField() }),
  output: bonusSchema,
});

export const promotionCalls = [
  memberEnvelopeActivity,
  envelopeParticipate,
  memberBonusList,
  memberFreeBetList,
  envelopeCampaignCreate,
  campaignList,
  campaignFund,
  campaignPause,
  campaignResume,
  campaignClose,
  deskBonusList,
  deskFreeBetList,
  deskBonusForfeit,
] as const;
