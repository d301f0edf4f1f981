import {
  memberAmountLog,
  memberStatDaily,
  memberStatDate,
  memberStatSettle,
  memberStatToday,
  memberWinStat,
  orderStat,
  orderStatus,
  orderSum,
  settlementRecord,
  unsettledOrders,
  visitorCreate,
} from '@sb/contract';
import { dateOfDisplayDay, displayDayOf, displayDayStartMs } from '@sb/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContractOutput } from '../identity/helpers';
import {
  type Answer,
  createOrdersTestApp,
  expectLedgerBalanced,
  expectOk,
  expectRefused,
  fundedMember,
  placeBet,
  single,
  type TestMember,
} from '../orders/helpers';
import type { TestApp } from '../test-app';
import { finishOrder, placeAt } from './helpers';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const invalidInput = 1000;

let testApp: TestApp;
let alice: TestMember;
let bob: TestMember;
/** The display day the server's clock is on, and the one before. */
let today: number;
let todayStart: number;
/** Alice's orders by name; see beforeAll for what became of each. */
const placed: Record<string, { orderNo: string; stake: number; potentialPayout: number }> = {};

const call = <T>(path: string, member: TestMember, fields: Record<string, unknown> = {}) =>
  testApp.call<T>(path, { ...member.auth, ...fields }) as Promise<Answer<T>>;

const zeroFigures = {
  betCount: 0,
  stake: 0,
  openCount: 0,
  openStake: 0,
  settledCount: 0,
  settledStake: 0,
  payout: 0,
  result: 0,
  winCount: 0,
  lossCount: 0,
  drawCount: 0,
};
/** Yesterday: one won single (stake 1000, paid 1910), placed in its very last millisecond. */
const yesterdayFigures = {
  ...zeroFigures,
  betCount: 1,
  stake: 1_000,
  settledCount: 1,
  settledStake: 1_000,
  payout: 1_910,
  result: 910,
  winCount: 1,
};
/**
 * Today: lost 2000 (placed at the first millisecond of the day), void 3000 (returned), cashed out
 * 4000 for 2500, open 5000; a rejected 700 never counts.
 */
const todayFigures = {
  betCount: 4,
  stake: 14_000,
  openCount: 1,
  openStake: 5_000,
  settledCount: 3,
  settledStake: 9_000,
  payout: 5_500,
  result: -3_500,
  winCount: 0,
  lossCount: 2,
  drawCount: 1,
};
const cnyFields = { currencyId: 1, currencyCode: 'CNY', scale: 2 };

/**
 * Figures without their wagering per product, which follow the money's time (the ledger's
 * clock), not the placement times the orders were moved to: those are read on their own below.
 */
const withoutProducts = <T extends { products: unknown }>({ products: _products, ...rest }: T) =>
  rest;

beforeAll(async () => {
  const { testApp: created, book, feed } = await createOrdersTestApp();
  testApp = created;
  alice = await fundedMember(testApp, 1_000_000);
  bob = await fundedMember(testApp, 1_000_000);
  const now = feed.now();
  today = displayDayOf(now.getTime());
  todayStart = displayDayStartMs(today);
  // Placement times: the server's clock is the simulator's, so each order is put on its day
  // through the database afterwards.
  const plan = [
    { name: 'won', stake: 1_000, at: todayStart - 1, status: orderStatus.settled, payout: 1_910 },
    { name: 'lost', stake: 2_000, at: todayStart, status: orderStatus.settled, payout: 0 },
    {
      name: 'void',
      stake: 3_000,
      at: todayStart + hourMs,
      status: orderStatus.void,
      payout: 3_000,
    },
    {
      name: 'cashedOut',
      stake: 4_000,
      at: todayStart + 2 * hourMs,
      status: orderStatus.cashedOut,
      payout: 2_500,
    },
    { name: 'open', stake: 5_000, at: todayStart + 3 * hourMs, status: null, payout: 0 },
    {
      name: 'rejected',
      stake: 700,
      at: todayStart + 4 * hourMs,
      status: orderStatus.rejected,
      payout: 700,
    },
  ];
  for (const [index, entry] of plan.entries()) {
    const pick = book.pick(book.preMatchAt(index % book.preMatch().length));
    const order = expectOk(await placeBet(testApp, alice, single(pick, entry.stake)));
    expect(order.status).toBe(orderStatus.accepted);
    placed[entry.name] = {
      orderNo: order.orderNo,
      stake: entry.stake,
      potentialPayout: order.potentialPayout,
    };
    await placeAt(testApp, order.orderNo, new Date(entry.at));
    if (entry.status !== null)
      await finishOrder(
        testApp,
        { orderNo: order.orderNo, stake: entry.stake, userId: alice.userId },
        entry.status,
        entry.payout,
      );
  }
});
afterAll(() => testApp.close());

