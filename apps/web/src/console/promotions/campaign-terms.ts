import { type PromotionMoney, promotionLimits } from '@sb/contract';
import { type Currency, findCurrencyById, ODDS_SCALE } from '@sb/domain';
import { epochMsOfLocalInput, localInputOf } from '../components/local-time';
import { parseMoneyInput } from '../components/money';

/**
 * The terms every campaign's create form holds, whatever it pays by: texts as typed, amounts in
 * major units of the chosen currency (123.45), times as `datetime-local` values in the
 * operator's own zone. A red-envelope draft and an activity draft add their own fields.
 */
export interface CampaignTermsDraft {
  titleEn: string;
  titleZh: string;
  titleZht: string;
  currencyId: number;
  money: PromotionMoney;
  /** Bonus money only. */
  rolloverMultiple: string;
  /** Bonus money: the days to play it through; a free bet: the days it may be used. */
  bonusDays: string;
  /** Bonus money only; empty for no limit. */
  maxStake: string;
  /** A free bet only: the least decimal odds of the bet it stakes; empty for none. */
  freeBetMinOdds: string;
  total: string;
  startsAt: string;
  endsAt: string;
  /** Empty for no condition. */
  minDeposit: string;
  minTurnover: string;
  /** The look-back of the two conditions; empty when neither is set. */
  eligibilityDays: string;
  /** Risk levels allowed; none ticked lets every level. */
  riskLevels: readonly number[];
}

/** The problems the shared terms can have; each form's problem texts name every one of them. */
export type TermsProblemKey =
  | 'title'
  | 'currency'
  | 'amount'
  | 'startsAt'
  | 'endsAt'
  | 'rolloverMultiple'
  | 'bonusDays'
  | 'freeBetDays'
  | 'freeBetMinOdds'
  | 'eligibilityDays';

/** What is wrong with a draft: a text key of the form's problems, with what the text names. */
export interface DraftProblem<Key extends string> {
  key: Key;
  values?: Record<string, string | number>;
}

/** A refusal as the checks answer it: the values only when the text names some. */
export function problemOf<Key extends string>(
  key: Key,
  values?: DraftProblem<Key>['values'],
): { problem: DraftProblem<Key> } {
  return { problem: values ? { key, values } : { key } };
}

/** A refusal of a typed amount, naming its field and the currency's decimals. */
export const amountProblem = (field: string, scale: number) =>
  problemOf('amount', { field, scale });

type Checked<T> = T | { problem: DraftProblem<TermsProblemKey> };

/** The risk levels a member may have (members.ts: 0–9). */
export const riskLevels = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

// The console's one reading of `datetime-local` values.
export { epochMsOfLocalInput, localInputOf };

/**
 * The shared terms of a new draft: cash in `currencyId`, from the next whole hour for
 * `days`, nothing typed yet, every risk level allowed.
 */
