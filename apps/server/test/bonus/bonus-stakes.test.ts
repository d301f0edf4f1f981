import { errorCatalogue, orderStatus } from '@sb/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bonusGrants } from '../../src/modules/bonus/bonus.schema';
import { checkLedger, createLedger } from '../../src/modules/ledger/ledger.service';
import {
  countRows,
  expectOk,
  type Pick,
  placeBet,
  settlementState,
  single,
  stakesHeld,
  type TestMember,
} from '../settlement/helpers';
import {
  bonusSuite,
  cashOutNow,
  grant,
  grantRow,
  lost,
  memberWith,
  moneyOf,
  rolloverPass,
  won,
} from './helpers';
import { decidedRow, expectEachBalanced, netOf, orderRow, postingsOf } from './helpers-stakes';

const suite = bonusSuite({ campaignBudget: 10_000_000 });

async function place(member: TestMember, pick: Pick, stake: number, key?: string) {
  return expectOk(await placeBet(suite.testApp, member, single(pick, stake), key));
}

/** The bonus share of an amount paid back of `stake` of which `bonusStake` was bonus. */
const bonusShare = (amount: number, stake: number, bonusStake: number) =>
  Math.floor((amount * bonusStake) / stake);

describe('placement, cash first', () => {
  it('spends main, then bonus, and records the bonus part', async () => {
    const member = await memberWith(suite, 600, 1_000);
    const heldBefore = await stakesHeld(suite.testApp);
    const order = await place(member, suite.pickAt(1.2), 1_000);
    expect(order.status).toBe(orderStatus.accepted);
    expect(order.bonusStake).toBe(400);
    expect((await orderRow(suite.testApp, order.orderNo)).bonusStakeMinor).toBe(400);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 0, bonus: 600 });
    expect(await stakesHeld(suite.testApp)).toBe(heldBefore + 1_000);
    const postings = await postingsOf(suite.testApp, order.orderNo);
    expect(postings.map(({ kind, account, amount }) => [kind, account, amount])).toEqual([
      ['order_bonus_stake', 'bonus', -400],
      ['order_bonus_stake', 'stakes_held', 400],
      ['order_stake', 'main', -600],
      ['order_stake', 'stakes_held', 600],
    ]);
  });

  it('leaves bonus money alone while main covers the stake', async () => {
    const member = await memberWith(suite, 5_000, 1_000);
    const order = await place(member, suite.pickAt(1.2), 1_000);
    expect(order.bonusStake).toBe(0);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 4_000, bonus: 1_000 });
    expect((await postingsOf(suite.testApp, order.orderNo)).map((entry) => entry.kind)).toEqual([
      'order_stake',
      'order_stake',
    ]);
  });

  it('places a stake of bonus money only, with no cash transaction', async () => {
    const member = await memberWith(suite, 0, 1_000);
    const order = await place(member, suite.pickAt(1.2), 700);
    expect(order.bonusStake).toBe(700);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 0, bonus: 300 });
    expect((await postingsOf(suite.testApp, order.orderNo)).map((entry) => entry.kind)).toEqual([
      'order_bonus_stake',
      'order_bonus_stake',
    ]);
  });

  it('refuses a stake cash and bonus together cannot cover, writing nothing', async () => {
    const member = await memberWith(suite, 300, 500);
    const before = await countRows(suite.testApp);
    const refused = await placeBet(suite.testApp, member, single(suite.pickAt(1.2), 801));
    expect(refused.code).toBe(errorCatalogue.INSUFFICIENT_FUNDS.code);
    expect(await countRows(suite.testApp)).toEqual(before);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 300, bonus: 500 });
    // Exactly both together is enough.
    const order = await place(member, suite.pickAt(1.2), 800);
    expect(order.bonusStake).toBe(500);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 0, bonus: 0 });
  });

  it('moves nothing on an idempotent replay', async () => {
    const member = await memberWith(suite, 200, 1_000);
    const pick = suite.pickAt(1.2);
    const key = `bonus-stake-replay:${member.userId}`;
    const first = await place(member, pick, 500, key);
    const before = await countRows(suite.testApp);
    const money = await moneyOf(suite.testApp, member);
    const again = await place(member, pick, 500, key);
    expect(again.orderNo).toBe(first.orderNo);
    expect(again.bonusStake).toBe(300);
    expect(await countRows(suite.testApp)).toEqual(before);
    expect(await moneyOf(suite.testApp, member)).toEqual(money);
    expect(money).toEqual({ main: 0, bonus: 700 });
  });
});

