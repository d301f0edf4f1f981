import {
  campaignList,
  type DeskCampaign,
  orderStat,
  orderStatus,
  settlementRecord,
} from '@sb/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPicker, lost, won } from '../bonus/helpers';
import { expectOk } from '../identity/helpers';
import { operatorToken } from '../operators/helpers';
import {
  activityFields,
  activityPost,
  createActivity,
  limitOf,
} from '../promotions/activity-helpers';
import { budgetBalance, deskAction, deskCall, ok, systemBalance } from '../promotions/helpers';
import {
  createSettlementTestApp,
  expectLedgerBalanced,
  fundedMember,
  type Pick,
  parlay,
  placeBet,
  settlementState,
  single,
} from '../settlement/helpers';
import type { TestApp } from '../test-app';
import {
  expireSoon,
  expiryPass,
  freeBetBucket,
  freeBetCampaign,
  freeBetOf,
  freeBetsOf,
  freeSingle,
  grabFreeBet,
  mainOf,
  placeFree,
  returnOf,
} from './helpers';

/**
 * Free bets end to end through the real modules (docs/promotions.md, Free bets): granted by an
 * envelope or an activity's reward, staked whole on a single or a parlay, settled (a win pays
 * the return without the stake, a loss nothing, a void gives the free bet back), rolled back and
 * resettled, and expired back to the budget or the house. The ledger check holds after each.
 */
let results: Awaited<ReturnType<typeof createSettlementTestApp>>;
let testApp: TestApp;
let pickAt: (min: number, max?: number) => Pick;
let finance: string;
let nowMs: () => number;

beforeAll(async () => {
  results = await createSettlementTestApp();
  testApp = results.testApp;
  pickAt = createPicker(results.book);
  nowMs = () => results.feed.now().getTime();
  finance = await operatorToken(testApp, ['finance'], nowMs());
});
afterEach(() => expectLedgerBalanced(testApp));
afterAll(() => testApp.close());

async function deskView(id: number): Promise<DeskCampaign> {
  const { records } = ok(
    await deskCall<{ records: DeskCampaign[] }>(testApp, finance, campaignList.path, {
      size: 100,
    }),
  );
  const found = records.find((record) => record.id === id);
  if (!found) throw new Error(`no campaign ${id}`);
  return found;
}

describe('granting', () => {
  it('grants a free bet from an envelope: the budget pays the member’s free_bet bucket', async () => {
    const campaign = await freeBetCampaign(testApp, finance, nowMs(), {
      amount: 1_500,
      count: 3,
      minOdds: 15_000,
      days: 5,
    });
    expect(campaign).toMatchObject({ money: 'free_bet', bonusDays: 5, freeBetMinOdds: 15_000 });
    const member = await fundedMember(testApp, 0);
    const id = await grabFreeBet(testApp, member, campaign.id);
    expect(await budgetBalance(testApp, campaign.id)).toBe(4_500 - 1_500);
    expect(await freeBetBucket(testApp, member)).toBe(1_500);
    expect(await mainOf(testApp, member)).toBe(0);
    const [listed] = await freeBetsOf(testApp, member, { lang: 'en' });
    expect(listed).toMatchObject({
      id,
      campaignId: campaign.id,
      title: 'Free bet Friday',
      currencyCode: 'CNY',
      scale: 2,
      amount: 1_500,
      minOdds: 15_000,
      status: 'available',
      usedAt: null,
      orderNo: null,
    });
    expect(listed?.expiresAt).toBe((listed?.grantedAt ?? 0) + 5 * 86_400_000);
    // In the member's language: Chinese unless told otherwise.
    const [inChinese] = await freeBetsOf(testApp, member);
    expect(inChinese?.title).toBe('周五免费投注');
    expect((await deskView(campaign.id)).figures).toMatchObject({
      granted: 1_500,
      claimedCount: 1,
      freeBetsGranted: 1,
      freeBetsUsed: 0,
      freeBetsWon: 0,
      freeBetsExpired: 0,
      freeBetWinnings: 0,
      cost: 0,
    });
  });

  it('grants free bets to members grabbing together (the batched grab), once each', async () => {
    const campaign = await freeBetCampaign(testApp, finance, nowMs(), { amount: 500, count: 30 });
    const members = await Promise.all(Array.from({ length: 20 }, () => fundedMember(testApp, 0)));
    const ids = await Promise.all(
      members.map((member) => grabFreeBet(testApp, member, campaign.id)),
    );
    expect(new Set(ids).size).toBe(20);
    for (const member of members) expect(await freeBetBucket(testApp, member)).toBe(500);
    expect(await budgetBalance(testApp, campaign.id)).toBe(10 * 500);
    expect((await deskView(campaign.id)).figures).toMatchObject({
      claimedCount: 20,
      freeBetsGranted: 20,
    });
  });

  it('pays an activity’s qualifying reward as a free bet when its money is free_bet', async () => {
    const postId = await activityPost(testApp);
    const rule = {
      type: 'qualify' as const,
      minOdds: 15_000,
      measure: 'count' as const,
      target: 1,
      reward: 800,
    };
    const created = ok(
      await createActivity(
        testApp,
        finance,
        activityFields(nowMs(), postId, rule, {
          money: 'free_bet',
          bonusDays: 3,
          freeBetMinOdds: 20_000,
        }),
      ),
    );
    ok(await deskAction(testApp, finance, 'fund', created.id));
    const member = await fundedMember(testApp, 10_000);
    const pick = pickAt(1.6);
    expect((await placeBet(testApp, member, single(pick, 1_000))).code).toBe(0);
    await results.send([results.settlement(pick, lost)]);
    await testApp.modules.promotions.activities.countQualifying({ settledForMs: 0 });
    const { records } = ok(await limitOf(testApp, member));
    const progress = records.find((record) => record.id === created.id)?.progress;
    expect(progress).toMatchObject({ rewarded: true, rewardAmount: 800, bonusId: null });
    expect(progress?.freeBetId).not.toBeNull();
    const token = await freeBetOf(testApp, member, progress?.freeBetId as number);
    expect(token).toMatchObject({ amount: 800, minOdds: 20_000, status: 'available' });
    expect(token.expiresAt - token.grantedAt).toBe(3 * 86_400_000);
    expect(await freeBetBucket(testApp, member)).toBe(800);
    expect((await deskView(created.id)).figures).toMatchObject({ freeBetsGranted: 1 });
  });
});

