import { type DeskCampaign, type FreeBet, memberFreeBetList, type OrderRecord } from '@sb/contract';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { bonusFreeBets } from '../../src/modules/bonus/bonus.schema';
import { ledgerAccounts } from '../../src/modules/ledger/ledger.schema';
import { moneyOf } from '../bonus/helpers';
import { createCampaign, deskAction, grab, ok } from '../promotions/helpers';
import {
  type Answer,
  cny,
  expectOk,
  type Pick,
  placeBet,
  single,
  type TestMember,
} from '../settlement/helpers';
import type { TestApp } from '../test-app';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/**
 * An envelope campaign of free bets, funded and running: `count` envelopes of `amount` each,
 * valid `days` days, at `minOdds` or more (ten-thousandths, 0 for none).
 */
export async function freeBetCampaign(
  testApp: TestApp,
  finance: string,
  nowMs: number,
  terms: { amount?: number; count?: number; minOdds?: number; days?: number } = {},
): Promise<DeskCampaign> {
  const amount = terms.amount ?? 1_000;
  const count = terms.count ?? 5;
  const created = ok(
    await createCampaign(testApp, finance, {
      titleEn: 'Free bet Friday',
      titleZh: '周五免费投注',
      titleZht: '週五免費投注',
      currencyId: cny.currencyId,
      money: 'free_bet',
      bonusDays: terms.days ?? 7,
      freeBetMinOdds: terms.minOdds ?? 0,
      total: amount * count,
      count,
      minAmount: amount,
      maxAmount: amount,
      startsAt: nowMs - 60_000,
      endsAt: nowMs + dayMs,
    }),
  );
  const funded = ok(await deskAction(testApp, finance, 'fund', created.id));
  expect(funded.status).toBe('running');
  return funded;
}

/** A member's grab of a free-bet envelope: the free bet's id. */
export async function grabFreeBet(
  testApp: TestApp,
  member: TestMember,
  campaignId: number,
): Promise<number> {
  const claim = ok(await grab(testApp, member, campaignId));
  expect(claim.money).toBe('free_bet');
  expect(claim.bonusId).toBeNull();
  if (claim.freeBetId === null) throw new Error('the envelope granted no free bet');
  return claim.freeBetId;
}

/** The member's free bets, as their list answers them. */
export async function freeBetsOf(
  testApp: TestApp,
  member: TestMember,
  fields: Record<string, unknown> = {},
): Promise<FreeBet[]> {
  return expectOk(
    await testApp.call<{ records: FreeBet[]; total: number }>(memberFreeBetList.path, {
      ...member.auth,
      ...fields,
    }),
  ).records;
}

export async function freeBetOf(testApp: TestApp, member: TestMember, id: number) {
  const found = (await freeBetsOf(testApp, member, { size: 100 })).find((bet) => bet.id === id);
  if (!found) throw new Error(`no free bet ${id} of member ${member.userId}`);
  return found;
}

/** What the member's `free_bet` bucket holds in CNY. */
export async function freeBetBucket(testApp: TestApp, member: TestMember): Promise<number> {
  const [row] = await testApp.database.db
    .select({ balance: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)` })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, member.userId),
        eq(ledgerAccounts.bucket, 'free_bet'),
        eq(ledgerAccounts.currencyId, cny.currencyId),
      ),
    );
  return Number(row?.balance ?? 0);
}

/** The member's CNY cash (main, less frozen). */
export const mainOf = async (testApp: TestApp, member: TestMember) =>
  (await moneyOf(testApp, member)).main;

/** A single on `pick` staked whole with the free bet. */
export function freeSingle(pick: Pick, freeBetId: number | string, stake = 1_000) {
  return single(pick, stake, { freeBetId });
}

/** Places a bet with a free bet and expects it accepted. */
export async function placeFree(
  testApp: TestApp,
  member: TestMember,
  bet: unknown,
  key?: string,
): Promise<OrderRecord> {
  const order = expectOk(await placeBet(testApp, member, bet, key));
  expect(order.freeBetId).not.toBeNull();
  expect(order.bonusStake).toBe(0);
  return order;
}

/** A refusal's code and message. */
export function refusalOf(answer: Answer<unknown>): { code: number; msg: string } {
  return { code: answer.code, msg: String((answer as { msg?: unknown }).msg ?? '') };
}

/** Moves the free bet's expiry before the app's `nowMs`, as time passing would. */
export async function expireSoon(testApp: TestApp, id: number, nowMs: number): Promise<void> {
  await testApp.database.db
    .update(bonusFreeBets)
    .set({ expiresAt: new Date(nowMs - 1_000) })
    .where(eq(bonusFreeBets.id, id));
}

/** One expiry pass of free bets. */
export const expiryPass = (testApp: TestApp) => testApp.modules.bonus.expireDueFreeBets();

/** The decimal odds' payout of `stake` at the order's struck odds, as settlement rounds it. */
export const returnOf = (stake: number, order: OrderRecord) =>
  Math.floor((stake * order.odds) / 10_000);