describe('the maximum stake of an active grant', () => {
  it('refuses a stake above it that would spend bonus money, naming data.stake', async () => {
    const member = await memberWith(suite, 200, 2_000, { maxStake: 500 });
    const before = await countRows(suite.testApp);
    const refused = await placeBet(suite.testApp, member, single(suite.pickAt(1.2), 600));
    expect(refused.code).toBe(errorCatalogue.BONUS_STAKE_ABOVE_MAX.code);
    expect(refused.msg).toContain('data.stake');
    expect(await countRows(suite.testApp)).toEqual(before);
    // At the maximum, bonus money pays.
    const order = await place(member, suite.pickAt(1.2), 500);
    expect(order.bonusStake).toBe(300);
  });

  it('places a stake of cash only above it as usual', async () => {
    const member = await memberWith(suite, 5_000, 2_000, { maxStake: 500 });
    const order = await place(member, suite.pickAt(1.2), 3_000);
    expect(order.bonusStake).toBe(0);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 2_000, bonus: 2_000 });
  });

  it('answers INSUFFICIENT_FUNDS when not even bonus money would cover it', async () => {
    const member = await memberWith(suite, 100, 200, { maxStake: 500 });
    const refused = await placeBet(suite.testApp, member, single(suite.pickAt(1.2), 600));
    expect(refused.code).toBe(errorCatalogue.INSUFFICIENT_FUNDS.code);
  });
});

describe('settlement splits the payout as the stake was funded', () => {
  const cases = [
    { name: 'won', outcome: won },
    { name: 'lost', outcome: lost },
    { name: 'void', outcome: { result: 0, voidFactor: 1 } as const },
    { name: 'half won', outcome: { result: 1, voidFactor: 0.5 } as const },
    { name: 'half lost', outcome: { result: 0, voidFactor: 0.5 } as const },
    { name: 'dead heat', outcome: { result: 1, voidFactor: 0, deadHeatFactor: 0.5 } as const },
  ];
  for (const { name, outcome } of cases)
    it(`${name}: the bonus share to bonus, the cash share to main, no unit lost`, async () => {
      const member = await memberWith(suite, 333, 1_000);
      const pick = suite.pickAt(1.7);
      const order = await place(member, pick, 1_001);
      expect(order.bonusStake).toBe(668);
      expect(await moneyOf(suite.testApp, member)).toEqual({ main: 0, bonus: 332 });
      await suite.results.send([suite.results.settlement(pick, outcome)]);
      const state = await settlementState(suite.testApp, order.orderNo);
      const payout = state.settlements[0]?.payoutMinor ?? -1;
      expect(payout).toBeGreaterThanOrEqual(0);
      const toBonus = bonusShare(payout, 1_001, 668);
      expect(await moneyOf(suite.testApp, member)).toEqual({
        main: payout - toBonus,
        bonus: 332 + toBonus,
      });
      await expectEachBalanced(suite.testApp, order.orderNo);
      // Held stake fully released: stakes_held nets to zero over the order's transactions.
      const net = await netOf(suite.testApp, order.orderNo);
      expect(net.stakes_held ?? 0).toBe(0);
      expect((net.main ?? 0) + (net.bonus ?? 0)).toBe(payout - 1_001);
    });
});

describe('a rejected live bet', () => {
  it('gives each part back to its bucket', async () => {
    const event = suite.results.book.liveAt(0);
    const pick = suite.results.book.pick(event);
    const member = await memberWith(suite, 250, 1_000);
    const heldBefore = await stakesHeld(suite.testApp);
    const order = await place(member, pick, 900);
    expect(order.status).toBe(orderStatus.pending);
    expect(order.bonusStake).toBe(650);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 0, bonus: 350 });
    suite.results.book.suspend(event);
    const row = await decidedRow(suite.testApp, order.orderNo);
    expect(row.status).toBe(orderStatus.rejected);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 250, bonus: 1_000 });
    expect(await stakesHeld(suite.testApp)).toBe(heldBefore);
    const kinds = (await postingsOf(suite.testApp, order.orderNo)).map((entry) => entry.kind);
    expect(kinds.filter((kind) => kind.endsWith('release'))).toEqual([
      'order_bonus_release',
      'order_bonus_release',
      'order_release',
      'order_release',
    ]);
  });
});