describe('settling', () => {
  it('a won single pays the return less the stake to main, nothing of the stake', async () => {
    const campaign = await freeBetCampaign(testApp, finance, nowMs());
    const member = await fundedMember(testApp, 0);
    const id = await grabFreeBet(testApp, member, campaign.id);
    const pick = pickAt(1.5);
    const order = await placeFree(testApp, member, freeSingle(pick, id));
    expect(order).toMatchObject({ freeBetId: id, stake: 1_000, status: orderStatus.accepted });
    expect(await freeBetBucket(testApp, member)).toBe(0);
    expect(await freeBetOf(testApp, member, id)).toMatchObject({
      status: 'used',
      orderNo: order.orderNo,
    });
    await results.send([results.settlement(pick, won)]);
    expect(await mainOf(testApp, member)).toBe(returnOf(1_000, order) - 1_000);
    expect((await settlementState(testApp, order.orderNo)).status).toBe(orderStatus.settled);
    expect(await freeBetOf(testApp, member, id)).toMatchObject({ status: 'used' });
    expect((await deskView(campaign.id)).figures).toMatchObject({
      freeBetsUsed: 1,
      freeBetsWon: 1,
      freeBetWinnings: returnOf(1_000, order) - 1_000,
      cost: returnOf(1_000, order) - 1_000,
    });
  });

  it('the member’s figures count a free bet’s winnings, never its stake', async () => {
    const member = await fundedMember(testApp, 0);
    const [winner, loser, open] = [pickAt(1.5), pickAt(1.5), pickAt(1.5)];
    const placed = [];
    for (const pick of [winner, loser, open]) {
      // An envelope campaign grants a member one envelope: a campaign for each free bet.
      const campaign = await freeBetCampaign(testApp, finance, nowMs());
      const id = await grabFreeBet(testApp, member, campaign.id);
      placed.push(await placeFree(testApp, member, freeSingle(pick, id)));
    }
    await results.send([results.settlement(winner, won), results.settlement(loser, lost)]);
    const [wonOrder] = placed;
    if (!wonOrder) throw new Error('no order placed');
    const winnings = returnOf(1_000, wonOrder) - 1_000;
    const figures = expectOk(await testApp.call(orderStat.path, { ...member.auth }));
    expect(figures).toMatchObject({
      betCount: 3,
      stake: 0,
      settledCount: 2,
      settledStake: 0,
      payout: winnings,
      result: winnings,
      winCount: 1,
      lossCount: 1,
      drawCount: 0,
    });
    // The settlement record answers what came back to the member: the winnings, or nothing.
    const settled = expectOk(
      await testApp.call<{ records: { orderNo: string; payout: number; result: number }[] }>(
        settlementRecord.path,
        { ...member.auth },
      ),
    );
    const rowOf = (orderNo: string | undefined) =>
      settled.records.find((record) => record.orderNo === orderNo);
    expect(rowOf(wonOrder.orderNo)).toMatchObject({ payout: winnings, result: winnings });
    expect(rowOf(placed[1]?.orderNo)).toMatchObject({ payout: 0, result: 0 });
  });

  it('a lost parlay pays nothing: the stake goes to the house', async () => {
    const campaign = await freeBetCampaign(testApp, finance, nowMs());
    const member = await fundedMember(testApp, 0);
    const id = await grabFreeBet(testApp, member, campaign.id);
    const picks = [pickAt(1.5), pickAt(1.5)] as const;
    const order = await placeFree(testApp, member, parlay([...picks], 1_000, { freeBetId: id }));
    expect(order.betType).toBe(1);
    const houseBefore = await systemBalance(testApp, 'house');
    await results.send([results.settlement(picks[0], lost)]);
    expect((await settlementState(testApp, order.orderNo)).status).toBe(orderStatus.settled);
    expect(await mainOf(testApp, member)).toBe(0);
    expect(await freeBetBucket(testApp, member)).toBe(0);
    expect((await systemBalance(testApp, 'house')) - houseBefore).toBe(1_000);
    expect((await deskView(campaign.id)).figures).toMatchObject({
      freeBetsUsed: 1,
      freeBetsWon: 0,
      freeBetWinnings: 0,
    });
  });

  it('a won parlay pays its return less the stake', async () => {
    const campaign = await freeBetCampaign(testApp, finance, nowMs());
    const member = await fundedMember(testApp, 0);
    const id = await grabFreeBet(testApp, member, campaign.id);
    const picks = [pickAt(1.5), pickAt(1.5)];
    const order = await placeFree(testApp, member, parlay(picks, 1_000, { freeBetId: id }));
    await results.send(picks.map((pick) => results.settlement(pick, won)));
    expect(await mainOf(testApp, member)).toBe(returnOf(1_000, order) - 1_000);
  });

  it('a void bet gives the free bet back, with its expiry unchanged', async () => {
    const campaign = await freeBetCampaign(testApp, finance, nowMs());
    const member = await fundedMember(testApp, 0);
    const id = await grabFreeBet(testApp, member, campaign.id);
    const before = await freeBetOf(testApp, member, id);
    const pick = pickAt(1.5);
    const order = await placeFree(testApp, member, freeSingle(pick, id));
    await results.send([results.cancel(pick)]);
    expect((await settlementState(testApp, order.orderNo)).status).toBe(orderStatus.void);
    expect(await mainOf(testApp, member)).toBe(0);
    expect(await freeBetBucket(testApp, member)).toBe(1_000);
    expect(await freeBetOf(testApp, member, id)).toMatchObject({
      status: 'available',
      expiresAt: before.expiresAt,
      orderNo: null,
    });
    // And it stakes another bet.
    const again = await placeFree(testApp, member, freeSingle(pickAt(1.5), id));
    expect(again.freeBetId).toBe(id);
  });

  it('a push (the single’s leg void) gives the free bet back too', async () => {
    const campaign = await freeBetCampaign(testApp, finance, nowMs());
    const member = await fundedMember(testApp, 0);
    const id = await grabFreeBet(testApp, member, campaign.id);
    const pick = pickAt(1.5);
    await placeFree(testApp, member, freeSingle(pick, id));
    await results.send([results.settlement(pick, { result: 0, voidFactor: 1 })]);
    expect(await freeBetOf(testApp, member, id)).toMatchObject({ status: 'available' });
    expect(await freeBetBucket(testApp, member)).toBe(1_000);
    expect(await mainOf(testApp, member)).toBe(0);
  });
});

