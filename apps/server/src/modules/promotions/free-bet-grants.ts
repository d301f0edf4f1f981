import type { CampaignFigures } from '@sb/contract';
import type { Database } from '../../db/database';
import type { PromotionsQueries } from './promotions.repository';
import type { PromotionCampaignRow } from './promotions.schema';

/**
 * What the promotions use of the bonus module's free bets (docs/promotions.md, Free bets): a
 * free bet granted from a campaign's budget inside the grant's transaction (an envelope grabbed,
 * an activity's reward), and the campaigns' free-bet figures.
 */
export interface FreeBetGrantRequest {
  key: string;
  userId: number;
  currencyId: number;
  campaignId: number;
  amount: number;
  minOdds: number;
  expiresAt: number;
  titles: { en: string; zh: string; zht: string };
}

export interface PromotionFreeBets {
  grantFreeBet(
    tx: Database,
    request: FreeBetGrantRequest,
  ): Promise<{ freeBetId: number; replayed: boolean }>;
  freeBetFiguresOf(
    campaignIds: readonly number[],
  ): Promise<
    Map<number, { granted: number; used: number; won: number; expired: number; winnings: number }>
  >;
}

const dayMs = 86_400_000;

/**
 * The free bet a campaign of money `free_bet` grants: `amount` under the campaign's terms (its
 * validity of `bonusDays` days from `at`, its least odds), keyed by `key` so a retry answers the
 * same free bet.
 */
export function freeBetGrantOf(
  campaign: PromotionCampaignRow,
  grant: { key: string; userId: number; amount: number; at: Date },
): FreeBetGrantRequest {
  return {
    key: grant.key,
    userId: grant.userId,
    currencyId: campaign.currencyId,
    campaignId: campaign.id,
    amount: grant.amount,
    minOdds: campaign.freeBetMinOdds,
    expiresAt: grant.at.getTime() + campaign.bonusDays * dayMs,
    titles: { en: campaign.titleEn, zh: campaign.titleZh, zht: campaign.titleZht },
  };
}

/**
 * Grants an envelope's free bet: the grab's one call for money `free_bet`, keyed as a bonus
 * envelope is (`envelope:<campaign>:<member>`). Answers the free bet's id.
 */
export async function grantEnvelopeFreeBet(
  within: {
    bonus: PromotionFreeBets;
    queries: Pick<PromotionsQueries, 'setEnvelopeFreeBet'>;
    tx: Database;
  },
  campaign: PromotionCampaignRow,
  envelope: { id: number; amount: number },
  userId: number,
  at: Date,
): Promise<number> {
  const key = `envelope:${campaign.id}:${userId}`;
  const { freeBetId } = await within.bonus.grantFreeBet(
    within.tx,
    freeBetGrantOf(campaign, { key, userId, amount: envelope.amount, at }),
  );
  await within.queries.setEnvelopeFreeBet(envelope.id, freeBetId);
  return freeBetId;
}

/** A campaign's free-bet figures as the desk answers them. */
export type FreeBetFigureFields = Pick<
  CampaignFigures,
  'freeBetsGranted' | 'freeBetsUsed' | 'freeBetsWon' | 'freeBetsExpired' | 'freeBetWinnings'
>;

export function freeBetFigureFields(
  figures:
    | { granted: number; used: number; won: number; expired: number; winnings: number }
    | undefined,
): FreeBetFigureFields {
  return {
    freeBetsGranted: figures?.granted ?? 0,
    freeBetsUsed: figures?.used ?? 0,
    freeBetsWon: figures?.won ?? 0,
    freeBetsExpired: figures?.expired ?? 0,
    freeBetWinnings: figures?.winnings ?? 0,
  };
}
