import { orderStatus } from '@sb/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../../src/modules/ledger/ledger.schema';
import { outstandingDebt } from '../../src/modules/settlement/settlement.service';
import type { TestApp } from '../test-app';
import {
  type Book,
  balanceOf,
  cny,
  createSettlementTestApp,
  expectLedgerBalanced,
  expectOk,
  fundedMember,
  type Pick,
  placeBet,
  recordUndelivered,
  settlementState,
  settlementWorkers,
  single,
  type TestMember,
} from './helpers';

let testApp: TestApp;
let book: Book;
let results: Awaited<ReturnType<typeof createSettlementTestApp>>;
let nextEvent = 0;
const freshPick = (): Pick => book.pick(book.preMatchAt(nextEvent++));

beforeAll(async () => {
  results = await createSettlementTestApp();
  ({ testApp, book } = results);
});
afterEach(() => expectLedgerBalanced(testApp));
afterAll(() => testApp.close());

const mainOf = async (member: TestMember) =>
  (await balanceOf(testApp, member.userId, cny.currencyId)).amount;
const won = { result: 1, voidFactor: 0 } as const;

async function betOn(member: TestMember, pick: Pick, stake: number) {
  const order = expectOk(await placeBet(testApp, member, single(pick, stake)));
  expect(order.status).toBe(orderStatus.accepted);
  return { ...order, payout: Math.floor((stake * (order.legs[0]?.odds ?? 0)) / 10_000) };
}

/** The member wins, stakes all the winnings, then the win is rolled back: a debt of `payout`. */
async function indebted(member: TestMember) {
  const pick = freshPick();
  const bet = await betOn(member, pick, 1_000);
  await results.send([results.settlement(pick, won)]);
  await betOn(member, freshPick(), await mainOf(member));
  expect(await mainOf(member)).toBe(0);
  await results.send([results.rollback(pick)]);
  const state = await settlementState(testApp, bet.orderNo);
  expect(state.settlements[0]?.unrecoveredMinor).toBe(bet.payout);
  expect(await outstandingDebt(testApp.database.db, member.userId, cny.currencyId)).toBe(
    bet.payout,
  );
  return bet.payout;
}

const recoveries = (orderNo: string) =>
  testApp.database.db
    .select()
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.kind, 'order_debt_recovery'),
        eq(ledgerTransactions.reference, orderNo),
      ),
    );

describe('a rollback’s debt', () => {
  it('is netted from the member’s next payout, once', async () => {
    const member = await fundedMember(testApp, 2_000);
    const later = freshPick();
    const laterBet = await betOn(member, later, 1_000);
    const debt = await indebted(member);
    // The whole payout goes to the debt when it is smaller.
    const recovered = Math.min(laterBet.payout, debt);

    await results.send([results.settlement(later, won)]);
    expect(await mainOf(member)).toBe(laterBet.payout - recovered);
    expect(await outstandingDebt(testApp.database.db, member.userId, cny.currencyId)).toBe(
      debt - recovered,
    );
    const [recovery] = await recoveries(laterBet.orderNo);
    expect(recovery?.idempotencyKey).toBe(`order-debt-recovery:${laterBet.orderNo}:1`);
    // The same result again changes nothing.
    await results.send([results.settlement(later, won)]);
    expect(await recoveries(laterBet.orderNo)).toHaveLength(1);
    expect(await mainOf(member)).toBe(laterBet.payout - recovered);
  });

  it('is recovered exactly once when two payouts to the member race', async () => {
    const member = await fundedMember(testApp, 3_000);
    const [first, second] = [freshPick(), freshPick()] as [Pick, Pick];
    const bets = [await betOn(member, first, 1_000), await betOn(member, second, 1_000)];
    const debt = await indebted(member);
    // Recorded but not delivered: only the racing workers below settle them.
    await recordUndelivered(testApp, 'debt-race', [
      results.settlement(first, won),
      results.settlement(second, won),
    ]);
    const workers = settlementWorkers(testApp, 2);
    await Promise.all([
      workers[0]?.reconcileEvent(first.event.fixture.eventId),
      workers[1]?.reconcileEvent(second.event.fixture.eventId),
    ]);
    const paid = bets.reduce((sum, bet) => sum + bet.payout, 0);
    const recovered = Math.min(paid, debt);
    // Never more than the debt, whichever payout committed first.
    expect(await mainOf(member)).toBe(paid - recovered);
    expect(await outstandingDebt(testApp.database.db, member.userId, cny.currencyId)).toBe(
      debt - recovered,
    );
    const transactions = (await Promise.all(bets.map((bet) => recoveries(bet.orderNo)))).flat();
    expect(transactions.length).toBeGreaterThanOrEqual(1);
  });
});
