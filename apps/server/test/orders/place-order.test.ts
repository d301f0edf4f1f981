import {
  betStatusReason,
  orderCount,
  orderCreate,
  orderList,
  orderRecordSchema,
  orderStatus,
  visitorCreate,
} from '@sb/contract';
import { controlSwitchTable, encodeOptionId, sealPayload, toOddsUnits } from '@sb/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/identity/identity.schema';
import { orderStatusHistory, orders } from '../../src/modules/orders/orders.schema';
import type { TestApp } from '../test-app';
import {
  type Book,
  balanceOf,
  cny,
  countRows,
  createOrdersTestApp,
  expectLedgerBalanced,
  expectOk,
  expectRefused,
  fundedMember,
  parlay,
  placeBet,
  single,
  stakesHeld,
  type TestMember,
} from './helpers';

let testApp: TestApp;
let book: Book;
let member: TestMember;
beforeAll(async () => {
  ({ testApp, book } = await createOrdersTestApp());
  member = await fundedMember(testApp, 1_000_000);
});
afterAll(() => testApp.close());

/** Places a bet that must be refused with `code`, and proves nothing was written. */
async function expectBetRefused(bet: unknown, code: number, message?: RegExp) {
  const before = await countRows(testApp);
  const balance = await balanceOf(testApp, member.userId, cny.currencyId);
  const answer = await placeBet(testApp, member, bet);
  expectRefused(answer, code);
  if (message) expect(answer.msg).toMatch(message);
  expect(await countRows(testApp)).toEqual(before);
  expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual(balance);
}

describe('placing pre-match bets', () => {
  it('accepts a single at once, holds the stake and records its history', async () => {
    const event = book.preMatchAt(0);
    const pick = book.pick(event);
    const before = await balanceOf(testApp, member.userId, cny.currencyId);
    const heldBefore = await stakesHeld(testApp);

    const order = expectOk(await placeBet(testApp, member, single(pick, 2_500)));
    expect(orderRecordSchema.parse(order)).toEqual(order);
    expect(order).toMatchObject({
      betType: 0,
      status: orderStatus.accepted,
      reason: 0,
      stake: 2_500,
      scale: 2,
      currencyCode: 'CNY',
      odds: toOddsUnits(pick.odds),
      potentialPayout: Math.floor((2_500 * toOddsUnits(pick.odds)) / 10_000),
      isLive: false,
      legs: [
        {
          optId: pick.optId,
          gameId: event.fixture.eventId,
          playId: 3,
          requestedOdds: toOddsUnits(pick.odds),
          odds: toOddsUnits(pick.odds),
        },
      ],
    });
    expect(order.orderNo).toMatch(/^B\d{23}$/);
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual({
      amount: before.amount - 2_500,
      frozen: 0,
    });
    expect(await stakesHeld(testApp)).toBe(heldBefore + 2_500);
    const [row] = await testApp.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderNo, order.orderNo));
    const history = await testApp.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, row?.id ?? 0));
    expect(history).toMatchObject([
      { fromStatus: null, toStatus: orderStatus.accepted, actor: 'member' },
    ]);
    await expectLedgerBalanced(testApp);
  });

  it('accepts a parlay priced as the product of its legs', async () => {
    const picks = book
      .preMatch()
      .slice(0, 3)
      .map((event) => book.pick(event));
    const order = expectOk(await placeBet(testApp, member, parlay(picks, 1_000)));
    let total = 10_000;
    for (const pick of picks) total = Math.floor((total * toOddsUnits(pick.odds)) / 10_000);
    expect(order).toMatchObject({ betType: 1, status: orderStatus.accepted, odds: total });
    expect(order.potentialPayout).toBe(Math.floor((1_000 * total) / 10_000));
    expect(order.legs.map((leg) => leg.optId)).toEqual(picks.map((pick) => pick.optId));
  });

  it('takes the odds as their ten-thousandths as well as decimals', async () => {
    const pick = book.pick(book.preMatchAt(3));
    const bet = single(pick, 1_000, {
      selections: [{ optId: pick.optId, odds: toOddsUnits(pick.odds) }],
    });
    expect(expectOk(await placeBet(testApp, member, bet)).status).toBe(orderStatus.accepted);
  });

  it('prices with the member’s own oddsConfig, as the client displays', async () => {
    const margined = await fundedMember(testApp, 100_000);
    await testApp.database.db
      .update(users)
      .set({ oddsConfig: [50, 50, 0] })
      .where(eq(users.id, margined.userId));
    const pick = book.pick(book.preMatchAt(4));
    // The book's own price is better than this member's: asking for it is a change they refuse.
    const refused = await placeBet(testApp, margined, single(pick, 1_000, { acceptOdds: 2 }));
    expectRefused(refused, 7005);
    const accepted = expectOk(
      await placeBet(testApp, margined, single(pick, 1_000, { acceptOdds: 0 })),
    );
    expect(accepted.legs[0]?.odds).toBeLessThan(toOddsUnits(pick.odds));
  });

  it('lists the member’s orders and counts them', async () => {
    const page = expectOk(await testApp.call(orderList.path, { ...member.auth, size: 2 }));
    const parsed = orderList.output.parse(page);
    expect(parsed.records).toHaveLength(2);
    expect(parsed.total).toBeGreaterThanOrEqual(3);
    const open = orderList.output.parse(
      expectOk(await testApp.call(orderList.path, { ...member.auth, isSettled: false })),
    );
    expect(open.records.every((record) => record.status === orderStatus.accepted)).toBe(true);
    const finished = orderList.output.parse(
      expectOk(await testApp.call(orderList.path, { ...member.auth, isSettled: true })),
    );
    expect(finished.total).toBe(0);
    const counted = expectOk(await testApp.call(orderCount.path, member.auth));
    expect(counted).toEqual({ open: open.total, settled: 0 });
    const stranger = await fundedMember(testApp, 0);
    const strangers = orderList.output.parse(
      expectOk(await testApp.call(orderList.path, stranger.auth)),
    );
    expect(strangers).toEqual({ records: [], total: 0 });
  });
});