describe('a cash out', () => {
  it('pays the offer to the buckets in proportion', async () => {
    const member = await memberWith(suite, 400, 1_000);
    const pick = suite.pickAt(1.7);
    const order = await place(member, pick, 1_000);
    expect(order.bonusStake).toBe(600);
    await cashOutNow(suite.testApp, member, order.orderNo);
    const postings = await postingsOf(suite.testApp, order.orderNo);
    const paid = postings
      .filter(
        (entry) => entry.kind.endsWith('cash_out') && ['main', 'bonus'].includes(entry.account),
      )
      .reduce((sum, entry) => sum + entry.amount, 0);
    expect(paid).toBeGreaterThan(0);
    const toBonus = bonusShare(paid, 1_000, 600);
    expect(await moneyOf(suite.testApp, member)).toEqual({
      main: paid - toBonus,
      bonus: 400 + toBonus,
    });
    expect((await orderRow(suite.testApp, order.orderNo)).status).toBe(orderStatus.cashedOut);
    await expectEachBalanced(suite.testApp, order.orderNo);
    expect((await netOf(suite.testApp, order.orderNo)).stakes_held ?? 0).toBe(0);
  });

  it('of a stake of bonus money only, is replayed by its key', async () => {
    const member = await memberWith(suite, 0, 1_000);
    const order = await place(member, suite.pickAt(1.7), 1_000);
    await cashOutNow(suite.testApp, member, order.orderNo);
    const kinds = (await postingsOf(suite.testApp, order.orderNo)).map((entry) => entry.kind);
    expect(kinds.filter((kind) => kind.endsWith('cash_out')).length).toBeGreaterThan(0);
    expect(kinds).not.toContain('order_cash_out');
    expect((await moneyOf(suite.testApp, member)).main).toBe(0);
  });
});

describe('a rollback and resettlement', () => {
  it('takes each share back from its bucket, then pays the new result', async () => {
    const member = await memberWith(suite, 500, 1_000);
    const pick = suite.pickAt(1.7);
    const order = await place(member, pick, 1_000);
    expect(order.bonusStake).toBe(500);
    await suite.results.send([suite.results.settlement(pick, won)]);
    const first = await settlementState(suite.testApp, order.orderNo);
    const payout = first.settlements[0]?.payoutMinor ?? 0;
    const toBonus = bonusShare(payout, 1_000, 500);
    expect(await moneyOf(suite.testApp, member)).toEqual({
      main: payout - toBonus,
      bonus: 500 + toBonus,
    });

    await suite.results.send([suite.results.rollback(pick)]);
    const rolled = await settlementState(suite.testApp, order.orderNo);
    expect(rolled.status).toBe(orderStatus.accepted);
    expect(rolled.settlements[0]?.unrecoveredMinor).toBe(0);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 0, bonus: 500 });

    await suite.results.send([suite.results.settlement(pick, { result: 0, voidFactor: 1 })]);
    const again = await settlementState(suite.testApp, order.orderNo);
    expect(again.status).toBe(orderStatus.void);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 500, bonus: 1_000 });
    await expectEachBalanced(suite.testApp, order.orderNo);
    const kinds = new Set(
      (await postingsOf(suite.testApp, order.orderNo)).map((entry) => entry.kind),
    );
    expect([...kinds].sort()).toEqual([
      'order_bonus_settle',
      'order_bonus_stake',
      'order_bonus_unsettle',
      'order_settle',
      'order_stake',
      'order_unsettle',
    ]);
  });

  it('leaves what the member already spent of the bonus share as their debt, netted later', async () => {
    const member = await memberWith(suite, 0, 1_000);
    const pick = suite.pickAt(1.7);
    const order = await place(member, pick, 1_000);
    await suite.results.send([suite.results.settlement(pick, won)]);
    const payout =
      (await settlementState(suite.testApp, order.orderNo)).settlements[0]?.payoutMinor ?? 0;
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 0, bonus: payout });
    // The member stakes all the winnings again.
    const other = suite.pickAt(1.7);
    const second = await place(member, other, payout);
    await suite.results.send([suite.results.rollback(pick)]);
    const rolled = await settlementState(suite.testApp, order.orderNo);
    expect(rolled.settlements[0]?.unrecoveredMinor).toBe(payout);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 0, bonus: 0 });
    // The next payout (the second bet void: its stake back, all bonus) nets the debt from its
    // bonus share.
    await suite.results.send([suite.results.settlement(other, { result: 0, voidFactor: 1 })]);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 0, bonus: 0 });
    expect(await netOf(suite.testApp, second.orderNo, ['order_bonus_debt_recovery'])).toEqual({
      bonus: -payout,
      house: payout,
    });
    await expectEachBalanced(suite.testApp, second.orderNo);
  });
});

