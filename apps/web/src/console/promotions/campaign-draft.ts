import {
  type CallInput,
  type CampaignStatus,
  type envelopeCampaignCreate,
  promotionLimits,
} from '@sb/contract';
import {
  amountProblem,
  type CampaignTermsDraft,
  currencyOf,
  type DraftProblem,
  eligibilityOf,
  minorOf,
  moneyTermsOf,
  newTermsDraft,
  problemOf,
  type TermsProblemKey,
  titlesOf,
  wholeNumberOf,
  windowOf,
} from './campaign-terms';

export { epochMsOfLocalInput, localInputOf } from './campaign-terms';

/**
 * A red-envelope campaign as the create form holds it: the terms every campaign has, and its
 * envelopes (how many, and the least and most one holds).
 */
export interface CampaignDraft extends CampaignTermsDraft {
  count: string;
  minAmount: string;
  maxAmount: string;
}

export type CampaignInput = CallInput<typeof envelopeCampaignCreate>;

/** What is wrong with a draft: a text key of `promotions.problems`, with what the text names. */
export type CampaignProblem = DraftProblem<
  TermsProblemKey | 'count' | 'maxBelowMin' | 'totalBelowMin' | 'totalAboveMax'
>;

/** A new draft: cash in the first currency, from the next whole hour for a day. */
export function newCampaignDraft(nowMs: number, currencyId: number): CampaignDraft {
  return { ...newTermsDraft(nowMs, currencyId, 1), count: '', minAmount: '', maxAmount: '' };
}

/**
 * The create call's fields for a draft, or the first problem found, by the same rules as the
 * contract's input (the server checks all of it again). Bonus fields are sent only for bonus
 * money, and amounts in minor units by the currency's scale.
 */
export function campaignInputOf(
  draft: CampaignDraft,
): { input: CampaignInput } | { problem: CampaignProblem } {
  const titles = titlesOf(draft);
  if ('problem' in titles) return titles;
  const currency = currencyOf(draft);
  if ('problem' in currency) return currency;
  const { scale } = currency.currency;
  const count = wholeNumberOf(draft.count, 1, promotionLimits.envelopesMax);
  if (count === null) return problemOf('count', { max: promotionLimits.envelopesMax });
  const total = minorOf(draft.total, scale, 1);
  if (total === null) return amountProblem('total', scale);
  const minAmount = minorOf(draft.minAmount, scale, 1);
  if (minAmount === null) return amountProblem('minAmount', scale);
  const maxAmount = minorOf(draft.maxAmount, scale, 1);
  if (maxAmount === null) return amountProblem('maxAmount', scale);
  if (maxAmount < minAmount) return problemOf('maxBelowMin');
  if (minAmount * count > total) return problemOf('totalBelowMin', { count });
  if (maxAmount * count < total) return problemOf('totalAboveMax', { count });
  const window = windowOf(draft);
  if ('problem' in window) return window;
  const terms = moneyTermsOf(draft, draft.money, scale);
  if ('problem' in terms) return terms;
  const eligibility = eligibilityOf(draft, scale);
  if ('problem' in eligibility) return eligibility;
  return {
    input: {
      ...titles.titles,
      currencyId: currency.currency.currencyId,
      money: draft.money,
      ...terms.terms,
      total,
      count,
      minAmount,
      maxAmount,
      ...window.window,
      ...eligibility.eligibility,
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