describe('slip rules (SPEC §5), each refused with nothing written', () => {
  it('refuses more than 8 selections (moreMatchTip)', async () => {
    const picks = book
      .preMatch()
      .slice(0, 9)
      .map((event) => book.pick(event));
    expect(picks).toHaveLength(9);
    await expectBetRefused(parlay(picks), 7000, /at most 8/);
  });

  it('refuses play 999999 in a parlay (noMixBet)', async () => {
    const first = book.preMatchAt(0);
    const second = book.preMatchAt(1);
    const excluded = encodeOptionId({
      eventId: second.fixture.eventId,
      playId: 999_999,
      specifiers: '',
      outcomeId: 'home',
    });
    const bet = parlay([book.pick(first)]);
    (bet.selections as unknown[]).push({ optId: excluded, odds: 2 });
    await expectBetRefused(bet, 7001);
  });

  it('refuses a champion play in a parlay (noMixBetChampion)', async () => {
    const first = book.preMatchAt(0);
    const second = book.preMatchAt(1);
    const outright = encodeOptionId({
      eventId: second.fixture.eventId,
      playId: 21_000,
      specifiers: '',
      outcomeId: '7',
    });
    const bet = parlay([book.pick(first)]);
    (bet.selections as unknown[]).push({ optId: outright, odds: 5 });
    await expectBetRefused(bet, 7002);
  });

  it('refuses two legs of one match in a parlay', async () => {
    const event = book.preMatchAt(0);
    await expectBetRefused(parlay([book.pick(event, 3, 0), book.pick(event, 3, 1)]), 7003);
  });

  it('refuses a visitor with 402', async () => {
    const visitor = expectOk(
      await testApp.call<{ uid: string; token: string }>(visitorCreate.path, {}),
    );
    const pick = book.pick(book.preMatchAt(0));
    const answer = await testApp.call(orderCreate.path, {
      uid: visitor.uid,
      token: visitor.token,
      data: await sealPayload(visitor.token, single(pick)),
    });
    expectRefused(answer, 402);
  });

  it('refuses a league outside the member’s leagueIds', async () => {
    const restricted = await fundedMember(testApp, 100_000);
    const event = book.preMatchAt(0);
    const other = book.preMatchAt(1);
    await testApp.database.db
      .update(users)
      .set({
        leagueIds: [
          other.fixture.league.id === event.fixture.league.id ? -1 : other.fixture.league.id,
        ],
      })
      .where(eq(users.id, restricted.userId));
    const answer = await placeBet(testApp, restricted, single(book.pick(event)));
    expectRefused(answer, 7007);
  });

  it('refuses stakes outside the limits, naming both', async () => {
    const pick = book.pick(book.preMatchAt(0));
    await expectBetRefused(single(pick, 99), 7006, /1\.00 ~ 50000\.00/);
    await expectBetRefused(single(pick, 5_000_001), 7006);
  });

  it('refuses bad input naming the field', async () => {
    const pick = book.pick(book.preMatchAt(0));
    await expectBetRefused(single(pick, 1_000, { betType: 2 }), 1000, /data\.betType/);
    await expectBetRefused(single(pick, 10.5), 1000, /data\.stake/);
    await expectBetRefused(single(pick, 1_000, { scale: 6 }), 1000, /data\.scale: must be 2/);
    await expectBetRefused(single(pick, 1_000, { colour: 'red' }), 1000, /"data\.colour"/);
    await expectBetRefused(
      single(pick, 1_000, { selections: [{ optId: 'nonsense', odds: 2 }] }),
      1000,
      /data\.selections\.0\.optId: not an option id/,
    );
    await expectBetRefused(
      single(pick, 1_000, { selections: [{ optId: pick.optId, odds: 5000 }] }),
      1000,
      /data\.selections\.0\.odds/,
    );
    await expectBetRefused(
      single(pick, 1_000, { selections: [{ optId: pick.optId, odds: pick.odds, gameId: 1 }] }),
      1000,
      /gameId: does not match/,
    );
    await expectBetRefused({ ...parlay([pick]) }, 1000, /at least two/);
    await expectBetRefused(
      {
        ...single(pick),
        selections: [
          { optId: pick.optId, odds: pick.odds },
          { optId: pick.optId, odds: pick.odds },
        ],
      },
      1000,
      /exactly one/,
    );
    await expectBetRefused(single(pick, 1_000, { currencyId: 99 }), 2009);
  });

  it('refuses data that does not open with the caller’s token, and plain data while sealing is on', async () => {
    const pick = book.pick(book.preMatchAt(0));
    const other = await fundedMember(testApp, 0);
    const before = await countRows(testApp);
    const foreign = await testApp.call(orderCreate.path, {
      ...member.auth,
      data: await sealPayload(other.auth.token, single(pick)),
    });
    expectRefused(foreign, 1000);
    expect(foreign.msg).toMatch(/did not open/);
    const plain = await testApp.call(orderCreate.path, { ...member.auth, data: single(pick) });
    expectRefused(plain, 1000);
    expect(plain.msg).toMatch(/must be sealed/);
    expect(await countRows(testApp)).toEqual(before);
  });
});