describe('figures over a range', () => {
  it('order/stat counts today by default and any range exactly', async () => {
    const todayOnly = expectOk(await call(orderStat.path, alice));
    expect(withoutProducts(expectContractOutput(orderStat, todayOnly))).toEqual({
      ...cnyFields,
      startTime: todayStart,
      endTime: todayStart + dayMs - 1,
      ...todayFigures,
    });
    const both = expectOk(
      await call(orderStat.path, alice, {
        startTime: todayStart - 1,
        endTime: todayStart + dayMs - 1,
      }),
    );
    expect(both).toMatchObject({
      betCount: 5,
      stake: 15_000,
      settledCount: 4,
      settledStake: 10_000,
      payout: 7_410,
      result: -2_590,
      winCount: 1,
      lossCount: 2,
      drawCount: 1,
    });
    // The first millisecond of today alone holds the lost single.
    const instant = expectOk(
      await call(orderStat.path, alice, { startTime: todayStart, endTime: todayStart }),
    );
    expect(instant).toMatchObject({ betCount: 1, stake: 2_000, payout: 0, result: -2_000 });
  });

  it('stat/daily buckets by the display day, the boundary at 04:00 UTC, empty days as zeros', async () => {
    const days = expectOk(
      await call(memberStatDaily.path, alice, {
        startDate: dateOfDisplayDay(today - 2),
        endDate: dateOfDisplayDay(today),
      }),
    );
    const daily = expectContractOutput(memberStatDaily, days);
    expect({ ...daily, days: daily.days.map(withoutProducts) }).toEqual({
      ...cnyFields,
      days: [
        { date: dateOfDisplayDay(today - 2), ...zeroFigures },
        { date: dateOfDisplayDay(today - 1), ...yesterdayFigures },
        { date: dateOfDisplayDay(today), ...todayFigures },
      ],
    });
    // The boundary itself: today starts at 04:00 UTC.
    expect(new Date(todayStart).getUTCHours()).toBe(4);
  });

  it('stat/today and stat/date answer one display day', async () => {
    const todayAnswer = expectOk(await call(memberStatToday.path, alice));
    expect(withoutProducts(expectContractOutput(memberStatToday, todayAnswer))).toEqual({
      ...cnyFields,
      date: dateOfDisplayDay(today),
      ...todayFigures,
    });
    const yesterday = expectOk(
      await call(memberStatDate.path, alice, { date: dateOfDisplayDay(today - 1) }),
    );
    expect(withoutProducts(expectContractOutput(memberStatDate, yesterday))).toEqual({
      ...cnyFields,
      date: dateOfDisplayDay(today - 1),
      ...yesterdayFigures,
    });
  });

  it("order/stat and stat/daily give the member's wagering per product from the record", async () => {
    // Every stake and return of the seeded orders was booked while the tests set up: by the
    // ledger's clock, within the hour before now.
    const nowMs = Date.now();
    const range = { startTime: nowMs - hourMs, endTime: nowMs + hourMs };
    const stat = expectOk(await call(orderStat.path, alice, range));
    // Stakes that stood: all but the rejected one; returned: won, void and cashed out.
    const sports = { product: 'sports', staked: 15_000, returned: 7_410, result: -7_590 };
    expect(expectContractOutput(orderStat, stat).products).toEqual([sports]);
    const daily = expectOk(
      await call(memberStatDaily.path, alice, {
        startDate: dateOfDisplayDay(displayDayOf(nowMs) - 1),
        endDate: dateOfDisplayDay(displayDayOf(nowMs + hourMs)),
      }),
    );
    const lines = expectContractOutput(memberStatDaily, daily).days.flatMap((day) => day.products);
    const summed = lines.reduce(
      (sum, line) => ({
        product: line.product,
        staked: sum.staked + line.staked,
        returned: sum.returned + line.returned,
        result: sum.result + line.result,
      }),
      { product: 'sports', staked: 0, returned: 0, result: 0 },
    );
    expect(summed).toEqual(sports);
    expect(lines.every((line) => line.product === 'sports')).toBe(true);
  });

  it('stat/settle and win/stat total the settled orders', async () => {
    const settled = expectOk(await call(memberStatSettle.path, alice));
    expect(expectContractOutput(memberStatSettle, settled)).toEqual({
      ...cnyFields,
      settledCount: 4,
      settledStake: 10_000,
      payout: 7_410,
      result: -2_590,
      winCount: 1,
      lossCount: 2,
      drawCount: 1,
    });
    const wins = expectOk(await call(memberWinStat.path, alice));
    // One win of three decided bets (the void one is a draw): 33.33 %.
    expect(expectContractOutput(memberWinStat, wins)).toEqual({
      ...cnyFields,
      settledCount: 4,
      winCount: 1,
      lossCount: 2,
      drawCount: 1,
      winRate: 3_333,
    });
    const yesterdayOnly = expectOk(
      await call(memberWinStat.path, alice, {
        startTime: todayStart - dayMs,
        endTime: todayStart - 1,
      }),
    );
    expect(yesterdayOnly).toMatchObject({ settledCount: 1, winCount: 1, winRate: 10_000 });
  });

  it('order/sum sums the open stakes and potential payouts', async () => {
    const sums = expectOk(await call(orderSum.path, alice));
    expect(expectContractOutput(orderSum, sums)).toEqual({
      ...cnyFields,
      openCount: 1,
      openStake: 5_000,
      potentialPayout: placed.open?.potentialPayout,
    });
    expect(placed.open?.potentialPayout).toBeGreaterThan(5_000);
  });
});

