import {
  type BetStatusEvent,
  matchMarketOptions,
  optionStatus,
  orderCashOut,
  orderStatus,
} from '@sb/contract';
import { encodeOptionId } from '@sb/domain';
import type { EventSnapshot, Market, MatchStatus } from '@sb/feed-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordingSocket } from '../realtime/helpers';
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
  listenWithMemberSocket,
  type Pick,
  placeBet,
  single,
  type TestMember,
} from './helpers';

/**
 * The server never takes a bet on an outcome where the match stands already decides, whatever
 * the feed prices (docs/matches.md, Decided outcomes): the feed here is made to keep a passed
 * over line open, as a faulty or real feed could.
 */

const betDelayMs = 150;
let testApp: TestApp;
let book: Book;
let member: TestMember;
let socket: RecordingSocket;

beforeAll(async () => {
  ({ testApp, book } = await createOrdersTestApp({ betDelayMs }));
  member = await fundedMember(testApp, 1_000_000);
  socket = await listenWithMemberSocket(testApp, member);
});
afterAll(async () => {
  socket.close();
  await testApp.close();
});

/** Live football matches with an open total goals market (play 18), in a stable order. */
function liveFootballWithTotals(): EventSnapshot[] {
  return book
    .live()
    .filter(
      (event) =>
        event.fixture.sportId === 1 &&
        event.markets.some((market) => market.playId === 18 && market.status === 'active'),
    );
}

/** The event's status with these regulation goals, the second half under way. */
function withGoals(event: EventSnapshot, home: number, away: number): MatchStatus {
  return {
    ...event.status,
    period: 2,
    periodCode: 3,
    inBreak: false,
    homeScore: home,
    awayScore: away,
    periodScores: [
      { home, away },
      { home: 0, away: 0 },
    ],
  };
}

/** The event's total goals market at `line` as a feed would price it, open. */
function totalMarket(event: EventSnapshot, line: number): Market {
  const existing = event.markets.find((market) => market.playId === 18);
  if (!existing) throw new Error('no total goals market');
  return {
    ...existing,
    specifiers: `total=${line}`,
    status: 'active',
    outcomes: [
      { id: 'over', name: `Over ${line}`, odds: 26_900, probability: 0.35, active: true },
      { id: 'under', name: `Under ${line}`, odds: 14_800, probability: 0.65, active: true },
    ],
  };
}

function pickOf(event: EventSnapshot, market: Market, outcomeId: string): Pick {
  const outcome = market.outcomes.find((entry) => entry.id === outcomeId);
  if (!outcome) throw new Error(`no outcome ${outcomeId}`);
  return {
    event,
    market,
    outcomeId,
    optId: encodeOptionId({
      eventId: event.fixture.eventId,
      playId: market.playId,
      specifiers: market.specifiers,
      outcomeId,
    }),
    odds: outcome.odds / 10_000,
  };
}

async function optionStatusOf(pick: Pick): Promise<number | undefined> {
  const answer = expectOk(
    await testApp.call<{ z: Record<string, Record<string, { oi: string; s: number }[]>> }>(
      matchMarketOptions.path,
      { ...member.auth, matchId: pick.event.fixture.eventId, playId: pick.market.playId },
    ),
  );
  const options = answer.z[pick.market.playId]?.[pick.market.specifiers] ?? [];
  return options.find((option) => option.oi === pick.optId)?.s;
}

