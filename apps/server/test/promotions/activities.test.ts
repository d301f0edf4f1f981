import {
  campaignList,
  type DeskCampaign,
  errorCatalogue,
  memberCreateTryPlay,
  orderStatus,
} from '@sb/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/identity/identity.schema';
import { ledgerTransactions } from '../../src/modules/ledger/ledger.schema';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { operatorAuditLog } from '../../src/modules/operators/operators.schema';
import { promotionActivityReservations } from '../../src/modules/promotions/promotions.schema';
import { betOn, cashOutNow, createPicker, lost, moneyOf, won } from '../bonus/helpers';
import { expectRefused, operatorToken } from '../operators/helpers';
import {
  createSettlementTestApp,
  expectLedgerBalanced,
  fundedMember,
  type Pick,
  placeBet,
  single,
  type TestMember,
} from '../settlement/helpers';
import type { TestApp } from '../test-app';
import {
  activityFields,
  activityMembersOf,
  activityPost,
  createActivity,
  expectedTopUp,
  limitOf,
  placeSpecial,
  reservationsOf,
  specialRule,
} from './activity-helpers';
import { budgetBalance, deskAction, deskCall, ok, systemBalance } from './helpers';

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

const codes = {
  notRunning: errorCatalogue.ACTIVITY_NOT_RUNNING.code,
  ineligible: errorCatalogue.ACTIVITY_INELIGIBLE.code,
  mismatch: errorCatalogue.ACTIVITY_SELECTION_MISMATCH.code,
  stakeCap: errorCatalogue.ACTIVITY_STAKE_CAP.code,
  liabilityCap: errorCatalogue.ACTIVITY_LIABILITY_CAP.code,
  membersOnly: errorCatalogue.ACTIVITY_MEMBERS_ONLY.code,
  reservationsOpen: errorCatalogue.ACTIVITY_RESERVATIONS_OPEN.code,
};

const activities = () => testApp.modules.promotions.activities;
/** One qualifying pass moving past every decision (tests hold no long transactions). */
const qualifyPass = () => activities().countQualifying({ settledForMs: 0 });

const qualifyRule = (overrides: Record<string, unknown> = {}) => ({
  type: 'qualify' as const,
  minOdds: 15_000,
  measure: 'count' as const,
  target: 2,
  reward: 500,
  ...overrides,
});

/** An activity created and funded, running now (funding runs the clock). */
async function runningActivity(
  rule: Record<string, unknown> & { type: 'qualify' | 'special' },
  overrides: Record<string, unknown> = {},
): Promise<DeskCampaign> {
  const postId = await activityPost(testApp);
  const created = ok(
    await createActivity(testApp, finance, activityFields(nowMs(), postId, rule, overrides)),
  );
  const funded = ok(await deskAction(testApp, finance, 'fund', created.id));
  return funded;
}

async function deskView(id: number): Promise<DeskCampaign> {
  const { records } = ok(
    await deskCall<{ records: DeskCampaign[] }>(testApp, finance, campaignList.path, {
      kind: 'activity',
      size: 100,
    }),
  );
  const found = records.find((record) => record.id === id);
  if (!found) throw new Error(`no activity ${id}`);
  return found;
}

async function progressOf(member: TestMember, id: number) {
  const { records } = ok(await limitOf(testApp, member));
  return records.find((record) => record.id === id);
}

