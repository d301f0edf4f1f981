import {
  type ActivityRule,
  activityCampaignCreate,
  activityLimit,
  activityOrderCreate,
  type DeskCampaign,
  type MemberActivity,
  type OrderRecord,
} from '@sb/contract';
import { sealPayload } from '@sb/domain';
import { eq } from 'drizzle-orm';
import {
  promotionActivityMembers,
  promotionActivityReservations,
} from '../../src/modules/promotions/promotions.schema';
import { sitePosts } from '../../src/modules/site-content/site-content.schema';
import type { Answer } from '../operators/helpers';
import type { Pick } from '../orders/helpers';
import { cny, type TestMember } from '../settlement/helpers';
import type { TestApp } from '../test-app';
import { deskCall } from './helpers';

const hourMs = 3_600_000;

/** A site post of kind activity, as the site desk would have written it. */
export async function activityPost(testApp: TestApp, kind = 'activity'): Promise<number> {
  const at = new Date();
  const [row] = await testApp.database.db
    .insert(sitePosts)
    .values({
      kind,
      language: 'all',
      title: `Activity ${Math.random().toString(36).slice(2, 8)}`,
      body: 'Bet and win more.',
      startsAt: new Date(at.getTime() - hourMs),
      isPublished: true,
      createdBy: 1,
      createdAt: at,
      updatedBy: 1,
      updatedAt: at,
    })
    .returning({ id: sitePosts.id });
  if (!row) throw new Error('no post');
  return row.id;
}

/** The fields of an activity campaign open from `nowMs` for a day, in CNY cash. */
export function activityFields(
  nowMs: number,
  postId: number,
  rule: Partial<ActivityRule> & { type: ActivityRule['type'] },
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    titleEn: 'Bet and win',
    titleZh: '投注有奖',
    titleZht: '投注有獎',
    postId,
    currencyId: cny.currencyId,
    money: 'cash',
    total: 100_000,
    startsAt: nowMs - 60_000,
    endsAt: nowMs + 24 * hourMs,
    rule,
    ...overrides,
  };
}

export const createActivity = (
  testApp: TestApp,
  token: string,
  fields: Record<string, unknown>,
  headers: Record<string, string> = {},
) => deskCall<DeskCampaign>(testApp, token, activityCampaignCreate.path, fields, headers);

/** A special-bet rule on a pick: boosted by `boost` ten-thousandths over the shown price. */
export function specialRule(pick: Pick, boost: number, stakeCap: number) {
  return {
    type: 'special' as const,
    optId: pick.optId,
    gameId: pick.event.fixture.eventId,
    boostedOdds: Math.round(pick.odds * 10_000) + boost,
    stakeCap,
  };
}

export interface SpecialAnswer {
  order: OrderRecord;
  boostedOdds: number;
  reserved: number;
}

/** A special bet of the member's on the activity's pick. */
export async function placeSpecial(
  testApp: TestApp,
  member: TestMember,
  id: number,
  pick: Pick,
  stake: number,
  options: { key?: string; acceptOdds?: number; optId?: string } = {},
): Promise<Answer<SpecialAnswer>> {
  const bet = {
    betType: 0,
    stake,
    scale: 2,
    acceptOdds: options.acceptOdds ?? 1,
    selections: [{ optId: options.optId ?? pick.optId, odds: pick.odds }],
  };
  const data = await sealPayload(member.auth.token, bet);
  return testApp.call<SpecialAnswer>(activityOrderCreate.path, {
    ...member.auth,
    id,
    data,
    ...(options.key ? { idempotencyKey: options.key } : {}),
  });
}

export async function limitOf(testApp: TestApp, member: TestMember, postId?: number) {
  const answer = await testApp.call<{ records: MemberActivity[] }>(activityLimit.path, {
    ...member.auth,
    ...(postId ? { postId } : {}),
  });
  return answer;
}

export function reservationsOf(testApp: TestApp, campaignId: number) {
  return testApp.database.db
    .select()
    .from(promotionActivityReservations)
    .where(eq(promotionActivityReservations.campaignId, campaignId));
}

export function activityMembersOf(testApp: TestApp, campaignId: number) {
  return testApp.database.db
    .select()
    .from(promotionActivityMembers)
    .where(eq(promotionActivityMembers.campaignId, campaignId));
}

/** The top-up of a win: the winnings scaled to the boosted odds, less the winnings. */
export function expectedTopUp(stake: number, struck: number, boosted: number): number {
  const payout = Math.floor((stake * struck) / 10_000);
  const win = payout - stake;
  return Math.max(0, Math.floor((win * (boosted - 10_000)) / (struck - 10_000)) - win);
}