export function newTermsDraft(nowMs: number, currencyId: number, days: number): CampaignTermsDraft {
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
    freeBetMinOdds: '',
    total: '',
    startsAt: localInputOf(startsAt),
    endsAt: localInputOf(startsAt + days * 24 * hourMs),
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

/** The three titles trimmed, each present, within the contract's length and plain text. */
export function titlesOf(
  draft: CampaignTermsDraft,
): Checked<{ titles: { titleEn: string; titleZh: string; titleZht: string } }> {
  const [titleEn = '', titleZh = '', titleZht = ''] = [
    draft.titleEn,
    draft.titleZh,
    draft.titleZht,
  ].map((title) => title.trim());
  if (
    [titleEn, titleZh, titleZht].some(
      (title) => !title || title.length > promotionLimits.title || hasControlCharacter(title),
    )
  )
    return problemOf('title', { max: promotionLimits.title });
  return { titles: { titleEn, titleZh, titleZht } };
}

/** The draft's currency, a real one (a campaign never pays demo money). */
export function currencyOf(draft: CampaignTermsDraft): Checked<{ currency: Currency }> {
  const currency = findCurrencyById(draft.currencyId);
  if (!currency || currency.isDemo) return problemOf('currency');
  return { currency };
}

/** The window in epoch milliseconds: a start, and an end after it. */
export function windowOf(
  draft: CampaignTermsDraft,
): Checked<{ window: { startsAt: number; endsAt: number } }> {
  const startsAt = epochMsOfLocalInput(draft.startsAt);
  if (startsAt === null) return problemOf('startsAt');
  const endsAt = epochMsOfLocalInput(draft.endsAt);
  if (endsAt === null || endsAt <= startsAt) return problemOf('endsAt');
  return { window: { startsAt, endsAt } };
}

/** The terms of a campaign's money as the create calls take them. */
export interface MoneyTerms {
  rolloverMultiple: number;
  bonusDays: number;
  maxStake: number;
  freeBetMinOdds: number;
}

/**
 * The terms sent with `money`: for bonus money the rollover, the days to play it through and the
 * largest stake that counts (0 for any); for a free bet the days it may be used and the least
 * odds of its bet (0 for none); all 0 for cash. The contract checks the same pairs.
 */
export function moneyTermsOf(
  draft: CampaignTermsDraft,
  money: PromotionMoney,
  scale: number,
): Checked<{ terms: MoneyTerms }> {
  const none: MoneyTerms = { rolloverMultiple: 0, bonusDays: 0, maxStake: 0, freeBetMinOdds: 0 };
  if (money === 'free_bet') {
    const bonusDays = wholeNumberOf(draft.bonusDays, 1, promotionLimits.bonusDaysMax);
    if (bonusDays === null) return problemOf('freeBetDays', { max: promotionLimits.bonusDaysMax });
    let freeBetMinOdds = 0;
    if (draft.freeBetMinOdds.trim() !== '') {
      const units = oddsUnitsOf(draft.freeBetMinOdds);
      if (units === null || units < freeBetOddsMin || units > promotionLimits.freeBetMinOddsMax)
        return problemOf('freeBetMinOdds');
      freeBetMinOdds = units;
    }
    return { terms: { ...none, bonusDays, freeBetMinOdds } };
  }
  if (money !== 'bonus') return { terms: none };
  const rolloverMultiple = wholeNumberOf(
    draft.rolloverMultiple,
    1,
    promotionLimits.rolloverMultipleMax,
  );
  if (rolloverMultiple === null)
    return problemOf('rolloverMultiple', { max: promotionLimits.rolloverMultipleMax });
  const bonusDays = wholeNumberOf(draft.bonusDays, 1, promotionLimits.bonusDaysMax);
  if (bonusDays === null) return problemOf('bonusDays', { max: promotionLimits.bonusDaysMax });
  const maxStake = minorOf(draft.maxStake, scale, 0, 0);
  if (maxStake === null) return amountProblem('maxStake', scale);
  return { terms: { ...none, rolloverMultiple, bonusDays, maxStake } };
}

/** The least odds a free bet may ask for, ten-thousandths (1.01), as the contract has it. */
const freeBetOddsMin = 10_100;

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

/**
 * Who may take part: the least deposits and turnover (0 for none), the days they count over
 * (needed with either, 0 without) and the risk levels allowed, each once and in order.
 */
export function eligibilityOf(
  draft: CampaignTermsDraft,
  scale: number,
): Checked<{
  eligibility: {
    minDeposit: number;
    minTurnover: number;
    eligibilityDays: number;
    riskLevels: number[];
  };
}> {
  const minDeposit = minorOf(draft.minDeposit, scale, 0, 0);
  if (minDeposit === null) return amountProblem('minDeposit', scale);
  const minTurnover = minorOf(draft.minTurnover, scale, 0, 0);
  if (minTurnover === null) return amountProblem('minTurnover', scale);
  const hasCondition = minDeposit > 0 || minTurnover > 0;
  const eligibilityDays = wholeNumberOf(
    draft.eligibilityDays,
    hasCondition ? 1 : 0,
    promotionLimits.eligibilityDaysMax,
    hasCondition ? undefined : 0,
  );
  if (eligibilityDays === null)
    return problemOf('eligibilityDays', { max: promotionLimits.eligibilityDaysMax });
  const levels = [...new Set(draft.riskLevels)].sort((one, other) => one - other);
  return { eligibility: { minDeposit, minTurnover, eligibilityDays, riskLevels: levels } };
}
