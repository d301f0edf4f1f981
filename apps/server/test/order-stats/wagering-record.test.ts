import { orderStatus } from '@sb/contract';
import { dayMs, displayOffsetMs } from '@sb/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue } from '../../src/modules/catalogue/catalogue.service';
import {
  createLedger,
  type Ledger,
  type TransferRequest,
  wagerKinds,
} from '../../src/modules/ledger/ledger.service';
import { createDashboard } from '../../src/modules/order-stats/dashboard.service';
import {
  createOrderFigures,
  type FigureRow,
  settledStatuses,
} from '../../src/modules/orders/orders.service';
import {
  cny,
  createOrdersTestApp,
  expectLedgerBalanced,
  expectOk,
  fundedMember,
  placeBet,
  single,
  type TestMember,
} from '../orders/helpers';
import type { TestApp } from '../test-app';
import { finishOrder, placeAt } from './helpers';

/**
 * The dashboard and the member statistics read the wagering record (ledger/wagering.ts). On the
 * same seeded bets (released, won, lost, void, cashed out, open, rolled back and settled again,
 * a debt recovered from a payout, some booked on the day before) their figures are those the
 * code before the record computed, kept here as it was: the dashboard summed system-account
 * flows by hard-coded kinds, the statistics embedded each order's net as a subquery. A product
 * that names its kinds in the record then shows up on the dashboard with no other change.
 */

let testApp: TestApp;
let ledger: Ledger;
let alice: TestMember;
let bob: TestMember;
const placed: Record<string, { orderNo: string; stake: number }> = {};
const currencyId = cny.currencyId;
const openLiability = async () => ({ orders: 0, stake: 0, payout: 0 });

/** The kinds the dashboard and the statistics counted before the record was read. */
const kindsBefore = [
  'order_stake',
  'order_release',
  'order_settle',
  'order_unsettle',
  'order_cash_out',
  'order_debt_recovery',
];

/** The dashboard's day figures as computed before: system-account flows by kind. */
async function dashboardBefore(days: number) {
  const { today, flows } = await ledger.dailySystemFlows(currencyId, days);
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const byDay = new Map<
    string,
    { turnover: number; ggr: number; deposits: number; withdrawals: number }
  >();
  for (let back = days - 1; back >= 0; back -= 1)
    byDay.set(new Date(todayMs - back * dayMs).toISOString().slice(0, 10), {
      turnover: 0,
      ggr: 0,
      deposits: 0,
      withdrawals: 0,
    });
  for (const flow of flows) {
    const day = byDay.get(flow.day);
    if (!day) continue;
    if (
      flow.systemCode === 'stakes_held' &&
      (flow.kind === 'order_stake' || flow.kind === 'order_release')
    )
      day.turnover += flow.amount;
    else if (flow.systemCode === 'house' && flow.kind.startsWith('order_')) day.ggr += flow.amount;
    else if (flow.systemCode === 'deposits_in_transit') day.deposits -= flow.amount;
    else if (flow.systemCode === 'payouts_completed') day.withdrawals += flow.amount;
  }
  return [...byDay].map(([day, figures]) => ({ day, ...figures }));
}

/** Each order's net as the statistics embedded it before: a subquery per order. */
const netBefore = sql.raw(`coalesce((
  select sum(p.amount) from ledger_transactions t
    join ledger_postings p on p.transaction_id = t.id
    join ledger_accounts a on a.id = p.account_id
  where t.reference = o.order_no and a.user_id = o.user_id
    and t.kind in (${kindsBefore.map((kind) => `'${kind}'`).join(', ')})
), 0)`);