describe('the book decides', () => {
  it('refuses a market the control switches hide (7004), and takes it again once shown', async () => {
    const event = book.preMatchAt(7);
    const hiding = [...controlSwitchTable].find(([, effect]) =>
      effect.sports?.includes(event.fixture.sportId),
    );
    if (!hiding) throw new Error(`no switch hides sport ${event.fixture.sportId}`);
    const settings = testApp.modules.match.settings;
    await settings.setControlSwitches([hiding[0]]);
    try {
      await expectBetRefused(single(book.pick(event)), 7004, /not offered/);
    } finally {
      await settings.setControlSwitches([]);
    }
    expect(await placeBet(testApp, member, single(book.pick(event)))).toMatchObject({ code: 0 });
  });

  it('refuses a suspended market with mr 4 (7004)', async () => {
    const event = book.preMatchAt(6);
    const pick = book.pick(event);
    book.suspend(event);
    await expectBetRefused(single(pick), 7004, /suspended/);
    expect(betStatusReason.marketClosed).toBe(4);
  });

  it('applies each acceptOdds choice when the price moved', async () => {
    const event = book.preMatchAt(7);
    const pick = book.pick(event);
    const shown = pick.odds;
    book.reprice(pick, shown - 0.1);
    // Worse: only "any change" takes it, at the new price.
    await expectBetRefused(single(pick, 1_000, { acceptOdds: 2 }), 7005, /odds/);
    await expectBetRefused(single(pick, 1_000, { acceptOdds: 1 }), 7005);
    const anyChange = expectOk(
      await placeBet(testApp, member, single(pick, 1_000, { acceptOdds: 0 })),
    );
    expect(anyChange.legs[0]).toMatchObject({
      requestedOdds: toOddsUnits(shown),
      odds: toOddsUnits(shown - 0.1),
    });
    // Better: "only better" takes it at the better price; "none" still refuses.
    book.reprice(pick, shown + 0.2);
    await expectBetRefused(single(pick, 1_000, { acceptOdds: 2 }), 7005);
    const better = expectOk(
      await placeBet(testApp, member, single(pick, 1_000, { acceptOdds: 1 })),
    );
    expect(better.legs[0]?.odds).toBe(toOddsUnits(shown + 0.2));
    // Unchanged: every choice takes it.
    const same = {
      ...single(pick, 1_000, { acceptOdds: 2 }),
      selections: [{ optId: pick.optId, odds: shown + 0.2 }],
    };
    expect(expectOk(await placeBet(testApp, member, same)).status).toBe(orderStatus.accepted);
  });

  it('refuses a stake above the balance with 5001 and nothing written', async () => {
    const poor = await fundedMember(testApp, 500);
    const pick = book.pick(book.preMatchAt(0));
    const before = await countRows(testApp);
    expectRefused(await placeBet(testApp, poor, single(pick, 501)), 5001);
    expect(await countRows(testApp)).toEqual(before);
    expect(await balanceOf(testApp, poor.userId, cny.currencyId)).toEqual({
      amount: 500,
      frozen: 0,
    });
    expect(expectOk(await placeBet(testApp, poor, single(pick, 500))).status).toBe(
      orderStatus.accepted,
    );
    await expectLedgerBalanced(testApp);
  });
});