describe('rollbacks', () => {
  it('takes a win back exactly, then pays the resettled result', async () => {
    const campaign = await freeBetCampaign(testApp, finance, nowMs());
    const member = await fundedMember(testApp, 0);
    const id = await grabFreeBet(testApp, member, campaign.id);
    const pick = pickAt(1.5);
    const order = await placeFree(testApp, member, freeSingle(pick, id));
    await results.send([results.settlement(pick, won)]);
    const winnings = returnOf(1_000, order) - 1_000;
    expect(await mainOf(testApp, member)).toBe(winnings);

    await results.send([results.rollback(pick)]);
    const state = await settlementState(testApp, order.orderNo);
    expect(state.status).toBe(orderStatus.accepted);
    expect(state.settlements[0]?.unrecoveredMinor).toBe(0);
    expect(await mainOf(testApp, member)).toBe(0);
    expect((await deskView(campaign.id)).figures).toMatchObject({ freeBetsWon: 0 });

    await results.send([results.settlement(pick, lost)]);
    expect((await settlementState(testApp, order.orderNo)).status).toBe(orderStatus.settled);
    expect(await mainOf(testApp, member)).toBe(0);
    expect(await freeBetBucket(testApp, member)).toBe(0);
  });

  it('a void taken back holds the free bet again; the next result settles it', async () => {
    const campaign = await freeBetCampaign(testApp, finance, nowMs());
    const member = await fundedMember(testApp, 0);
    const id = await grabFreeBet(testApp, member, campaign.id);
    const pick = pickAt(1.5);
    const order = await placeFree(testApp, member, freeSingle(pick, id));
    await results.send([results.settlement(pick, { result: 0, voidFactor: 1 })]);
    expect(await freeBetOf(testApp, member, id)).toMatchObject({ status: 'available' });
    await results.send([results.rollback(pick)]);
    expect((await settlementState(testApp, order.orderNo)).status).toBe(orderStatus.accepted);
    expect(await freeBetOf(testApp, member, id)).toMatchObject({
      status: 'used',
      orderNo: order.orderNo,
    });
    expect(await freeBetBucket(testApp, member)).toBe(0);
    await results.send([results.settlement(pick, won)]);
    expect(await mainOf(testApp, member)).toBe(returnOf(1_000, order) - 1_000);
  });
});

