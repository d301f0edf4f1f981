import {
  type OrderRecord,
  orderList,
  orderRecordSchema,
  orderStatus,
  settlementRecord,
  unsettledOrders,
} from '@sb/contract';
import type { EventSnapshot } from '@sb/feed-sim';
import { inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderLegs, orders } from '../../src/modules/orders/orders.schema';
import {
  type Book,
  createSettlementTestApp,
  expectLedgerBalanced,
  expectOk,
  fundedMember,
  type Pick,
  parlay,
  placeBet,
  single,
  type TestMember,
} from '../settlement/helpers';
import type { TestApp } from '../test-app';

/**
 * Every leg of an order names what was bet on (match, league, outcome) as the book named it at
 * placement (or, for a leg placed before names were recorded, as the catalogue still knows the
 * match), and, as soon as its own market is settled, what became of the leg.
 */

let testApp: TestApp;
let book: Book;
let results: Awaited<ReturnType<typeof createSettlementTestApp>>;
let member: TestMember;
let nextEvent = 0;
const freshPick = (outcomeIndex = 0): Pick =>
  book.pick(book.preMatchAt(nextEvent++), 3, outcomeIndex);

beforeAll(async () => {
  results = await createSettlementTestApp();
  ({ testApp, book } = results);
  member = await fundedMember(testApp, 1_000_000);
});
afterEach(() => expectLedgerBalanced(testApp));
afterAll(() => testApp.close());

type Language = 'en' | 'zh' | 'zht';

/**
 * What a leg on `pick` must say of itself, in `language` (the site's default, zh, unless a call
 * asks for another): the match's sides and league as the feed names them in it, a runner after
 * its competitor, a match's outcome as the book worded it (the clients word those themselves).
 */
function namesOf(pick: Pick, language: Language = 'zh') {
  const event: EventSnapshot = pick.event;
  const { fixture } = event;
  const nameOf = (name = '', names?: { zh: string; zht: string }) =>
    language === 'en' || !names ? name : names[language];
  const [home, away] = fixture.competitors;
  const outcome = pick.market.outcomes.find((entry) => entry.id === pick.outcomeId);
  const runner = fixture.competitors.find((entry) => String(entry.id) === pick.outcomeId);
  return {
    gameId: fixture.eventId,
    home:
      fixture.kind === 'match'
        ? nameOf(home?.name, home?.names)
        : nameOf(fixture.name, fixture.names),
    away: fixture.kind === 'match' ? nameOf(away?.name, away?.names) : '',
    leagueName: nameOf(fixture.league.name, fixture.league.names),
    outcomeId: pick.outcomeId,
    optName: runner ? nameOf(runner.name, runner.names) : outcome?.name,
  };
}

async function listed(
  orderNo: string,
  isSettled: boolean,
  lang: Language = 'zh',
): Promise<OrderRecord> {
  const page = orderList.output.parse(
    expectOk(await testApp.call(orderList.path, { ...member.auth, isSettled, size: 100, lang })),
  );
  const order = page.records.find((record) => record.orderNo === orderNo);
  if (!order) throw new Error(`order ${orderNo} is not among the listed`);
  return order;
}

