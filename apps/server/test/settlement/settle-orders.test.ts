import { orderStatus } from '@sb/contract';
import { and, count, eq, inArray, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../../src/modules/ledger/ledger.schema';
import { orderStatusHistory, orders } from '../../src/modules/orders/orders.schema';
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
  parlay,
  placeBet,
  recordUndelivered,
  settlementState,
  settlementWorkers,
  single,
  stakesHeld,
  type TestMember,
} from './helpers';

let testApp: TestApp;
let book: Book;
let results: Awaited<ReturnType<typeof createSettlementTestApp>>;
let nextEvent = 0;
/** A pick on an event no other test touches. */
const freshPick = (outcomeIndex = 0): Pick =>
  book.pick(book.preMatchAt(nextEvent++), 3, outcomeIndex);

beforeAll(async () => {
  results = await createSettlementTestApp();
  ({ testApp, book } = results);
});
afterEach(() => expectLedgerBalanced(testApp));
afterAll(() => testApp.close());

const mainOf = async (member: TestMember) =>
  (await balanceOf(testApp, member.userId, cny.currencyId)).amount;

async function betOn(member: TestMember, pick: Pick, stake = 1_000) {
  const order = expectOk(await placeBet(testApp, member, single(pick, stake)));
  expect(order.status).toBe(orderStatus.accepted);
  return { orderNo: order.orderNo, odds: order.legs[0]?.odds ?? 0, createTime: order.createTime };
}

describe('singles', () => {
  const cases = [
    {
      name: 'won pays stake × odds',
      outcome: { result: 1, voidFactor: 0 },
      payout: (odds: number) => Math.floor((1_000 * odds) / 10_000),
      result: 'won',
      status: orderStatus.settled,
    },
    {
      name: 'lost pays nothing',
      outcome: { result: 0, voidFactor: 0 },
      payout: () => 0,
      result: 'lost',
      status: orderStatus.settled,
    },
    {
      name: 'void returns the stake',
      outcome: { result: 0, voidFactor: 1 },
      payout: () => 1_000,
      result: 'void',
      status: orderStatus.void,
    },
    {
      name: 'half won pays half at odds and half back',
      outcome: { result: 1, voidFactor: 0.5 },
      payout: (odds: number) => Math.floor((1_000 * (odds + 10_000)) / 20_000),
      result: 'half_won',
      status: orderStatus.settled,
    },
    {
      name: 'half lost returns half the stake',
      outcome: { result: 0, voidFactor: 0.5 },
      payout: () => 500,
      result: 'half_lost',
      status: orderStatus.settled,
    },
    {
      name: 'a dead heat of two pays half the win',
      outcome: { result: 1, voidFactor: 0, deadHeatFactor: 0.5 },
      payout: (odds: number) => Math.floor((1_000 * odds) / 20_000),
      result: 'dead_heat',
      status: orderStatus.settled,
    },
  ] as const;

  for (const entry of cases) {
    it(entry.name, async () => {
      const member = await fundedMember(testApp, 10_000);
      const pick = freshPick();
      const heldBefore = await stakesHeld(testApp);
      const bet = await betOn(member, pick);
      expect(await mainOf(member)).toBe(9_000);
      await results.send([results.settlement(pick, entry.outcome)]);
      const payout = entry.payout(bet.odds);
      const state = await settlementState(testApp, bet.orderNo);
      expect(state.status).toBe(entry.status);
      expect(state.settlements).toHaveLength(1);
      expect(state.settlements[0]).toMatchObject({
        version: 1,
        result: entry.result,
        payoutMinor: payout,
        rolledBackAt: null,
      });
      expect(await mainOf(member)).toBe(9_000 + payout);
      expect(await stakesHeld(testApp)).toBe(heldBefore);
      const history = await testApp.database.db
        .select()
        .from(orderStatusHistory)
        .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
        .where(eq(orders.orderNo, bet.orderNo));
      expect(
        history.map((row) => [row.order_status_history.toStatus, row.order_status_history.actor]),
      ).toEqual([
        [orderStatus.accepted, 'member'],
        [entry.status, 'system'],
      ]);
    });
  }
});

