import { errorCatalogue, orderStatus } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import {
  countRows,
  expectOk,
  type Pick,
  placeBet,
  settlementState,
  single,
  stakesHeld,
} from '../settlement/helpers';
import { bonusSuite, memberWith, moneyOf, won } from './helpers';
import { expectEachBalanced, postingsOf } from './helpers-stakes';

const suite = bonusSuite({
  campaignBudget: 10_000_000,
  stakeFunding: 'bonus_first',
  batch: { size: 10, waitMs: 2 },
});

describe('bonus first', () => {
  it('spends bonus money, then main', async () => {
    const member = await memberWith(suite, 5_000, 300);
    const order = expectOk(await placeBet(suite.testApp, member, single(suite.pickAt(1.2), 1_000)));
    expect(order.bonusStake).toBe(300);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 4_300, bonus: 0 });
    const second = expectOk(
      await placeBet(suite.testApp, member, single(suite.pickAt(1.2), 1_000)),
    );
    expect(second.bonusStake).toBe(0);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 3_300, bonus: 0 });
  });

  it('takes a stake bonus money covers from bonus alone', async () => {
    const member = await memberWith(suite, 5_000, 2_000);
    const order = expectOk(await placeBet(suite.testApp, member, single(suite.pickAt(1.2), 1_500)));
    expect(order.bonusStake).toBe(1_500);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 5_000, bonus: 500 });
  });

  it('places a member without bonus money exactly as before, in the one statement', async () => {
    const member = await memberWith(suite, 5_000, 0);
    const order = expectOk(await placeBet(suite.testApp, member, single(suite.pickAt(1.2), 1_000)));
    expect(order.bonusStake).toBe(0);
    expect((await postingsOf(suite.testApp, order.orderNo)).map((entry) => entry.kind)).toEqual([
      'order_stake',
      'order_stake',
    ]);
  });

  it('funds a stake above the maximum from cash alone, or refuses it naming data.stake', async () => {
    const member = await memberWith(suite, 700, 2_000, { maxStake: 500 });
    const cashOnly = expectOk(
      await placeBet(suite.testApp, member, single(suite.pickAt(1.2), 600)),
    );
    expect(cashOnly.bonusStake).toBe(0);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 100, bonus: 2_000 });
    const before = await countRows(suite.testApp);
    const refused = await placeBet(suite.testApp, member, single(suite.pickAt(1.2), 600));
    expect(refused.code).toBe(errorCatalogue.BONUS_STAKE_ABOVE_MAX.code);
    expect(refused.msg).toContain('data.stake');
    expect(await countRows(suite.testApp)).toEqual(before);
  });

  it('settles a won bet: the bonus share of the payout is bonus money', async () => {
    const member = await memberWith(suite, 1_000, 250);
    const pick = suite.pickAt(1.7);
    const order = expectOk(await placeBet(suite.testApp, member, single(pick, 1_000)));
    expect(order.bonusStake).toBe(250);
    await suite.results.send([suite.results.settlement(pick, won)]);
    const state = await settlementState(suite.testApp, order.orderNo);
    expect(state.status).toBe(orderStatus.settled);
    const payout = state.settlements[0]?.payoutMinor ?? 0;
    const toBonus = Math.floor((payout * 250) / 1_000);
    expect(await moneyOf(suite.testApp, member)).toEqual({
      main: 250 + payout - toBonus,
      bonus: toBonus,
    });
    await expectEachBalanced(suite.testApp, order.orderNo);
  });

  it('racing bets and replays of one member never take a bucket below zero', async () => {
    const member = await memberWith(suite, 2_500, 2_500);
    const heldBefore = await stakesHeld(suite.testApp);
    const picks = Array.from({ length: 4 }, () => suite.pickAt(1.2));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        placeBet(
          suite.testApp,
          member,
          single(picks[(index % 10) % picks.length] as Pick, 500),
          // Every bet is sent twice with its own key: the second is a replay.
          `race:${member.userId}:${index % 10}`,
        ),
      ),
    );
    for (const answer of answers) expect(answer.code).toBe(0);
    const orderNos = new Set(answers.map((answer) => expectOk(answer).orderNo));
    expect(orderNos.size).toBe(10);
    expect(await moneyOf(suite.testApp, member)).toEqual({ main: 0, bonus: 0 });
    expect(await stakesHeld(suite.testApp)).toBe(heldBefore + 5_000);
    // One more is refused: nothing is left in either bucket.
    const refused = await placeBet(suite.testApp, member, single(suite.pickAt(1.2), 500));
    expect(refused.code).toBe(errorCatalogue.INSUFFICIENT_FUNDS.code);
  });
});
