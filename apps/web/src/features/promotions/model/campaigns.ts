import type { CampaignStatus, MemberEnvelope } from '@sb/contract';
import { envelopeDrawHolds, fromOddsUnits } from '@sb/domain';

/**
 * The order the page lists campaigns in: running first (one can be grabbed now), paused, then
 * those coming up, then those that ended and those closed with their draw published.
 */
const statusRank: Record<CampaignStatus, number> = {
  running: 0,
  paused: 1,
  scheduled: 2,
  draft: 3,
  ended: 4,
  closed: 5,
};

/**
 * Campaigns in the page's order: by status as above; those coming up soonest first; within the
 * others the server's order (newest first) is kept.
 */
export function orderedCampaigns(campaigns: readonly MemberEnvelope[]): MemberEnvelope[] {
  return [...campaigns].sort((one, other) => {
    const byStatus = statusRank[one.status] - statusRank[other.status];
    if (byStatus !== 0) return byStatus;
    return one.status === 'scheduled' ? one.startsAt - other.startsAt : 0;
  });
}

/**
 * What the member can do with a campaign now: grab it, or why not (already grabbed, not their
 * campaign by its conditions, all envelopes gone, paused, not started, over).
 */
export type GrabState =
  | 'grabbable'
  | 'claimed'
  | 'ineligible'
  | 'gone'
  | 'paused'
  | 'upcoming'
  | 'over';

export function grabStateOf(
  campaign: Pick<MemberEnvelope, 'status' | 'claim' | 'eligible' | 'claimedCount' | 'count'>,
): GrabState {
  if (campaign.claim) return 'claimed';
  switch (campaign.status) {
    case 'running':
      if (campaign.claimedCount >= campaign.count) return 'gone';
      return campaign.eligible ? 'grabbable' : 'ineligible';
    case 'paused':
      return 'paused';
    case 'scheduled':
    case 'draft':
      return 'upcoming';
    default:
      return 'over';
  }
}

/**
 * The member's own check of a closed campaign's draw: the published seed drawn again with the
 * campaign's terms must give the published amounts, those amounts with the seed must hash to the
 * commitment shown while it ran, and the member's envelope must be one of them. `unpublished`
 * when a closed campaign's seed or amounts are missing (nothing to check yet); null before it
 * closes.
 */
export type DrawCheck = 'verified' | 'mismatch' | 'unpublished';

export function drawCheckOf(
  campaign: Pick<
    MemberEnvelope,
    | 'status'
    | 'seed'
    | 'amounts'
    | 'commitment'
    | 'total'
    | 'count'
    | 'minAmount'
    | 'maxAmount'
    | 'claim'
  >,
): DrawCheck | null {
  if (campaign.status !== 'closed') return null;
  const { seed, amounts } = campaign;
  if (seed === null || amounts === null) return 'unpublished';
  const { total, count, minAmount, maxAmount } = campaign;
  const holds = envelopeDrawHolds(
    { seed, total, count, minAmount, maxAmount },
    amounts,
    campaign.commitment,
  );
  if (!holds) return 'mismatch';
  if (campaign.claim && !amounts.includes(campaign.claim.amount)) return 'mismatch';
  return 'verified';
}

/** A commitment short enough for a phone's line: its first and last 8 hex digits. */
export function shortCommitment(commitment: string): string {
  return commitment.length <= 20 ? commitment : `${commitment.slice(0, 8)}…${commitment.slice(-8)}`;
}

/** The conditions a campaign sets beyond being a member, each the key of its words. */
export type Condition =
  | { key: 'minDeposit'; amountMinor: number; days: number }
  | { key: 'minTurnover'; amountMinor: number; days: number }
  | { key: 'riskLevels'; levels: number[] };

export function conditionsOf(eligibility: MemberEnvelope['eligibility']): Condition[] {
  const conditions: Condition[] = [];
  const { days } = eligibility;
  if (eligibility.minDeposit > 0)
    conditions.push({ key: 'minDeposit', amountMinor: eligibility.minDeposit, days });
  if (eligibility.minTurnover > 0)
    conditions.push({ key: 'minTurnover', amountMinor: eligibility.minTurnover, days });
  if (eligibility.riskLevels.length > 0)
    conditions.push({
      key: 'riskLevels',
      levels: [...eligibility.riskLevels].sort((one, other) => one - other),
    });
  return conditions;
}

/**
 * What a campaign's money is, as parts of its words (keys of `promotions.money`): cash; bonus
 * money with its rollover and days, and the largest stake that counts; or a free bet of the
 * amount grabbed with the days it may be used in, and the least total odds of its bet.
 */
export type MoneyTerm =
  | { key: 'cash' }
  | { key: 'bonus'; multiple: number; days: number }
  | { key: 'maxStake'; amountMinor: number }
  | { key: 'freeBet'; days: number }
  | { key: 'freeBetOdds'; odds: string };

export function moneyTermsOf(
  campaign: Pick<
    MemberEnvelope,
    'money' | 'rolloverMultiple' | 'bonusDays' | 'maxStake' | 'freeBetMinOdds'
  >,
): MoneyTerm[] {
  switch (campaign.money) {
    case 'bonus':
      return [
        { key: 'bonus', multiple: campaign.rolloverMultiple, days: campaign.bonusDays },
        ...(campaign.maxStake > 0
          ? [{ key: 'maxStake' as const, amountMinor: campaign.maxStake }]
          : []),
      ];
    case 'free_bet':
      return [
        { key: 'freeBet', days: campaign.bonusDays },
        ...(campaign.freeBetMinOdds > 0
          ? [
              {
                key: 'freeBetOdds' as const,
                odds: fromOddsUnits(campaign.freeBetMinOdds).toFixed(2),
              },
            ]
          : []),
      ];
    default:
      return [{ key: 'cash' }];
  }
}