describe('the desk', () => {
  it('creates a draft activity on an activity post, idempotently and audited', async () => {
    const postId = await activityPost(testApp);
    const fields = activityFields(nowMs(), postId, qualifyRule({ sportIds: [3, 1, 1] }));
    const headers = { 'idempotency-key': 'activity-create-1' };
    const draft = ok(await createActivity(testApp, finance, fields, headers));
    expect(draft).toMatchObject({
      kind: 'activity',
      status: 'draft',
      envelope: null,
      activity: { postId, rule: { type: 'qualify', sportIds: [1, 3], playIds: [], target: 2 } },
      figures: { funded: 0, granted: 0, membersRewarded: 0, membersUnpaid: 0, reserved: 0 },
    });
    const again = ok(await createActivity(testApp, finance, fields, headers));
    expect(again.id).toBe(draft.id);
    expectRefused(
      await createActivity(testApp, finance, { ...fields, total: 5_000 }, headers),
      errorCatalogue.IDEMPOTENCY_CONFLICT.code,
    );
    const audits = await testApp.database.db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.targetId, String(draft.id)));
    expect(audits.filter((entry) => entry.action === 'campaign.create')).toHaveLength(1);
  });

  it('refuses a post that is not an activity, a reward above the budget, a bonus special', async () => {
    const notice = await activityPost(testApp, 'notice');
    const postId = await activityPost(testApp);
    const refused = [
      [activityFields(nowMs(), notice, qualifyRule()), 'postId'],
      [activityFields(nowMs(), 999_999, qualifyRule()), 'postId'],
      [activityFields(nowMs(), postId, qualifyRule({ reward: 200_000 })), 'rule.reward'],
      [activityFields(nowMs(), postId, qualifyRule({ measure: 'sum' })), 'rule.measure'],
      [
        activityFields(nowMs(), postId, specialRule(pickAt(1.6), 5_000, 1_000), {
          money: 'bonus',
          rolloverMultiple: 1,
          bonusDays: 1,
        }),
        'money',
      ],
      [activityFields(nowMs(), postId, { type: 'special', optId: 'x' }), 'rule'],
    ] as const;
    for (const [fields, field] of refused) {
      const answer = await createActivity(testApp, finance, fields as Record<string, unknown>);
      expect(answer.code, JSON.stringify(answer)).not.toBe(0);
      expect(answer.msg).toContain(field);
    }
  });
});

describe('qualifying', () => {
  it('counts a qualifying order once, however many passes race, and pays the reward once', async () => {
    const activity = await runningActivity(qualifyRule());
    const member = await fundedMember(testApp, 10_000);
    const first = pickAt(1.6);
    await betOn(testApp, member, first, 1_000);
    await results.send([results.settlement(first, lost)]);
    await Promise.all([qualifyPass(), qualifyPass(), qualifyPass()]);
    expect((await progressOf(member, activity.id))?.progress).toMatchObject({
      counted: 1,
      target: 2,
      reached: false,
      rewarded: false,
    });
    const before = await moneyOf(testApp, member);
    const second = pickAt(1.6);
    await betOn(testApp, member, second, 1_000);
    await results.send([results.settlement(second, lost)]);
    await Promise.all([qualifyPass(), qualifyPass()]);
    await activities().payUnpaid();
    expect((await progressOf(member, activity.id))?.progress).toMatchObject({
      counted: 2,
      reached: true,
      rewarded: true,
      rewardAmount: 500,
      bonusId: null,
    });
    expect((await moneyOf(testApp, member)).main).toBe(before.main - 1_000 + 500);
    const payouts = await testApp.database.db
      .select()
      .from(ledgerTransactions)
      .where(
        eq(
          ledgerTransactions.idempotencyKey,
          `promotion_payout:activity:${activity.id}:${member.userId}`,
        ),
      );
    expect(payouts).toHaveLength(1);
    expect(await budgetBalance(testApp, activity.id)).toBe(100_000 - 500);
    expect((await deskView(activity.id)).figures).toMatchObject({
      granted: 500,
      claimedCount: 1,
      membersRewarded: 1,
      membersUnpaid: 0,
      cost: 500,
      budgetLeft: 99_500,
    });
  });

  it('never counts a cash out, a void, a short price, a wrong sport or play, or a bet before the window', async () => {
    const all = await runningActivity(qualifyRule({ target: 10 }));
    const wrongSport = await runningActivity(qualifyRule({ sportIds: [999], target: 10 }));
    const wrongPlay = await runningActivity(qualifyRule({ playIds: [999_998], target: 10 }));
    const later = await runningActivity(qualifyRule({ target: 10 }), {
      startsAt: nowMs() + 3_600_000,
    });
    const member = await fundedMember(testApp, 20_000);

    const cashed = pickAt(1.6);
    const cashedBet = await betOn(testApp, member, cashed, 1_000);
    await cashOutNow(testApp, member, cashedBet.orderNo);
    const voided = pickAt(1.6);
    await betOn(testApp, member, voided, 1_000);
    await results.send([results.cancel(voided)]);
    const short = pickAt(1.01, 1.5);
    await betOn(testApp, member, short, 1_000);
    await results.send([results.settlement(short, won)]);
    const fits = pickAt(1.6);
    await betOn(testApp, member, fits, 1_000);
    await results.send([results.settlement(fits, lost)]);
    // A bet the engine refused never reaches the wagering record.
    expect((await placeBet(testApp, member, single(pickAt(1.6), 1))).code).not.toBe(0);

    await qualifyPass();
    const counted = async (id: number) =>
      (await activityMembersOf(testApp, id)).find((row) => row.userId === member.userId)?.counted ??
      0;
    expect(await counted(all.id)).toBe(1);
    expect(await counted(wrongSport.id)).toBe(0);
    expect(await counted(wrongPlay.id)).toBe(0);
    expect(await counted(later.id)).toBe(0);
  });

  it('pays bonus money through the bonus module', async () => {
    const activity = await runningActivity(
      qualifyRule({ measure: 'stake', target: 1_500, reward: 800 }),
      { money: 'bonus', rolloverMultiple: 1, bonusDays: 7 },
    );
    const member = await fundedMember(testApp, 10_000);
    for (const stake of [1_000, 700]) {
      const pick = pickAt(1.6);
      await betOn(testApp, member, pick, stake);
      await results.send([results.settlement(pick, lost)]);
    }
    await qualifyPass();
    const progress = (await progressOf(member, activity.id))?.progress;
    expect(progress).toMatchObject({ counted: 1_700, reached: true, rewarded: true });
    expect(progress?.bonusId).toBeGreaterThan(0);
    expect((await moneyOf(testApp, member)).bonus).toBe(800);
    expect((await deskView(activity.id)).figures).toMatchObject({
      granted: 800,
      active: 800,
      cost: 0,
      membersRewarded: 1,
    });
  });

  it('leaves a member the budget cannot pay qualified and unpaid, and says so', async () => {
    const activity = await runningActivity(qualifyRule({ target: 1, reward: 600 }), {
      total: 1_000,
    });
    const members = [await fundedMember(testApp, 5_000), await fundedMember(testApp, 5_000)];
    for (const member of members) {
      const pick = pickAt(1.6);
      await betOn(testApp, member, pick, 1_000);
      await results.send([results.settlement(pick, lost)]);
    }
    await qualifyPass();
    await activities().payUnpaid();
    const rows = await activityMembersOf(testApp, activity.id);
    expect(rows.filter((row) => row.rewardedAt)).toHaveLength(1);
    expect(rows.filter((row) => row.reachedAt && !row.rewardedAt)).toHaveLength(1);
    expect((await deskView(activity.id)).figures).toMatchObject({
      granted: 600,
      membersRewarded: 1,
      membersUnpaid: 1,
      budgetLeft: 400,
    });
    // Closing returns the rest; the unpaid member is never paid from a closed campaign.
    const houseBefore = await systemBalance(testApp, 'house');
    ok(await deskAction(testApp, finance, 'close', activity.id));
    expect(await systemBalance(testApp, 'house')).toBe(houseBefore + 400);
    expect(await activities().payUnpaid()).toBe(0);
  });
});

