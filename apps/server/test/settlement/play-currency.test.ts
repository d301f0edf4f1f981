import {
  errorCatalogue,
  memberChangeCurrency,
  memberLimits,
  type OrderRecord,
  orderStatus,
  type UserInfo,
} from '@sb/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test-app';
import { fund, usdt } from '../withdrawals/helpers';
import {
  type Book,
  balanceOf,
  cny,
  createSettlementTestApp,
  expectLedgerBalanced,
  expectOk,
  expectRefused,
  fundedMember,
  type Pick,
  placeBet,
  settlementState,
  single,
  type TestMember,
} from './helpers';

/**
 * The play currency: a member holding CNY and USDT bets in the one chosen with change/currency,
 * each bet held, settled and paid in its own currency's minor units and scale.
 */
let testApp: TestApp;
let book: Book;
let results: Awaited<ReturnType<typeof createSettlementTestApp>>;
let nextEvent = 0;
const freshPick = (): Pick => book.pick(book.preMatchAt(nextEvent++), 3, 0);

beforeAll(async () => {
  results = await createSettlementTestApp();
  ({ testApp, book } = results);
});
afterEach(() => expectLedgerBalanced(testApp));
afterAll(() => testApp.close());

/** 1 USDT in minor units (scale 6). */
const oneUsdt = 10 ** usdt.scale;

/** A member holding 100.00 CNY and 50 USDT, still playing in CNY. */
async function memberWithUsdt(): Promise<TestMember> {
  const member = await fundedMember(testApp, 10_000);
  await fund(testApp, member.userId, usdt.currencyId, 50 * oneUsdt);
  return member;
}

async function playIn(member: TestMember, currencyId: number): Promise<UserInfo> {
  return expectOk(
    await testApp.call<UserInfo>(memberChangeCurrency.path, { ...member.auth, currencyId }),
  );
}

const usdtBet = (pick: Pick, stake: number) => single(pick, stake, { scale: usdt.scale });

describe('betting in USDT', () => {
  it('places a bet in the play currency, holds USDT only, and pays a win in USDT', async () => {
    const member = await memberWithUsdt();
    expect(await playIn(member, usdt.currencyId)).toMatchObject({
      currencyCode: 'USDT',
      assetID: 'USDT',
    });
    const limits = expectOk(await testApp.call<{ scale: number }>(memberLimits.path, member.auth));
    expect(limits).toMatchObject({ scale: 6, currencyCode: 'USDT' });

    const pick = freshPick();
    // No currencyId named: the member's play currency, with its own scale.
    const order = expectOk(await placeBet(testApp, member, usdtBet(pick, 10 * oneUsdt)));
    expect(order).toMatchObject({
      status: orderStatus.accepted,
      currencyCode: 'USDT',
      scale: 6,
      stake: 10 * oneUsdt,
    });
    expect(await balanceOf(testApp, member.userId, usdt.currencyId)).toEqual({
      amount: 40 * oneUsdt,
      frozen: 0,
    });
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 10_000,
      frozen: 0,
    });

    await results.send([results.settlement(pick, { result: 1, voidFactor: 0 })]);
    const odds = order.legs[0]?.odds ?? 0;
    const payout = Math.floor((10 * oneUsdt * odds) / 10_000);
    const state = await settlementState(testApp, order.orderNo);
    expect(state.status).toBe(orderStatus.settled);
    expect(state.settlements[0]).toMatchObject({ result: 'won', payoutMinor: payout });
    expect(await balanceOf(testApp, member.userId, usdt.currencyId)).toEqual({
      amount: 40 * oneUsdt + payout,
      frozen: 0,
    });
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 10_000,
      frozen: 0,
    });
  });

  it('refuses a stake in another scale than the play currency, naming the field', async () => {
    const member = await memberWithUsdt();
    await playIn(member, usdt.currencyId);
    const answer = await placeBet(testApp, member, single(freshPick(), 1_000));
    expectRefused(answer, errorCatalogue.INVALID_INPUT.code);
    expect(answer.msg).toContain('data.scale');
    expect(await balanceOf(testApp, member.userId, usdt.currencyId)).toEqual({
      amount: 50 * oneUsdt,
      frozen: 0,
    });
  });

  it('holds the USDT limits: below 1 USDT is refused', async () => {
    const member = await memberWithUsdt();
    await playIn(member, usdt.currencyId);
    const answer = await placeBet(testApp, member, usdtBet(freshPick(), oneUsdt / 2));
    expectRefused(answer, errorCatalogue.ORDER_STAKE_OUT_OF_RANGE.code);
    expect(answer.msg).toContain('data.stake');
  });

  it('takes a bet naming its currency in that currency, whatever the play currency', async () => {
    const member = await memberWithUsdt();
    const order = expectOk(
      await placeBet(
        testApp,
        member,
        single(freshPick(), 2 * oneUsdt, { scale: 6, currencyId: usdt.currencyId }),
      ),
    );
    expect(order.currencyCode).toBe('USDT');
    expect((await balanceOf(testApp, member.userId, usdt.currencyId)).amount).toBe(48 * oneUsdt);
  });
});

describe('changing the play currency while bets are placed', () => {
  it('takes each bet whole in one currency: never a CNY stake from the USDT balance', async () => {
    const member = await memberWithUsdt();
    const pick = freshPick();
    // Bets in CNY's scale that name no currency, racing with switches back and forth.
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => placeBet(testApp, member, single(pick, 500))),
      ...Array.from({ length: 4 }, (_, index) =>
        testApp.call(memberChangeCurrency.path, {
          ...member.auth,
          currencyId: index % 2 === 0 ? usdt.currencyId : cny.currencyId,
        }),
      ),
    ]);
    const bets = answers.slice(0, 8);
    const accepted = bets.filter((answer) => answer.code === 0);
    for (const answer of bets) {
      if (answer.code === 0) expect((answer.data as OrderRecord).currencyCode).toBe('CNY');
      else expect(answer.msg).toContain('data.scale');
    }
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: 10_000 - accepted.length * 500,
      frozen: 0,
    });
    expect(await balanceOf(testApp, member.userId, usdt.currencyId)).toEqual({
      amount: 50 * oneUsdt,
      frozen: 0,
    });
  });
});