describe('parlays', () => {
  it('counts a cancelled leg as 1 and pays the other leg', async () => {
    const member = await fundedMember(testApp, 10_000);
    const [voided, won] = [freshPick(), freshPick()];
    const order = expectOk(await placeBet(testApp, member, parlay([voided, won], 1_000)));
    await results.send([results.cancel(voided)]);
    expect((await settlementState(testApp, order.orderNo)).status).toBe(orderStatus.accepted);
    await results.send([results.settlement(won, { result: 1, voidFactor: 0 })]);
    const wonOdds = order.legs[1]?.odds ?? 0;
    const state = await settlementState(testApp, order.orderNo);
    expect(state.status).toBe(orderStatus.settled);
    expect(state.settlements[0]).toMatchObject({
      result: 'won',
      payoutMinor: Math.floor((1_000 * wonOdds) / 10_000),
    });
    expect(await mainOf(member)).toBe(9_000 + Math.floor((1_000 * wonOdds) / 10_000));
  });

  it('is lost on a lost leg while another leg is still open', async () => {
    const member = await fundedMember(testApp, 10_000);
    const [lost, open] = [freshPick(), freshPick()];
    const order = expectOk(await placeBet(testApp, member, parlay([lost, open], 1_000)));
    await results.send([results.settlement(lost, { result: 0, voidFactor: 0 })]);
    const state = await settlementState(testApp, order.orderNo);
    expect(state.status).toBe(orderStatus.settled);
    expect(state.settlements[0]).toMatchObject({ result: 'lost', payoutMinor: 0 });
    expect(await mainOf(member)).toBe(9_000);
    // The open leg winning later changes nothing: the bet stays lost, settled once.
    await results.send([results.settlement(open, { result: 1, voidFactor: 0 })]);
    expect((await settlementState(testApp, order.orderNo)).settlements).toHaveLength(1);
    expect(await mainOf(member)).toBe(9_000);
  });
});

describe('cancellations', () => {
  it('a windowed cancel voids only the bets accepted inside the window', async () => {
    const member = await fundedMember(testApp, 10_000);
    const pick = freshPick();
    const before = await betOn(member, pick);
    results.feed.skip(60_000);
    const inside = await betOn(member, pick);
    expect(inside.createTime).toBeGreaterThan(before.createTime);
    await results.send([
      results.cancel(pick, { startTime: inside.createTime, endTime: inside.createTime + 1_000 }),
    ]);
    expect((await settlementState(testApp, before.orderNo)).status).toBe(orderStatus.accepted);
    const voided = await settlementState(testApp, inside.orderNo);
    expect(voided.status).toBe(orderStatus.void);
    expect(voided.settlements[0]).toMatchObject({ result: 'void', payoutMinor: 1_000 });
    expect(await mainOf(member)).toBe(9_000);
  });
});

describe('rollbacks', () => {
  it('takes a win back, then pays the resettled result', async () => {
    const member = await fundedMember(testApp, 10_000);
    const pick = freshPick();
    const bet = await betOn(member, pick);
    const won = Math.floor((1_000 * bet.odds) / 10_000);
    await results.send([results.settlement(pick, { result: 1, voidFactor: 0 })]);
    expect(await mainOf(member)).toBe(9_000 + won);

    await results.send([results.rollback(pick)]);
    let state = await settlementState(testApp, bet.orderNo);
    expect(state.status).toBe(orderStatus.accepted);
    expect(state.settlements[0]?.rolledBackAt).not.toBeNull();
    expect(state.settlements[0]?.unrecoveredMinor).toBe(0);
    expect(await mainOf(member)).toBe(9_000);

    await results.send([results.settlement(pick, { result: 0, voidFactor: 0.5 })]);
    state = await settlementState(testApp, bet.orderNo);
    expect(state.status).toBe(orderStatus.settled);
    expect(
      state.settlements.map((row) => [row.version, row.result, row.rolledBackAt === null]),
    ).toEqual([
      [1, 'won', false],
      [2, 'half_lost', true],
    ]);
    expect(await mainOf(member)).toBe(9_500);
  });

  it('records what the member already spent as a debt the house carries', async () => {
    const member = await fundedMember(testApp, 1_000);
    const pick = freshPick();
    const bet = await betOn(member, pick);
    await results.send([results.settlement(pick, { result: 1, voidFactor: 0 })]);
    const won = Math.floor((1_000 * bet.odds) / 10_000);
    expect(await mainOf(member)).toBe(won);
    // The member stakes all the winnings on another match.
    await betOn(member, freshPick(), won);
    expect(await mainOf(member)).toBe(0);
    await results.send([results.rollback(pick)]);
    const state = await settlementState(testApp, bet.orderNo);
    expect(state.status).toBe(orderStatus.accepted);
    expect(state.settlements[0]?.unrecoveredMinor).toBe(won);
    expect(await mainOf(member)).toBe(0);
  });
});