describe('special bets', () => {
  it('places through the engine with a reservation and pays the exact top-up on a win', async () => {
    const pick = pickAt(1.6);
    const activity = await runningActivity(specialRule(pick, 5_000, 5_000));
    const member = await fundedMember(testApp, 10_000);
    const limit = (await progressOf(member, activity.id))?.special;
    expect(limit).toMatchObject({
      staked: 0,
      stakeLeft: 5_000,
      liabilityLeft: 100_000,
      selection: { optId: pick.optId, onOffer: true },
    });
    const placed = ok(await placeSpecial(testApp, member, activity.id, pick, 2_000));
    const struck = placed.order.odds;
    const boosted = Math.round(pick.odds * 10_000) + 5_000;
    expect(placed.boostedOdds).toBe(boosted);
    expect(placed.reserved).toBe(expectedTopUp(2_000, struck, boosted));
    expect(placed.order.status).toBe(orderStatus.accepted);
    expect((await deskView(activity.id)).figures.reserved).toBe(placed.reserved);
    const before = await moneyOf(testApp, member);
    await results.send([results.settlement(pick, won)]);
    await activities().followReservations();
    await activities().followReservations();
    const payout = Math.floor((2_000 * struck) / 10_000);
    expect((await moneyOf(testApp, member)).main).toBe(before.main + payout + placed.reserved);
    const [reservation] = await reservationsOf(testApp, activity.id);
    expect(reservation).toMatchObject({ state: 'paid', paid: placed.reserved });
    expect((await deskView(activity.id)).figures).toMatchObject({
      granted: placed.reserved,
      reserved: 0,
      cost: placed.reserved,
      budgetLeft: 100_000 - placed.reserved,
    });
  });

  it('releases the reservation of a lost or void bet', async () => {
    const lostPick = pickAt(1.6);
    const voidPick = pickAt(1.6);
    const lostActivity = await runningActivity(specialRule(lostPick, 5_000, 5_000));
    const voidActivity = await runningActivity(specialRule(voidPick, 5_000, 5_000));
    const member = await fundedMember(testApp, 10_000);
    ok(await placeSpecial(testApp, member, lostActivity.id, lostPick, 1_000));
    ok(await placeSpecial(testApp, member, voidActivity.id, voidPick, 1_000));
    await results.send([results.settlement(lostPick, lost), results.cancel(voidPick)]);
    await activities().followReservations();
    expect((await reservationsOf(testApp, lostActivity.id))[0]).toMatchObject({
      state: 'done',
      paid: 0,
    });
    expect((await reservationsOf(testApp, voidActivity.id))[0]).toMatchObject({
      state: 'released',
      paid: 0,
    });
    for (const id of [lostActivity.id, voidActivity.id]) {
      expect((await deskView(id)).figures).toMatchObject({ reserved: 0, granted: 0 });
      expect(await budgetBalance(testApp, id)).toBe(100_000);
    }
    // A void bet's stake never stood: the member's cap is whole again.
    expect((await progressOf(member, voidActivity.id))?.special?.stakeLeft).toBe(5_000);
    expect((await progressOf(member, lostActivity.id))?.special?.stakeLeft).toBe(4_000);
  });

  it('never lets one member pass the stake cap, however many bets race', async () => {
    const pick = pickAt(1.6);
    const activity = await runningActivity(specialRule(pick, 5_000, 3_000));
    const member = await fundedMember(testApp, 50_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => placeSpecial(testApp, member, activity.id, pick, 1_000)),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(3);
    for (const answer of answers.filter((entry) => entry.code !== 0))
      expect(answer.code).toBe(codes.stakeCap);
    const refused = answers.find((answer) => answer.code !== 0);
    expect(refused?.msg).toContain('0.00 left');
    const rows = await reservationsOf(testApp, activity.id);
    expect(rows).toHaveLength(3);
    expect(rows.reduce((sum, row) => sum + row.stake, 0)).toBe(3_000);
  });

  it('never lets many members pass the liability cap', async () => {
    const pick = pickAt(1.6);
    const rule = specialRule(pick, 20_000, 10_000);
    const perBet = expectedTopUp(1_000, Math.round(pick.odds * 10_000), rule.boostedOdds);
    const activity = await runningActivity(rule, { total: perBet * 4 + perBet - 1 });
    const members = await Promise.all(
      Array.from({ length: 12 }, () => fundedMember(testApp, 5_000)),
    );
    const answers = await Promise.all(
      members.map((member) => placeSpecial(testApp, member, activity.id, pick, 1_000)),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(4);
    for (const answer of answers.filter((entry) => entry.code !== 0))
      expect(answer.code).toBe(codes.liabilityCap);
    const rows = await reservationsOf(testApp, activity.id);
    expect(rows.reduce((sum, row) => sum + row.reserved, 0)).toBeLessThanOrEqual(
      perBet * 4 + perBet - 1,
    );
  });

  it('answers a replay with the same order and reserves nothing new', async () => {
    const pick = pickAt(1.6);
    const activity = await runningActivity(specialRule(pick, 5_000, 5_000));
    const member = await fundedMember(testApp, 10_000);
    const [first, second] = await Promise.all([
      placeSpecial(testApp, member, activity.id, pick, 1_000, { key: 'special-1' }),
      placeSpecial(testApp, member, activity.id, pick, 1_000, { key: 'special-1' }),
    ]);
    const third = await placeSpecial(testApp, member, activity.id, pick, 1_000, {
      key: 'special-1',
    });
    const orderNo = ok(first).order.orderNo;
    expect(ok(second).order.orderNo).toBe(orderNo);
    expect(ok(third).order.orderNo).toBe(orderNo);
    expect(await reservationsOf(testApp, activity.id)).toHaveLength(1);
    expect((await moneyOf(testApp, member)).main).toBe(9_000);
    // The same key with another bet is a conflict.
    expectRefused(
      await placeSpecial(testApp, member, activity.id, pick, 1_500, { key: 'special-1' }),
      errorCatalogue.IDEMPOTENCY_CONFLICT.code,
    );
  });

  it('refuses demo players, ineligible members, another selection, and changes nothing', async () => {
    const pick = pickAt(1.6);
    const activity = await runningActivity(specialRule(pick, 5_000, 5_000), {
      riskLevels: [0],
    });
    const demo = ok(
      await testApp.call<{ uid: string; token: string }>(memberCreateTryPlay.path, {}),
    );
    const demoMember = { auth: { uid: demo.uid, token: demo.token } } as TestMember;
    expectRefused(
      await placeSpecial(testApp, demoMember, activity.id, pick, 1_000),
      codes.membersOnly,
    );
    const risky = await fundedMember(testApp, 10_000);
    await testApp.database.db.update(users).set({ riskLevel: 5 }).where(eq(users.id, risky.userId));
    expectRefused(await placeSpecial(testApp, risky, activity.id, pick, 1_000), codes.ineligible);
    const member = await fundedMember(testApp, 10_000);
    const other = pickAt(1.6);
    expectRefused(
      await placeSpecial(testApp, member, activity.id, other, 1_000, { optId: other.optId }),
      codes.mismatch,
    );
    expectRefused(
      await placeSpecial(testApp, member, activity.id, pick, 1_000, { acceptOdds: 0 }),
      errorCatalogue.INVALID_INPUT.code,
    );
    expect(await reservationsOf(testApp, activity.id)).toHaveLength(0);
    expect((await moneyOf(testApp, risky)).main).toBe(10_000);
    expect((await moneyOf(testApp, member)).main).toBe(10_000);
    const limit = await progressOf(risky, activity.id);
    expect(limit).toMatchObject({ eligible: false, ineligibleReason: 'error.activityIneligible' });
  });
});

describe('a placement that never finished', () => {
  it('releases a reservation left without an order after a few minutes, or attaches its order', async () => {
    const pick = pickAt(1.6);
    const activity = await runningActivity(specialRule(pick, 5_000, 5_000));
    const member = await fundedMember(testApp, 10_000);
    const placed = ok(
      await placeSpecial(testApp, member, activity.id, pick, 1_000, { key: 'crash-1' }),
    );
    const longAgo = new Date(nowMs() - 10 * 60_000);
    const { db } = testApp.database;
    // As if the process stopped before the reservation took its order, and another never placed.
    await db
      .update(promotionActivityReservations)
      .set({ orderNo: null, createdAt: longAgo })
      .where(eq(promotionActivityReservations.campaignId, activity.id));
    await db.insert(promotionActivityReservations).values({
      campaignId: activity.id,
      userId: member.userId,
      key: 'crash-2',
      orderKey: `activity:${activity.id}:crash-2`,
      isMemberKey: true,
      stake: 1_000,
      reserved: 700,
      createdAt: longAgo,
    });
    expect(await activities().releaseOrphans()).toBe(1);
    const rows = await reservationsOf(testApp, activity.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: 'crash-1', orderNo: placed.order.orderNo, state: 'held' });
    expect((await deskView(activity.id)).figures.reserved).toBe(placed.reserved);
  });
});