describe('expiry', () => {
  it('returns an unused free bet to the budget while the campaign is open', async () => {
    const campaign = await freeBetCampaign(testApp, finance, nowMs(), { count: 2 });
    const member = await fundedMember(testApp, 0);
    const id = await grabFreeBet(testApp, member, campaign.id);
    expect(await budgetBalance(testApp, campaign.id)).toBe(1_000);
    await expireSoon(testApp, id, nowMs());
    expect(await expiryPass(testApp)).toBeGreaterThanOrEqual(1);
    expect(await freeBetOf(testApp, member, id)).toMatchObject({ status: 'expired' });
    expect(await freeBetBucket(testApp, member)).toBe(0);
    expect(await budgetBalance(testApp, campaign.id)).toBe(2_000);
    expect((await deskView(campaign.id)).figures).toMatchObject({ freeBetsExpired: 1 });
    // An expired free bet stakes nothing.
    const refused = await placeBet(testApp, member, freeSingle(pickAt(1.5), id));
    expect(refused.code).not.toBe(0);
  });

  it('returns it to the house once the campaign closed', async () => {
    const campaign = await freeBetCampaign(testApp, finance, nowMs(), { count: 2 });
    const member = await fundedMember(testApp, 0);
    const id = await grabFreeBet(testApp, member, campaign.id);
    ok(await deskAction(testApp, finance, 'close', campaign.id));
    expect(await budgetBalance(testApp, campaign.id)).toBe(0);
    // Still the member's until it expires.
    expect(await freeBetOf(testApp, member, id)).toMatchObject({ status: 'available' });
    const houseBefore = await systemBalance(testApp, 'house');
    await expireSoon(testApp, id, nowMs());
    await expiryPass(testApp);
    expect(await freeBetOf(testApp, member, id)).toMatchObject({ status: 'expired' });
    expect(await budgetBalance(testApp, campaign.id)).toBe(0);
    expect((await systemBalance(testApp, 'house')) - houseBefore).toBe(1_000);
  });

  it('a void after the free bet’s expiry gives it back and expires it at once', async () => {
    const campaign = await freeBetCampaign(testApp, finance, nowMs(), { count: 2 });
    const member = await fundedMember(testApp, 0);
    const id = await grabFreeBet(testApp, member, campaign.id);
    const pick = pickAt(1.5);
    await placeFree(testApp, member, freeSingle(pick, id));
    await expireSoon(testApp, id, nowMs());
    await results.send([results.cancel(pick)]);
    expect(await freeBetOf(testApp, member, id)).toMatchObject({ status: 'expired' });
    expect(await freeBetBucket(testApp, member)).toBe(0);
    expect(await budgetBalance(testApp, campaign.id)).toBe(2_000);
  });
});
