import {
  type CallInput,
  type CampaignStatus,
  type envelopeCampaignCreate,
  type PromotionMoney,
  promotionLimits,
} from '@sb/contract';
import { findCurrencyById } from '@sb/domain';
import { parseMoneyInput } from '../components/money';

/**
 * A red-envelope campaign as the create form holds it: texts as typed, amounts in major units
 * of the chosen currency (123.45), times as `datetime-local` values in the operator's own zone.
 */
export interface CampaignDraft {
  titleEn: string;
  titleZh: string;
  titleZht: string;
  currencyId: number;
  money: PromotionMoney;
  /** Bonus money only. */
  rolloverMultiple: string;
  bonusDays: string;
  /** Bonus money only; empty for no limit. */
  maxStake: string;
  total: string;
  count: string;
  minAmount: string;
  maxAmount: string;
  startsAt: string;
  endsAt: string;
  /** Empty for no condition. */
  minDeposit: string;
  minTurnover: string;
  /** The look-back of the two conditions; empty when neither is set. */
  eligibilityDays: string;
  /** Risk levels allowed to grab; none ticked lets every level. */
  riskLevels: readonly number[];
}

export type CampaignInput = CallInput<typeof envelopeCampaignCreate>;

/** What is wrong with a draft: a text key of `promotions.problems`, with what the text names. */
export interface CampaignProblem {
  key:
    | 'title'
    | 'currency'
    | 'count'
    | 'amount'
    | 'maxBelowMin'
    | 'totalBelowMin'
    | 'totalAboveMax'
    | 'startsAt'
    | 'endsAt'
    | 'rolloverMultiple'
    | 'bonusDays'
    | 'eligibilityDays';
  values?: Record<string, string | number>;
}

/** The risk levels a member may have (members.ts: 0–9). */
export const riskLevels = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

const pad = (value: number) => String(value).padStart(2, '0');