describe('outcomes the score has decided', () => {
  it('refuses a passed over line the feed still prices, shows it without a price, writes nothing', async () => {
    const event = liveFootballWithTotals()[0];
    if (!event) throw new Error('no live football match with totals');
    const market = totalMarket(event, 2.5);
    book.oddsChange(event, withGoals(event, 0, 3), [market]);
    for (const outcomeId of ['over', 'under']) {
      const pick = pickOf(event, market, outcomeId);
      expect(await optionStatusOf(pick)).toBe(optionStatus.notOffered);
      const before = await countRows(testApp);
      const balance = await balanceOf(testApp, member.userId, cny.currencyId);
      const answer = await placeBet(testApp, member, single(pick, 1_000, { acceptOdds: 0 }));
      expectRefused(answer, 7004);
      expect(answer.msg).toMatch(/decided/);
      expect(await countRows(testApp)).toEqual(before);
      expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual(balance);
    }
    // The line still to be passed is a bet, and is taken.
    const open = totalMarket(event, 3.5);
    book.oddsChange(event, withGoals(event, 0, 3), [open]);
    const pick = pickOf(event, open, 'over');
    expect(await optionStatusOf(pick)).toBe(optionStatus.open);
    const order = expectOk(await placeBet(testApp, member, single(pick, 1_000, { acceptOdds: 0 })));
    expect(order.status).toBe(orderStatus.pending);
  });

  it('rejects a pending live bet when a goal in its delay decides it, and returns the stake', async () => {
    const event = liveFootballWithTotals()[1];
    if (!event) throw new Error('no second live football match with totals');
    const market = totalMarket(event, 2.5);
    book.oddsChange(event, withGoals(event, 1, 1), [market]);
    const pick = pickOf(event, market, 'under');
    const before = await balanceOf(testApp, member.userId, cny.currencyId);
    const since = socket.mark();
    const order = expectOk(await placeBet(testApp, member, single(pick, 2_000, { acceptOdds: 0 })));
    expect(order.status).toBe(orderStatus.pending);
    // The third goal goes in during the delay; the feed keeps the line open at its old prices.
    book.oddsChange(event, withGoals(event, 2, 1), [market]);
    const decided = await socket.next<BetStatusEvent>(
      'H',
      (h) => h.orderNo === order.orderNo && h.bs !== 0,
      { since },
    );
    expect(decided).toMatchObject({ bs: 2, mr: 4 });
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual(before);
    await expectLedgerBalanced(testApp);
  });

  it('refuses to cash out a bet the score has lost while the feed still prices it', async () => {
    const event = liveFootballWithTotals()[2];
    if (!event) throw new Error('no third live football match with totals');
    const market = totalMarket(event, 2.5);
    book.oddsChange(event, withGoals(event, 1, 0), [market]);
    const pick = pickOf(event, market, 'under');
    const order = expectOk(await placeBet(testApp, member, single(pick, 2_000, { acceptOdds: 0 })));
    const since = socket.mark();
    await socket.next<BetStatusEvent>('H', (h) => h.orderNo === order.orderNo && h.bs === 1, {
      since,
    });
    book.oddsChange(event, withGoals(event, 2, 1), [market]);
    const answer = await testApp.call(orderCashOut.path, {
      ...member.auth,
      orderNo: order.orderNo,
      amount: 1,
      idempotencyKey: `decided-${order.orderNo}`,
    });
    expect(answer.code).not.toBe(0);
    expect(answer.msg).toMatch(/decided/);
  });

  it('closes a virtual event at its start, whatever the feed prices', async () => {
    const virtual = book
      .preMatch()
      .find((event) => !event.fixture.liveOdds && event.fixture.kind === 'match');
    if (!virtual) throw new Error('no virtual match ahead');
    const market = virtual.markets.find((entry) => entry.playId === 3 && entry.status === 'active');
    if (!market) throw new Error('no open 1X2');
    const running: MatchStatus = { ...virtual.status, status: 'live', period: 2, periodCode: 3 };
    book.oddsChange(virtual, running, [market]);
    const pick = pickOf(virtual, market, 'home');
    expect(await optionStatusOf(pick)).toBe(optionStatus.notOffered);
    const answer = await placeBet(testApp, member, single(pick, 1_000, { acceptOdds: 0 }));
    expectRefused(answer, 7004);
    expect(answer.msg).toMatch(/closed at the start/);
  });
});