describe('legs you can read', () => {
  it('names the match, league and outcome of a single, with no result until settled', async () => {
    const pick = freshPick(1);
    const order = expectOk(await placeBet(testApp, member, single(pick, 1_000)));
    expect(orderRecordSchema.parse(order)).toEqual(order);
    const expected = namesOf(pick);
    expect(expected.home).toBeTruthy();
    expect(expected.away).toBeTruthy();
    expect(expected.optName).toBeTruthy();
    expect(order.legs).toEqual([expect.objectContaining({ ...expected, result: null })]);
    // Read back, the list says the same.
    expect((await listed(order.orderNo, false)).legs).toEqual(order.legs);
  });

  it('names the legs in the language the member reads, English and Traditional Chinese too', async () => {
    const pick = freshPick(0);
    const order = expectOk(await placeBet(testApp, member, single(pick, 1_000)));
    expect(order.legs[0]).toMatchObject(namesOf(pick, 'zh'));
    for (const lang of ['en', 'zht'] as const)
      expect((await listed(order.orderNo, false, lang)).legs[0]).toMatchObject(namesOf(pick, lang));
    expect(namesOf(pick, 'zh').home).not.toBe(namesOf(pick, 'en').home);
  });

  it('names every leg of a parlay, and the combined odds are the product of its legs', async () => {
    const picks = [freshPick(0), freshPick(1), freshPick(0)];
    const order = expectOk(await placeBet(testApp, member, parlay(picks, 1_000)));
    expect(order.legs).toEqual(
      picks.map((pick) => expect.objectContaining({ ...namesOf(pick), result: null })),
    );
    let product = 10_000;
    for (const leg of order.legs) product = Math.floor((product * leg.odds) / 10_000);
    expect(order.odds).toBe(product);
    const open = unsettledOrders.output.parse(
      expectOk(await testApp.call(unsettledOrders.path, { ...member.auth, size: 100 })),
    );
    expect(open.records.find((record) => record.orderNo === order.orderNo)?.legs).toEqual(
      order.legs,
    );
  });

  it('gives each leg its result once settled, and takes it back on a rollback', async () => {
    const wonPick = freshPick();
    const won = expectOk(await placeBet(testApp, member, single(wonPick, 1_000)));
    const halfPick = freshPick();
    const half = expectOk(await placeBet(testApp, member, single(halfPick, 1_000)));
    await results.send([
      results.settlement(wonPick, { result: 1, voidFactor: 0 }),
      results.settlement(halfPick, { result: 0, voidFactor: 0.5 }),
    ]);
    expect((await listed(won.orderNo, true)).legs[0]).toMatchObject({
      ...namesOf(wonPick),
      result: 'won',
    });
    expect((await listed(half.orderNo, true)).legs[0]?.result).toBe('half_lost');

    await results.send([results.rollback(wonPick)]);
    const reopened = await listed(won.orderNo, false);
    expect(reopened.status).toBe(orderStatus.accepted);
    expect(reopened.legs[0]?.result).toBeNull();
  });

  it('gives a parlay its legs’ results: void, won, and a leg a lost parlay leaves undecided', async () => {
    const [voided, won, lost, undecided] = [freshPick(), freshPick(), freshPick(), freshPick()];
    const order = expectOk(
      await placeBet(testApp, member, parlay([voided, won, lost, undecided], 1_000)),
    );
    await results.send([
      results.cancel(voided),
      results.settlement(won, { result: 1, voidFactor: 0 }),
      results.settlement(lost, { result: 0, voidFactor: 0 }),
    ]);
    const settled = await listed(order.orderNo, true);
    expect(settled.status).toBe(orderStatus.settled);
    expect(settled.legs.map((leg) => leg.result)).toEqual(['void', 'won', 'lost', null]);
    expect(settled.legs.map((leg) => leg.home)).toEqual(
      [voided, won, lost, undecided].map((pick) => namesOf(pick).home),
    );
    const records = settlementRecord.output.parse(
      expectOk(await testApp.call(settlementRecord.path, { ...member.auth, size: 100 })),
    );
    expect(records.records.find((record) => record.orderNo === order.orderNo)?.legs).toEqual(
      settled.legs,
    );
  });

  it('gives a parlay’s leg its result once its own market settles, the order still open', async () => {
    const [finished, playing, cancelled, later] = [
      freshPick(),
      freshPick(),
      freshPick(),
      freshPick(),
    ];
    const order = expectOk(
      await placeBet(testApp, member, parlay([finished, playing, cancelled, later], 1_000)),
    );
    const resultsOf = async (isSettled: boolean) =>
      (await listed(order.orderNo, isSettled)).legs.map((leg) => leg.result);

    await results.send([results.settlement(finished, { result: 1, voidFactor: 0 })]);
    const open = await listed(order.orderNo, false);
    expect(open.status).toBe(orderStatus.accepted);
    expect(open.legs.map((leg) => leg.result)).toEqual(['won', null, null, null]);
    const unsettled = unsettledOrders.output.parse(
      expectOk(await testApp.call(unsettledOrders.path, { ...member.auth, size: 100 })),
    );
    expect(unsettled.records.find((record) => record.orderNo === order.orderNo)?.legs).toEqual(
      open.legs,
    );

    // The feed takes the result back: the leg is undecided again; settled anew, it reads again.
    await results.send([results.rollback(finished)]);
    expect(await resultsOf(false)).toEqual([null, null, null, null]);
    await results.send([
      results.settlement(finished, { result: 1, voidFactor: 0 }),
      results.cancel(cancelled),
    ]);
    expect(await resultsOf(false)).toEqual(['won', null, 'void', null]);

    // A leg lost: the parlay settles lost, its last leg undecided until its own market settles.
    await results.send([results.settlement(playing, { result: 0, voidFactor: 0 })]);
    expect(await resultsOf(true)).toEqual(['won', 'lost', 'void', null]);
    await results.send([results.settlement(later, { result: 1, voidFactor: 0.5 })]);
    expect(await resultsOf(true)).toEqual(['won', 'lost', 'void', 'half_won']);
  });

  it('names a leg placed before names were recorded from the match the catalogue keeps', async () => {
    const pick = freshPick(1);
    const outrightMatch = outrightEvent();
    const outrightPlay = outrightMatch.markets.find((market) => market.status === 'active');
    const outright = book.pick(outrightMatch, outrightPlay?.playId);
    const placed = [
      expectOk(await placeBet(testApp, member, single(pick, 1_000))),
      expectOk(await placeBet(testApp, member, single(outright, 1_000))),
    ];
    const { db } = testApp.database;
    const ids = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        inArray(
          orders.orderNo,
          placed.map((order) => order.orderNo),
        ),
      );
    // As migration 0021 left the legs it found: every name empty.
    await db
      .update(orderLegs)
      .set({ homeName: '', awayName: '', leagueName: '', outcomeName: '' })
      .where(
        inArray(
          orderLegs.orderId,
          ids.map((row) => row.id),
        ),
      );
    // The catalogue holds the events as the feed's process records them.
    const at = Date.now();
    results.recorder.recordSnapshot(
      { timestamp: at, speed: 1, events: [pick.event, outright.event] },
      results.feed.simulator.sports(),
      { callerTime: at, feedTime: at },
    );
    await results.recorder.flush();
    // A match's outcomes are worded by the clients; a runner is named after its competitor.
    const { optName: _worded, ...names } = namesOf(pick);
    const [single1, outright1] = placed;
    expect((await listed(single1?.orderNo ?? '', false)).legs[0]).toMatchObject(names);
    expect((await listed(outright1?.orderNo ?? '', false)).legs[0]).toMatchObject(
      namesOf(outright),
    );
    expect((await listed(outright1?.orderNo ?? '', false, 'en')).legs[0]).toMatchObject({
      home: outright.event.fixture.name,
      away: '',
      leagueName: outright.event.fixture.league.name,
      optName: namesOf(outright, 'en').optName,
    });

    // An event the catalogue never held leaves the names empty: the web words the sides itself.
    await db
      .update(orderLegs)
      .set({ eventId: -1 })
      .where(
        inArray(
          orderLegs.orderId,
          ids.map((row) => row.id),
        ),
      );
    expect((await listed(single1?.orderNo ?? '', false)).legs[0]).toMatchObject({
      home: '',
      away: '',
      leagueName: '',
    });
  });
});

/** An outright to come with an open market, picked from the still world by kind. */
function outrightEvent(): EventSnapshot {
  const found = results.feed.simulator
    .snapshot()
    .events.find(
      (event) =>
        event.fixture.kind === 'outright' &&
        event.status.status === 'not_started' &&
        event.markets.some((market) => market.status === 'active'),
    );
  if (!found) throw new Error('the world has no open outright');
  return found;
}