describe('a grant ending with its money in a stake', () => {
  it('expires what the bucket holds; the bonus share paid later stays bonus money', async () => {
    const member = await memberWith(suite, 0, 1_000);
    const pick = suite.pickAt(1.7);
    const order = await place(member, pick, 1_000);
    const [grantOf] = await suite.testApp.database.db
      .select()
      .from(bonusGrants)
      .where(eq(bonusGrants.userId, member.userId));
    if (!grantOf) throw new Error('no grant');
    await suite.testApp.database.db
      .update(bonusGrants)
      .set({ expiresAt: new Date(suite.results.feed.now().getTime() - 1) })
      .where(eq(bonusGrants.id, grantOf.id));
    await suite.testApp.modules.bonus.expireDue();
    expect(await grantRow(suite.testApp, grantOf.id)).toMatchObject({
      status: 'expired',
      endedAmount: 0,
    });
    await suite.results.send([suite.results.settlement(pick, won)]);
    const payout =
      (await settlementState(suite.testApp, order.orderNo)).settlements[0]?.payoutMinor ?? 0;
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 0, bonus: payout });
    // The next grant to end takes the whole bucket with it: its amount back to the budget, the
    // rest to the house.
    const next = await grant(suite.testApp, member, suite.campaignId, { amount: 100 });
    await suite.testApp.database.db
      .update(bonusGrants)
      .set({ expiresAt: new Date(suite.results.feed.now().getTime() - 1) })
      .where(eq(bonusGrants.id, next.bonusId));
    await suite.testApp.modules.bonus.expireDue();
    expect(await grantRow(suite.testApp, next.bonusId)).toMatchObject({
      status: 'expired',
      endedAmount: 100 + payout,
    });
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 0, bonus: 0 });
    expect(await netOf(suite.testApp, `bonus:${next.bonusId}`, ['bonus_expire'])).toEqual({
      bonus: -(100 + payout),
      [`promotion_budget:${suite.campaignId}`]: 100,
      house: payout,
    });
    expect((await checkLedger(suite.testApp.database.db)).ok).toBe(true);
  });
});

describe('the wagering record', () => {
  it('counts a stake of bonus money as staked and its payout as returned, and the rollover too', async () => {
    const member = await memberWith(suite, 0, 1_000);
    const pick = suite.pickAt(1.7);
    const order = await place(member, pick, 1_000);
    await suite.results.send([suite.results.settlement(pick, won)]);
    const payout =
      (await settlementState(suite.testApp, order.orderNo)).settlements[0]?.payoutMinor ?? 0;
    const [figures] = await createLedger(suite.testApp.database.db).wagering({
      userId: member.userId,
    });
    expect(figures).toMatchObject({ product: 'sports', staked: 1_000, returned: payout });
    await rolloverPass(suite.testApp);
    const [grantOf] = await suite.testApp.database.db
      .select()
      .from(bonusGrants)
      .where(eq(bonusGrants.userId, member.userId));
    expect(grantOf).toMatchObject({ status: 'converted' });
    // The last grant played through converts the whole bucket, winnings of bonus money included.
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: payout, bonus: 0 });
  });
});

describe('racing bets of one member', () => {
  it('never take either bucket below zero, and hold exactly the stakes placed', async () => {
    const member = await memberWith(suite, 3_000, 4_000);
    const heldBefore = await stakesHeld(suite.testApp);
    const picks = Array.from({ length: 6 }, () => suite.pickAt(1.2));
    const attempts = Array.from({ length: 24 }, (_, index) =>
      placeBet(suite.testApp, member, single(picks[index % picks.length] as Pick, 500)),
    );
    const answers = await Promise.all(attempts);
    const placed = answers.filter((answer) => answer.code === 0);
    const refused = answers.filter((answer) => answer.code !== 0);
    for (const answer of refused) expect(answer.code).toBe(errorCatalogue.INSUFFICIENT_FUNDS.code);
    expect(placed.length).toBe(14);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 0, bonus: 0 });
    expect(await stakesHeld(suite.testApp)).toBe(heldBefore + 7_000);
  });
});