describe('lists', () => {
  it('unsettle lists the open orders only', async () => {
    const open = expectOk(
      await call<{ records: { orderNo: string }[]; total: number }>(unsettledOrders.path, alice),
    );
    expectContractOutput(unsettledOrders, open);
    expect(open.total).toBe(1);
    expect(open.records.map((record) => record.orderNo)).toEqual([placed.open?.orderNo]);
  });

  it('settlement/record pages the settled orders newest first with payout and result', async () => {
    type Page = {
      records: { orderNo: string; payout: number; result: number; stake: number }[];
      total: number;
    };
    const first = expectOk(await call<Page>(settlementRecord.path, alice, { size: 3 }));
    const second = expectOk(await call<Page>(settlementRecord.path, alice, { size: 3, page: 2 }));
    expectContractOutput(settlementRecord, first);
    expect(first.total).toBe(4);
    expect(second.total).toBe(4);
    expect(
      [...first.records, ...second.records].map((record) => [
        record.orderNo,
        record.payout,
        record.result,
      ]),
    ).toEqual([
      [placed.cashedOut?.orderNo, 2_500, -1_500],
      [placed.void?.orderNo, 3_000, 0],
      [placed.lost?.orderNo, 0, -2_000],
      [placed.won?.orderNo, 1_910, 910],
    ]);
    const yesterday = expectOk(
      await call<Page>(settlementRecord.path, alice, {
        startTime: todayStart - dayMs,
        endTime: todayStart - 1,
      }),
    );
    expect(yesterday.records.map((record) => record.orderNo)).toEqual([placed.won?.orderNo]);
  });

  it('amount/log pages every balance movement of the member bets', async () => {
    type Log = {
      records: { orderNo: string; kind: string; amount: number; createTime: number }[];
      total: number;
    };
    const pages: Log[] = [];
    for (const page of [1, 2, 3])
      pages.push(expectOk(await call<Log>(memberAmountLog.path, alice, { size: 4, page })));
    for (const page of pages) expectContractOutput(memberAmountLog, page);
    const records = pages.flatMap((page) => page.records);
    expect(pages.map((page) => page.records.length)).toEqual([4, 4, 2]);
    expect(pages[0]?.total).toBe(10);
    // Six stakes held, three payouts to the member (the lost bet paid nothing), one release.
    const moves = records
      .map((record) => `${record.kind}:${record.orderNo}:${record.amount}`)
      .sort();
    const expected = [
      ...Object.values(placed).map((order) => `order_stake:${order.orderNo}:${-order.stake}`),
      `order_settle:${placed.won?.orderNo}:1910`,
      `order_settle:${placed.void?.orderNo}:3000`,
      `order_cash_out:${placed.cashedOut?.orderNo}:2500`,
      `order_release:${placed.rejected?.orderNo}:700`,
    ].sort();
    expect(moves).toEqual(expected);
    const times = records.map((record) => record.createTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // A range of one millisecond holds exactly the movements of that millisecond.
    const at = times[3] as number;
    const narrow = expectOk(
      await call<Log>(memberAmountLog.path, alice, { startTime: at, endTime: at, size: 100 }),
    );
    expect(narrow.total).toBe(times.filter((time) => time === at).length);
    expect(narrow.records.every((record) => record.createTime === at)).toBe(true);
  });
});

describe('only the caller sees their own', () => {
  it('another member sees none of them, and the first member none of theirs', async () => {
    const empty = { startTime: todayStart - dayMs, endTime: todayStart + dayMs - 1 };
    expect(expectOk(await call(orderStat.path, bob, empty))).toEqual({
      ...cnyFields,
      startTime: empty.startTime,
      endTime: empty.endTime,
      ...zeroFigures,
      products: [],
    });
    expect(expectOk(await call(memberStatSettle.path, bob))).toMatchObject({
      settledCount: 0,
      payout: 0,
    });
    expect(expectOk(await call(memberWinStat.path, bob))).toMatchObject({
      winCount: 0,
      winRate: 0,
    });
    expect(expectOk(await call(orderSum.path, bob))).toMatchObject({ openCount: 0, openStake: 0 });
    for (const path of [unsettledOrders.path, settlementRecord.path, memberAmountLog.path])
      expect(expectOk(await call(path, bob))).toEqual({ records: [], total: 0 });
    const days = expectOk(
      await call<{ days: unknown[] }>(memberStatDaily.path, bob, {
        startDate: dateOfDisplayDay(today - 1),
        endDate: dateOfDisplayDay(today),
      }),
    );
    expect(days.days).toEqual([
      { date: dateOfDisplayDay(today - 1), ...zeroFigures, products: [] },
      { date: dateOfDisplayDay(today), ...zeroFigures, products: [] },
    ]);
    expect(expectOk(await call(memberStatToday.path, bob))).toMatchObject(zeroFigures);
  });

  it('a visitor is sent to log in', async () => {
    const visitor = expectOk(
      await testApp.call<{ uid: string; token: string }>(visitorCreate.path, {}),
    );
    const answer = await testApp.call(orderStat.path, { uid: visitor.uid, token: visitor.token });
    expectRefused(answer, 402);
  });

  it('the ledger stays balanced', async () => {
    await expectLedgerBalanced(testApp);
  });
});

describe('bad input is refused by field', () => {
  const cases: [string, string, Record<string, unknown>][] = [
    ['startTime', orderStat.path, { startTime: todayStartLater(1), endTime: todayStartLater(0) }],
    ['endTime', orderStat.path, { startTime: 0, endTime: 90 * dayMs }],
    ['endTime', orderStat.path, { startTime: 0 }],
    ['startTime', memberStatSettle.path, { endTime: 5 }],
    ['startTime', memberWinStat.path, { startTime: 'yesterday', endTime: 5 }],
    ['currencyId', orderSum.path, { currencyId: 4242 }],
    ['size', unsettledOrders.path, { size: 101 }],
    ['page', settlementRecord.path, { page: 0 }],
    ['size', memberAmountLog.path, { size: 0 }],
    ['colour', memberStatToday.path, { colour: 'red' }],
    ['date', memberStatDate.path, { date: '2024-02-30' }],
    ['date', memberStatDate.path, {}],
    ['startDate', memberStatDaily.path, { startDate: '2024-03-02', endDate: '2024-03-01' }],
    ['endDate', memberStatDaily.path, { startDate: '2024-01-01', endDate: '2024-03-31' }],
    ['startDate', memberStatDaily.path, { startDate: '20240101', endDate: '2024-01-02' }],
  ];
  for (const [field, path, fields] of cases) {
    it(`${path} refuses ${JSON.stringify(fields)} naming ${field}`, async () => {
      const answer = await call(path, alice, fields);
      expectRefused(answer, invalidInput);
      expect(answer.msg).toContain(field);
    });
  }

  it('accepts a range of exactly 90 days and 90 listed days', async () => {
    expectOk(await call(orderStat.path, alice, { startTime: 0, endTime: 90 * dayMs - 1 }));
    const days = expectOk(
      await call<{ days: unknown[] }>(memberStatDaily.path, alice, {
        startDate: '2024-01-01',
        endDate: '2024-03-30',
      }),
    );
    expect(days.days).toHaveLength(90);
  });
});

/** A fixed instant `days` days after a fixed start, for input cases built before the server runs. */
function todayStartLater(days: number): number {
  return Date.UTC(2024, 0, 1, 4) + days * dayMs;
}
