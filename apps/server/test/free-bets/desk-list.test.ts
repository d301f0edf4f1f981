import { type DeskFreeBet, deskFreeBetList, errorCatalogue } from '@sb/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPicker } from '../bonus/helpers';
import { adminCall, expectRefused, operatorToken } from '../operators/helpers';
import {
  createSettlementTestApp,
  expectLedgerBalanced,
  fundedMember,
  type Pick,
  type TestMember,
} from '../settlement/helpers';
import type { TestApp } from '../test-app';
import {
  expireSoon,
  expiryPass,
  freeBetCampaign,
  freeSingle,
  grabFreeBet,
  placeFree,
} from './helpers';

/**
 * The desk's list of free bets (docs/promotions.md, Free bets): a member's or a campaign's,
 * newest first, each with whose it is and the order it staked, for finance and support.
 */
let results: Awaited<ReturnType<typeof createSettlementTestApp>>;
let testApp: TestApp;
let pickAt: (min: number, max?: number) => Pick;
let finance: string;
let support: string;
let trader: string;
let nowMs: () => number;

beforeAll(async () => {
  results = await createSettlementTestApp();
  testApp = results.testApp;
  pickAt = createPicker(results.book);
  nowMs = () => results.feed.now().getTime();
  finance = await operatorToken(testApp, ['finance'], nowMs());
  support = await operatorToken(testApp, ['support'], nowMs());
  trader = await operatorToken(testApp, ['trader'], nowMs());
});
afterEach(() => expectLedgerBalanced(testApp));
afterAll(() => testApp.close());

type Page = { records: DeskFreeBet[]; total: number };

const deskList = (bearer: string, fields: Record<string, unknown>) =>
  adminCall<Page>(testApp, deskFreeBetList.path, { bearer, fields });

async function listed(bearer: string, fields: Record<string, unknown>): Promise<Page> {
  const answer = await deskList(bearer, fields);
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
}

/** A member with three free bets of three campaigns: one used, one expired, one available. */
async function memberWithThree(): Promise<{
  member: TestMember;
  used: number;
  expired: number;
  available: number;
  orderNo: string;
  campaignIds: number[];
}> {
  const member = await fundedMember(testApp, 0);
  const campaigns = [
    await freeBetCampaign(testApp, finance, nowMs()),
    await freeBetCampaign(testApp, finance, nowMs(), { amount: 2_000, minOdds: 15_000 }),
    await freeBetCampaign(testApp, finance, nowMs(), { amount: 500 }),
  ];
  const [first, second, third] = campaigns.map((campaign) => campaign.id) as [
    number,
    number,
    number,
  ];
  const used = await grabFreeBet(testApp, member, first);
  const expired = await grabFreeBet(testApp, member, second);
  const available = await grabFreeBet(testApp, member, third);
  const order = await placeFree(testApp, member, freeSingle(pickAt(1.5), used));
  await expireSoon(testApp, expired, nowMs());
  await expiryPass(testApp);
  return {
    member,
    used,
    expired,
    available,
    orderNo: order.orderNo,
    campaignIds: [first, second, third],
  };
}

describe('deskFreeBetList', () => {
  it('lists a member’s free bets newest first, with the order a used one staked', async () => {
    const { member, used, expired, available, orderNo, campaignIds } = await memberWithThree();
    const page = await listed(finance, { userId: member.userId });
    expect(page.total).toBe(3);
    expect(page.records.map((bet) => [bet.id, bet.status])).toEqual([
      [available, 'available'],
      [expired, 'expired'],
      [used, 'used'],
    ]);
    expect(page.records[1]).toMatchObject({
      userId: member.userId,
      campaignId: campaignIds[1],
      amount: 2_000,
      minOdds: 15_000,
      currencyCode: 'CNY',
      usedAt: null,
      orderNo: null,
    });
    const usedRow = page.records[2];
    expect(usedRow).toMatchObject({ userId: member.userId, orderNo, amount: 1_000 });
    expect(usedRow?.usedAt).not.toBeNull();
    expect(usedRow?.grantedAt).toBeLessThanOrEqual(usedRow?.expiresAt ?? 0);
  });

  it('filters by status and pages with the total of all that match', async () => {
    const { member, used, available } = await memberWithThree();
    const onlyUsed = await listed(support, { userId: member.userId, status: 'used' });
    expect(onlyUsed).toMatchObject({ total: 1, records: [{ id: used, status: 'used' }] });
    const firstPage = await listed(support, { userId: member.userId, page: 1, size: 1 });
    expect(firstPage.total).toBe(3);
    expect(firstPage.records.map((bet) => bet.id)).toEqual([available]);
    const lastPage = await listed(support, { userId: member.userId, page: 3, size: 1 });
    expect(lastPage.records.map((bet) => bet.id)).toEqual([used]);
  });

  it('answers titles in the language the call asks for', async () => {
    const { member, available } = await memberWithThree();
    const inLanguage = async (lang: string) =>
      (await listed(finance, { userId: member.userId, lang })).records.find(
        (bet) => bet.id === available,
      )?.title;
    expect(await inLanguage('en')).toBe('Free bet Friday');
    expect(await inLanguage('zh')).toBe('周五免费投注');
    expect(await inLanguage('zht')).toBe('週五免費投注');
  });

  it('lists a campaign’s free bets newest first, each naming its member', async () => {
    const campaign = await freeBetCampaign(testApp, finance, nowMs());
    const one = await fundedMember(testApp, 0);
    const two = await fundedMember(testApp, 0);
    const first = await grabFreeBet(testApp, one, campaign.id);
    const second = await grabFreeBet(testApp, two, campaign.id);
    const page = await listed(finance, { campaignId: campaign.id });
    expect(page.total).toBe(2);
    expect(page.records.map((bet) => [bet.id, bet.userId, bet.campaignId])).toEqual([
      [second, two.userId, campaign.id],
      [first, one.userId, campaign.id],
    ]);
    const hers = await listed(finance, { campaignId: campaign.id, userId: one.userId });
    expect(hers.records.map((bet) => bet.id)).toEqual([first]);
  });

  it('refuses a role without finance or support, and a member’s token', async () => {
    const member = await fundedMember(testApp, 0);
    expectRefused(
      await deskList(trader, { userId: member.userId }),
      errorCatalogue.OPERATOR_NOT_PERMITTED.code,
    );
    expectRefused(
      await adminCall(testApp, deskFreeBetList.path, {
        bearer: member.auth.token,
        fields: { userId: member.userId },
      }),
      errorCatalogue.OPERATOR_MEMBER_TOKEN_REFUSED.code,
    );
    expectRefused(
      await adminCall(testApp, deskFreeBetList.path, {
        fields: { ...member.auth, userId: member.userId },
      }),
      errorCatalogue.OPERATOR_MEMBER_TOKEN_REFUSED.code,
    );
  });

  it.each([
    [{ userId: 'x' }, 'userId'],
    [{ size: 1000 }, 'size'],
    [{ status: 'won' }, 'status'],
    [{ campaignId: -1 }, 'campaignId'],
  ])('refuses %j naming %s', async (fields, field) => {
    const answer = await deskList(finance, fields);
    expectRefused(answer, errorCatalogue.INVALID_INPUT.code);
    expect(answer.msg).toContain(field);
  });
});