/** The statistics' figures per display day as computed before, in one query. */
async function figuresBefore(userId: number): Promise<(FigureRow & { day: number })[]> {
  const open = `${orderStatus.pending}, ${orderStatus.accepted}`;
  const settled = settledStatuses.join(', ');
  const result = (await testApp.database.db.execute(sql`
    with per_order as (
      select o.status, o.stake_minor as stake, ${netBefore} as net,
        floor((extract(epoch from o.created_at) * 1000 + ${displayOffsetMs}) / ${dayMs})::int as day
      from orders o
      where o.user_id = ${userId} and o.currency_id = ${currencyId}
        and o.status in (${sql.raw(`${open}, ${settled}`)})
    )
    select day,
      count(*) as "betCount",
      coalesce(sum(stake), 0) as stake,
      count(*) filter (where status in (${sql.raw(open)})) as "openCount",
      coalesce(sum(stake) filter (where status in (${sql.raw(open)})), 0) as "openStake",
      count(*) filter (where status in (${sql.raw(settled)})) as "settledCount",
      coalesce(sum(stake) filter (where status in (${sql.raw(settled)})), 0) as "settledStake",
      coalesce(sum(net) filter (where status in (${sql.raw(settled)})), 0) as net,
      count(*) filter (where status in (${sql.raw(settled)}) and net > 0) as "winCount",
      count(*) filter (where status in (${sql.raw(settled)}) and net < 0) as "lossCount",
      count(*) filter (where status in (${sql.raw(settled)}) and net = 0) as "drawCount"
    from per_order group by day order by day`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return result.rows.map((row) => {
    const numbers = Object.fromEntries(
      Object.entries(row).map(([key, value]) => [key, Number(value)]),
    );
    return numbers as unknown as FigureRow & { day: number };
  });
}

/** Each settled order's net as the records page read it before. */
async function netsBefore(userId: number): Promise<Map<string, number>> {
  const result = (await testApp.database.db.execute(sql`
    select o.order_no, ${netBefore} as net from orders o
    where o.user_id = ${userId} and o.status in (${sql.raw(settledStatuses.join(', '))})`)) as unknown as {
    rows: { order_no: string; net: unknown }[];
  };
  return new Map(result.rows.map((row) => [row.order_no, Number(row.net)]));
}

const transfer = (request: TransferRequest) => ledger.transfer(request);

beforeAll(async () => {
  const { testApp: created, book, feed } = await createOrdersTestApp();
  testApp = created;
  ledger = createLedger(testApp.database.db);
  alice = await fundedMember(testApp, 1_000_000);
  bob = await fundedMember(testApp, 1_000_000);
  const yesterday = feed.now().getTime() - dayMs;
  const plan = [
    { name: 'won', member: alice, stake: 1_000, status: orderStatus.settled, payout: 1_910 },
    { name: 'lost', member: alice, stake: 2_000, status: orderStatus.settled, payout: 0 },
    { name: 'void', member: alice, stake: 3_000, status: orderStatus.void, payout: 3_000 },
    {
      name: 'cashedOut',
      member: alice,
      stake: 4_000,
      status: orderStatus.cashedOut,
      payout: 2_500,
    },
    { name: 'open', member: alice, stake: 5_000, status: null, payout: 0 },
    { name: 'rejected', member: alice, stake: 700, status: orderStatus.rejected, payout: 700 },
    { name: 'resettled', member: alice, stake: 1_500, status: orderStatus.settled, payout: 2_850 },
    { name: 'bobWon', member: bob, stake: 800, status: orderStatus.settled, payout: 1_600 },
    { name: 'bobOpen', member: bob, stake: 900, status: null, payout: 0 },
  ] as const;
  for (const [index, entry] of plan.entries()) {
    const pick = book.pick(book.preMatchAt(index % book.preMatch().length));
    const order = expectOk(await placeBet(testApp, entry.member, single(pick, entry.stake)));
    placed[entry.name] = { orderNo: order.orderNo, stake: entry.stake };
    if (entry.status !== null)
      await finishOrder(
        testApp,
        { orderNo: order.orderNo, stake: entry.stake, userId: entry.member.userId },
        entry.status,
        entry.payout,
      );
  }
  // A won bet rolled back (the payout taken back, the stake held again) and settled lost.
  const resettled = placed.resettled as { orderNo: string; stake: number };
  await transfer({
    idempotencyKey: `test-unsettle:${resettled.orderNo}`,
    kind: 'order_unsettle',
    reference: resettled.orderNo,
    postings: [
      { account: { systemCode: 'stakes_held', currencyId }, amount: 1_500 },
      { account: { systemCode: 'house', currencyId }, amount: 1_350 },
      { account: { userId: alice.userId, bucket: 'main', currencyId }, amount: -2_850 },
    ],
  });
  await transfer({
    idempotencyKey: `test-resettle:${resettled.orderNo}`,
    kind: 'order_settle',
    reference: resettled.orderNo,
    postings: [
      { account: { systemCode: 'stakes_held', currencyId }, amount: -1_500 },
      { account: { systemCode: 'house', currencyId }, amount: 1_500 },
    ],
  });
  // A debt of an earlier rollback netted from the won bet's payout.
  await transfer({
    idempotencyKey: `test-recovery:${placed.won?.orderNo}`,
    kind: 'order_debt_recovery',
    reference: placed.won?.orderNo,
    postings: [
      { account: { userId: alice.userId, bucket: 'main', currencyId }, amount: -300 },
      { account: { systemCode: 'house', currencyId }, amount: 300 },
    ],
  });
  // Yesterday: the open bets and the lost one were placed then (their stakes booked then too);
  // the lost one was settled today.
  for (const name of ['open', 'bobOpen', 'lost']) {
    const orderNo = placed[name]?.orderNo as string;
    await placeAt(testApp, orderNo, new Date(yesterday));
    await testApp.database.db.execute(
      sql`update ledger_transactions set created_at = created_at - interval '1 day'
          where reference = ${orderNo} and kind = 'order_stake'`,
    );
  }
  await expectLedgerBalanced(testApp);
});
afterAll(() => testApp.close());

describe('the dashboard reads the wagering record', () => {
  it('gives the figures the system flows gave, with sports as the one product', async () => {
    const dashboard = createDashboard({ ledger, openLiability });
    const answer = await dashboard.daysOf(currencyId, 3);
    const before = await dashboardBefore(3);
    expect(answer.days.map(({ products: _products, ...day }) => day)).toEqual(before);
    // The seeded days are not all zeros: the comparison means something.
    const [, yesterday, today] = answer.days;
    expect(yesterday?.turnover).toBeGreaterThanOrEqual(7_900);
    expect(today?.ggr).not.toBe(0);
    for (const day of answer.days) {
      const hasFigures = day.turnover !== 0 || day.ggr !== 0;
      expect(day.products.map((line) => line.product)).toEqual(hasFigures ? ['sports'] : []);
      const sports = day.products[0];
      if (sports) expect(day).toMatchObject({ turnover: sports.turnover, ggr: sports.ggr });
    }
    const sportsToday = today?.products[0];
    // Returned today: every payout and cash out less the payout taken back and the recovery.
    expect(sportsToday?.returned).toBeGreaterThanOrEqual(1_910 + 3_000 + 2_500 + 1_600 - 300);
  });

  it('shows a product whose kinds are added to the record, and nothing else changes', async () => {
    const casinoKinds = {
      ...wagerKinds,
      test_casino_bet: { product: 'casino', side: 'stake' },
      test_casino_win: { product: 'casino', side: 'return' },
    } as const;
    const withCasino = createLedger(testApp.database.db, { wagerKinds: casinoKinds });
    const before = await createDashboard({ ledger: withCasino, openLiability }).daysOf(
      currencyId,
      3,
    );
    const round = (key: string, kind: string, amount: number) =>
      withCasino.transfer({
        idempotencyKey: key,
        kind,
        reference: `round-${bob.userId}`,
        postings: [
          { account: { userId: bob.userId, bucket: 'main', currencyId }, amount },
          { account: { systemCode: 'house', currencyId }, amount: -amount },
        ],
      });
    await round(`test-casino-bet:${bob.userId}`, 'test_casino_bet', -500);
    await round(`test-casino-win:${bob.userId}`, 'test_casino_win', 200);
    const after = await createDashboard({ ledger: withCasino, openLiability }).daysOf(
      currencyId,
      3,
    );
    const [todayBefore, todayAfter] = [before.days.at(-1), after.days.at(-1)];
    expect(todayAfter?.products).toEqual([
      { product: 'casino', turnover: 500, returned: 200, ggr: 300 },
      ...(todayBefore?.products ?? []),
    ]);
    expect(todayAfter?.turnover).toBe((todayBefore?.turnover ?? 0) + 500);
    expect(todayAfter?.ggr).toBe((todayBefore?.ggr ?? 0) + 300);
    // The member's own record, which the statistics list per product, names it too.
    expect(await withCasino.wagering({ userId: bob.userId, currencyId })).toContainEqual({
      product: 'casino',
      currencyId,
      period: 0,
      staked: 500,
      returned: 200,
      net: -300,
    });
    // The real table does not know the test's kinds: the sports figures stay as they were.
    const real = await createDashboard({ ledger, openLiability }).daysOf(currencyId, 3);
    expect(real.days.at(-1)?.products.map((line) => line.product)).toEqual(['sports']);
    expect(real.days.at(-1)?.turnover).toBe(todayBefore?.turnover);
  });
});

describe('the member statistics read the wagering record', () => {
  const figuresOf = () =>
    createOrderFigures({
      db: testApp.database.db,
      catalogue: createCatalogue(testApp.database.db),
      wagerNets: ledger.wagerNets,
    });

  it('gives the figures the per-order subquery gave, per day and in all', async () => {
    for (const member of [alice, bob]) {
      const before = await figuresBefore(member.userId);
      const filter = { userId: member.userId, currencyId };
      expect(await figuresOf().totalsByDay(filter)).toEqual(before);
      const total = before.reduce<Record<string, number>>((sum, day) => {
        for (const [key, value] of Object.entries(day))
          if (key !== 'day') sum[key] = (sum[key] ?? 0) + value;
        return sum;
      }, {});
      expect(await figuresOf().totals(filter)).toEqual(total);
    }
    // Alice: won 1000 (net 910 − 300 recovered), lost 2000, void, cashed out −1500, resettled
    // lost −1500; the rejected one is no bet and the open one not settled.
    expect(await figuresOf().totals({ userId: alice.userId, currencyId })).toEqual({
      betCount: 6,
      stake: 16_500,
      openCount: 1,
      openStake: 5_000,
      settledCount: 5,
      settledStake: 11_500,
      net: 610 - 2_000 + 0 - 1_500 - 1_500,
      winCount: 1,
      lossCount: 3,
      drawCount: 1,
    });
  });

  it('gives each settled order of a page the net the records page read before', async () => {
    const before = await netsBefore(alice.userId);
    const page = await figuresOf().orderPage({ userId: alice.userId }, settledStatuses, {
      offset: 0,
      limit: 100,
    });
    expect(page.total).toBe(5);
    expect(new Map(page.rows.map((row) => [row.order.orderNo, row.net]))).toEqual(before);
    expect(before.get(placed.resettled?.orderNo as string)).toBe(-1_500);
  });
});