describe('exactly once', () => {
  it('changes nothing when the same settlement comes again', async () => {
    const member = await fundedMember(testApp, 10_000);
    const pick = freshPick();
    const bet = await betOn(member, pick);
    await results.send([results.settlement(pick, { result: 1, voidFactor: 0 })]);
    const settled = await settlementState(testApp, bet.orderNo);
    const balance = await mainOf(member);
    const [ledgerBefore] = await testApp.database.db
      .select({ rows: count() })
      .from(ledgerTransactions);
    await results.send([results.settlement(pick, { result: 1, voidFactor: 0 })]);
    expect(await results.worker.service.reconcileEvent(pick.event.fixture.eventId)).toEqual([]);
    await results.worker.sweep();
    expect(await settlementState(testApp, bet.orderNo)).toEqual(settled);
    expect(await mainOf(member)).toBe(balance);
    const [ledgerAfter] = await testApp.database.db
      .select({ rows: count() })
      .from(ledgerTransactions);
    expect(ledgerAfter).toEqual(ledgerBefore);
  });

  it('settles once when workers race over the same results', async () => {
    const member = await fundedMember(testApp, 10_000);
    const pick = freshPick();
    const bet = await betOn(member, pick);
    // Recorded but not delivered: only the racing workers below settle it.
    await recordUndelivered(testApp, 'race', [
      results.settlement(pick, { result: 1, voidFactor: 0 }),
    ]);
    const workers = settlementWorkers(testApp, 2);
    const changes = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        workers[index % 2]?.reconcileEvent(pick.event.fixture.eventId),
      ),
    );
    expect(changes.flat().filter((change) => change?.settled)).toHaveLength(1);
    const state = await settlementState(testApp, bet.orderNo);
    expect(state.settlements).toHaveLength(1);
    expect(await mainOf(member)).toBe(9_000 + Math.floor((1_000 * bet.odds) / 10_000));
    const settleTransfers = await testApp.database.db
      .select({ rows: count() })
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, `order-settle:${bet.orderNo}:%`));
    expect(settleTransfers[0]?.rows).toBe(1);
  });

  it('settles an event of more bets than a batch holds once, with workers racing over it', async () => {
    // 1100 bets: three batches of first settlements (500, 500, 100), two of them under way at
    // once in each of the two racing workers.
    const members = await Promise.all(
      Array.from({ length: 55 }, () => fundedMember(testApp, 100_000)),
    );
    const pick = freshPick();
    const heldBefore = await stakesHeld(testApp);
    const first = await betOn(members[0] as TestMember, pick, 100);
    const orderNos = [first.orderNo];
    for (const member of members) {
      const bets = member === members[0] ? 19 : 20;
      const placed = await Promise.all(
        Array.from({ length: bets }, () => betOn(member, pick, 100)),
      );
      orderNos.push(...placed.map((bet) => bet.orderNo));
    }
    expect(await stakesHeld(testApp)).toBe(heldBefore + 1100 * 100);
    await recordUndelivered(testApp, 'many', [
      results.settlement(pick, { result: 1, voidFactor: 0 }),
    ]);
    const workers = settlementWorkers(testApp, 2);
    const changes = await Promise.all(
      workers.map((worker) => worker.reconcileEvent(pick.event.fixture.eventId)),
    );
    expect(changes.flat().filter((change) => change.settled)).toHaveLength(1100);
    const payout = Math.floor((100 * first.odds) / 10_000);
    for (const member of members) expect(await mainOf(member)).toBe(100_000 + 20 * (payout - 100));
    expect(await stakesHeld(testApp)).toBe(heldBefore);
    // One settlement transfer per bet.
    const [transfers] = await testApp.database.db
      .select({ rows: count() })
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.kind, 'order_settle'),
          inArray(ledgerTransactions.reference, orderNos),
        ),
      );
    expect(transfers?.rows).toBe(1100);
  }, 120_000);

  it('settles at start-up what the catalogue recorded while no worker ran', async () => {
    const member = await fundedMember(testApp, 10_000);
    const pick = freshPick();
    const bet = await betOn(member, pick);
    await recordUndelivered(testApp, 'crash', [
      results.settlement(pick, { result: 0, voidFactor: 0 }),
    ]);
    await results.worker.sweep();
    expect((await settlementState(testApp, bet.orderNo)).status).toBe(orderStatus.settled);
    expect(await mainOf(member)).toBe(9_000);
  });
});