describe('the lifecycle of an activity', () => {
  it('funds, pauses (placement refused), refuses a close while a top-up is reserved, then returns the rest exactly', async () => {
    const pick = pickAt(1.6);
    const houseBefore = await systemBalance(testApp, 'house');
    const activity = await runningActivity(specialRule(pick, 5_000, 5_000), { total: 50_000 });
    expect(activity).toMatchObject({ status: 'running', figures: { funded: 50_000 } });
    expect(await systemBalance(testApp, 'house')).toBe(houseBefore - 50_000);
    const member = await fundedMember(testApp, 10_000);

    ok(await deskAction(testApp, finance, 'pause', activity.id));
    expectRefused(await placeSpecial(testApp, member, activity.id, pick, 1_000), codes.notRunning);
    ok(await deskAction(testApp, finance, 'resume', activity.id));
    const placed = ok(await placeSpecial(testApp, member, activity.id, pick, 1_000));

    expectRefused(await deskAction(testApp, finance, 'close', activity.id), codes.reservationsOpen);
    expect((await deskView(activity.id)).status).toBe('running');

    await results.send([results.settlement(pick, won)]);
    await activities().followReservations();
    expect(await budgetBalance(testApp, activity.id)).toBe(50_000 - placed.reserved);
    const houseBeforeClose = await systemBalance(testApp, 'house');
    const closed = ok(await deskAction(testApp, finance, 'close', activity.id));
    expect(closed.status).toBe('closed');
    expect(await budgetBalance(testApp, activity.id)).toBe(0);
    expect(await systemBalance(testApp, 'house')).toBe(houseBeforeClose + 50_000 - placed.reserved);
    expect((await checkLedger(testApp.database.db)).ok).toBe(true);
  });
});