/** A time as a `datetime-local` value in the browser's (the operator's) time zone. */
export function localInputOf(epochMs: number): string {
  const date = new Date(epochMs);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (the operator's time zone) as epoch milliseconds, or null. */
export function epochMsOfLocalInput(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return null;
  // A date-time without an offset is local time (ECMAScript's Date parsing).
  const value = new Date(text).getTime();
  return Number.isNaN(value) ? null : value;
}

/** A new draft: cash in the first currency, from the next whole hour for a day. */
export function newCampaignDraft(nowMs: number, currencyId: number): CampaignDraft {
  const hourMs = 3_600_000;
  const startsAt = Math.ceil(nowMs / hourMs) * hourMs;
  return {
    titleEn: '',
    titleZh: '',
    titleZht: '',
    currencyId,
    money: 'cash',
    rolloverMultiple: '1',
    bonusDays: '7',
    maxStake: '',
    total: '',
    count: '',
    minAmount: '',
    maxAmount: '',
    startsAt: localInputOf(startsAt),
    endsAt: localInputOf(startsAt + 24 * hourMs),
    minDeposit: '',
    minTurnover: '',
    eligibilityDays: '',
    riskLevels: [],
  };
}

/** A whole number typed in a field within `min`–`max`; empty is `empty`; null otherwise. */
export function wholeNumberOf(
  text: string,
  min: number,
  max: number,
  empty?: number,
): number | null {
  const trimmed = text.trim();
  if (trimmed === '' && empty !== undefined) return empty;
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
}

/**
 * A major-unit amount typed for a currency of `scale` decimals, in minor units within
 * `min`–totalMax; empty is `empty` when given. Converted on the digits, never in floating point.
 */
export function minorOf(text: string, scale: number, min: number, empty?: number): number | null {
  if (text.trim() === '' && empty !== undefined) return empty;
  const minor = parseMoneyInput(text, scale);
  if (minor === null || minor < min || minor > promotionLimits.totalMax) return null;
  return minor;
}

/** A control character, which the contract's plain-text titles refuse. */
export const hasControlCharacter = (text: string) =>
  [...text].some((char) => {
    const code = char.charCodeAt(0);
    return code < 32 || (code >= 127 && code < 160);
  });

/**
 * The create call's fields for a draft, or the first problem found, by the same rules as the
 * contract's input (the server checks all of it again). Bonus fields are sent only for bonus
 * money, and amounts in minor units by the currency's scale.
 */
export function campaignInputOf(
  draft: CampaignDraft,
): { input: CampaignInput } | { problem: CampaignProblem } {
  const fail = (key: CampaignProblem['key'], values?: CampaignProblem['values']) => ({
    problem: values ? { key, values } : { key },
  });
  const titles = [draft.titleEn, draft.titleZh, draft.titleZht].map((title) => title.trim());
  if (
    titles.some(
      (title) => !title || title.length > promotionLimits.title || hasControlCharacter(title),
    )
  )
    return fail('title', { max: promotionLimits.title });
  const currency = findCurrencyById(draft.currencyId);
  if (!currency || currency.isDemo) return fail('currency');
  const { scale } = currency;
  const count = wholeNumberOf(draft.count, 1, promotionLimits.envelopesMax);
  if (count === null) return fail('count', { max: promotionLimits.envelopesMax });
  const amountProblem = (field: string) => fail('amount', { field, scale });
  const total = minorOf(draft.total, scale, 1);
  if (total === null) return amountProblem('total');
  const minAmount = minorOf(draft.minAmount, scale, 1);
  if (minAmount === null) return amountProblem('minAmount');
  const maxAmount = minorOf(draft.maxAmount, scale, 1);
  if (maxAmount === null) return amountProblem('maxAmount');
  if (maxAmount < minAmount) return fail('maxBelowMin');
  if (minAmount * count > total) return fail('totalBelowMin', { count });
  if (maxAmount * count < total) return fail('totalAboveMax', { count });
  const startsAt = epochMsOfLocalInput(draft.startsAt);
  if (startsAt === null) return fail('startsAt');
  const endsAt = epochMsOfLocalInput(draft.endsAt);
  if (endsAt === null || endsAt <= startsAt) return fail('endsAt');
  let bonus = { rolloverMultiple: 0, bonusDays: 0, maxStake: 0 };
  if (draft.money === 'bonus') {
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
  const [titleEn = '', titleZh = '', titleZht = ''] = titles;
  return {
    input: {
      titleEn,
      titleZh,
      titleZht,
      currencyId: currency.currencyId,
      money: draft.money,
      ...bonus,
      total,
      count,
      minAmount,
      maxAmount,
      startsAt,
      endsAt,
      minDeposit,
      minTurnover,
      eligibilityDays,
      riskLevels: [...new Set(draft.riskLevels)].sort((one, other) => one - other),
    },
  };
}

/** The totals a campaign of `count` envelopes between `min` and `max` may have, in minor units. */
export function totalRange(
  draft: Pick<CampaignDraft, 'count' | 'minAmount' | 'maxAmount'>,
  scale: number,
): { low: number; high: number } | null {
  const count = wholeNumberOf(draft.count, 1, promotionLimits.envelopesMax);
  const minAmount = minorOf(draft.minAmount, scale, 1);
  const maxAmount = minorOf(draft.maxAmount, scale, 1);
  if (count === null || minAmount === null || maxAmount === null || maxAmount < minAmount)
    return null;
  return { low: count * minAmount, high: count * maxAmount };
}

/** The desk's actions on a campaign. */
export type CampaignAction = 'fund' | 'pause' | 'resume' | 'close';
export const campaignActions: readonly CampaignAction[] = ['fund', 'pause', 'resume', 'close'];

/**
 * Whether a campaign's status allows an action (the contract's summaries): a draft is funded,
 * a scheduled or running one paused, a paused one resumed, and anything not yet closed closed.
 */
export function isActionAllowed(action: CampaignAction, status: CampaignStatus): boolean {
  switch (action) {
    case 'fund':
      return status === 'draft';
    case 'pause':
      return status === 'scheduled' || status === 'running';
    case 'resume':
      return status === 'paused';
    case 'close':
      return status !== 'closed';
  }
}
