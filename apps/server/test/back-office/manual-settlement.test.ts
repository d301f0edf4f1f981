import { type AuditEntry, orderStatus } from '@sb/contract';
import { count } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../../src/modules/ledger/ledger.schema';
import { adminCall, roleTokens } from '../operators/helpers';
import {
  type Answer,
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
} from '../settlement/helpers';
import type { TestApp } from '../test-app';

/**
 * Settlement by hand on the trading desk: a trader gives every outcome's result, the bets on the
 * market settle through the feed's own settlement path, a repeat changes nothing, a resettlement
 * reverses the earlier payouts exactly, and the feed cannot settle the market again.
 */

let results: Awaited<ReturnType<typeof createSettlementTestApp>>;
let testApp: TestApp;
let book: Book;
let trader: string;
let finance: string;
let admin: string;
let nextEvent = 0;

beforeAll(async () => {
  results = await createSettlementTestApp();
  ({ testApp, book } = results);
  const now = results.feed.now().getTime();
  ({ trader, finance, admin } = await roleTokens(testApp, now));
});
afterEach(() => expectLedgerBalanced(testApp));
afterAll(() => testApp.close());

interface SettleAnswer {
  version: number;
  applied: boolean;
  ordersChanged: number;
}

const settle = (fields: Record<string, unknown>, bearer = trader) =>
  adminCall<SettleAnswer>(testApp, '/admin/api/trading/settle', { bearer, fields });

/** The 1X2 market of a pre-match event no other test touches, with a pick per outcome. */
function freshMarket() {
  let event = book.preMatchAt(nextEvent++);
  const isThreeWay = () =>
    event.markets.some(
      (market) =>
        market.playId === 3 &&
        market.status === 'active' &&
        market.outcomes.filter((outcome) => outcome.active && outcome.odds > 0).length === 3,
    );
  while (!isThreeWay()) event = book.preMatchAt(nextEvent++);
  const picks = [0, 1, 2].map((index) => book.pick(event, 3, index));
  const first = picks[0] as Pick;
  return {
    picks,
    market: {
      eventId: event.fixture.eventId,
      playId: first.market.playId,
      specifiers: first.market.specifiers,
    },
  };
}

/** Every outcome of the pick's market lost, except those given. */
function resultsOf(pick: Pick, given: Record<string, string>) {
  return pick.market.outcomes.map((outcome) => ({
    outcomeId: outcome.id,
    result: given[outcome.id] ?? 'lost',
  }));
}

const mainOf = async (member: TestMember) =>
  (await balanceOf(testApp, member.userId, cny.currencyId)).amount;

async function ledgerRows(): Promise<number> {
  const [row] = await testApp.database.db.select({ rows: count() }).from(ledgerTransactions);
  return row?.rows ?? 0;
}

async function betOn(pick: Pick, stake = 1_000) {
  const member = await fundedMember(testApp, 10_000);
  const order = expectOk(await placeBet(testApp, member, single(pick, stake)));
  expect(order.status).toBe(orderStatus.accepted);
  return { member, orderNo: order.orderNo, payout: order.potentialPayout };
}

async function auditOf(market: { eventId: number; playId: number; specifiers: string }) {
  const answer = await adminCall<{ entries: AuditEntry[] }>(testApp, '/admin/api/audit/list', {
    bearer: admin,
    fields: {
      targetType: 'market',
      targetId: `${market.eventId}:${market.playId}|${market.specifiers}`,
    },
  });
  expect(answer, answer.msg).toMatchObject({ code: 0 });
  return answer.data.entries;
}

describe('settling by hand', () => {
  it('settles every bet on the market once, closes it to bets, and audits the results', async () => {
    const { picks, market } = freshMarket();
    const [home, draw] = picks as [Pick, Pick];
    const winner = await betOn(home, 1_000);
    const loser = await betOn(draw, 2_000);

    const settled = await settle({
      ...market,
      outcomes: resultsOf(home, { [home.outcomeId]: 'won' }),
      reason: 'feed lost the result',
    });
    expect(settled, settled.msg).toMatchObject({
      code: 0,
      data: { version: 1, applied: true, ordersChanged: 2 },
    });
    expect(await mainOf(winner.member)).toBe(10_000 - 1_000 + winner.payout);
    expect(await mainOf(loser.member)).toBe(8_000);
    expect(await settlementState(testApp, winner.orderNo)).toMatchObject({
      status: orderStatus.settled,
      settlements: [{ version: 1, result: 'won', payoutMinor: winner.payout }],
    });
    expect(await settlementState(testApp, loser.orderNo)).toMatchObject({
      status: orderStatus.settled,
      settlements: [{ version: 1, result: 'lost', payoutMinor: 0 }],
    });

    // The same request again takes no second effect: no money, no audit entry.
    const rowsBefore = await ledgerRows();
    const again = await settle({
      ...market,
      outcomes: resultsOf(home, { [home.outcomeId]: 'won' }),
      reason: 'clicked twice',
    });
    expect(again, again.msg).toMatchObject({
      code: 0,
      data: { version: 1, applied: false, ordersChanged: 0 },
    });
    expect(await ledgerRows()).toBe(rowsBefore);
    expect(await mainOf(winner.member)).toBe(10_000 - 1_000 + winner.payout);

    // The market takes no more bets.
    const late = await fundedMember(testApp, 5_000);
    expectRefused(await placeBet(testApp, late, single(home)), 7004);
    expect(await mainOf(late)).toBe(5_000);

    const entries = await auditOf(market);
    expect(entries.map((entry) => entry.action)).toEqual(['market.settle']);
    expect(entries[0]).toMatchObject({
      reason: 'feed lost the result',
      before: null,
      after: {
        source: 'operator',
        version: 1,
        outcomes: expect.arrayContaining([
          { outcomeId: home.outcomeId, result: 1, voidFactor: 0, deadHeatFactor: 1 },
        ]),
      },
    });
  });

  it('resettles only when asked to, reversing the earlier payouts exactly', async () => {
    const { picks, market } = freshMarket();
    const [home, draw, away] = picks as [Pick, Pick, Pick];
    const homeBet = await betOn(home, 1_000);
    const drawBet = await betOn(draw, 1_000);
    const awayBet = await betOn(away, 1_000);
    expectOk(
      await settle({
        ...market,
        outcomes: resultsOf(home, { [home.outcomeId]: 'won' }),
        reason: 'result by phone',
      }),
    );
    expect(await mainOf(homeBet.member)).toBe(9_000 + homeBet.payout);

    // Other results without resettle: refused, nothing moves.
    const rowsBefore = await ledgerRows();
    const corrected = resultsOf(home, { [draw.outcomeId]: 'won', [away.outcomeId]: 'void' });
    const refused = await settle({ ...market, outcomes: corrected, reason: 'wrong team' });
    expectRefused(refused, 6008);
    expect(refused.msg).toContain('resettle');
    expect(await ledgerRows()).toBe(rowsBefore);

    const resettled = await settle({
      ...market,
      outcomes: corrected,
      resettle: true,
      reason: 'wrong team',
    });
    expect(resettled, resettled.msg).toMatchObject({
      code: 0,
      data: { version: 2, applied: true, ordersChanged: 3 },
    });
    // The home win is taken back whole, the draw now wins, the away bet is void.
    expect(await mainOf(homeBet.member)).toBe(9_000);
    expect(await mainOf(drawBet.member)).toBe(9_000 + drawBet.payout);
    expect(await mainOf(awayBet.member)).toBe(10_000);
    expect(await settlementState(testApp, homeBet.orderNo)).toMatchObject({
      status: orderStatus.settled,
      settlements: [
        { version: 1, result: 'won', rolledBackAt: expect.any(Date), unrecoveredMinor: 0 },
        { version: 2, result: 'lost', rolledBackAt: null },
      ],
    });
    expect((await settlementState(testApp, awayBet.orderNo)).status).toBe(orderStatus.void);

    const ledger = await adminCall<{ ok: boolean }>(testApp, '/admin/api/ledger/check', {
      bearer: finance,
    });
    expect(ledger, ledger.msg).toMatchObject({ code: 0, data: { ok: true } });

    const entries = await auditOf(market);
    expect(entries.map((entry) => entry.action)).toEqual(['market.resettle', 'market.settle']);
    expect(entries[0]).toMatchObject({
      reason: 'wrong team',
      before: { source: 'operator', version: 1 },
      after: { source: 'operator', version: 2 },
    });
  });

  it('keeps the feed from settling a market settled by hand, until an operator resettles', async () => {
    const { picks, market } = freshMarket();
    const [home] = picks as [Pick];
    const bet = await betOn(home, 1_000);
    expectOk(
      await settle({ ...market, outcomes: resultsOf(home, {}), reason: 'home did not win' }),
    );
    expect(await mainOf(bet.member)).toBe(9_000);

    // The feed says home won, then takes its own result back: neither touches the bet.
    await results.send([results.settlement(home, { result: 1, voidFactor: 0 })]);
    expect(await mainOf(bet.member)).toBe(9_000);
    await results.send([results.rollback(home)]);
    await results.worker.sweep();
    expect(await mainOf(bet.member)).toBe(9_000);
    expect(await settlementState(testApp, bet.orderNo)).toMatchObject({
      status: orderStatus.settled,
      settlements: [{ version: 1, result: 'lost', rolledBackAt: null }],
    });
  });

  it('resettles a market the feed settled, and pays half wins and dead heats', async () => {
    const { picks, market } = freshMarket();
    const [home, draw] = picks as [Pick, Pick];
    const homeBet = await betOn(home, 1_000);
    const drawBet = await betOn(draw, 1_000);
    await results.send([results.settlement(home, { result: 1, voidFactor: 0 })]);
    expect(await mainOf(homeBet.member)).toBe(9_000 + homeBet.payout);

    expectRefused(
      await settle({ ...market, outcomes: resultsOf(home, {}), reason: 'feed was wrong' }),
      6008,
    );
    const answer = await settle({
      ...market,
      outcomes: resultsOf(home, {
        [home.outcomeId]: 'half_won',
        [draw.outcomeId]: 'won',
      }).map((outcome) =>
        outcome.outcomeId === draw.outcomeId ? { ...outcome, deadHeatFactor: 0.5 } : outcome,
      ),
      resettle: true,
      reason: 'feed was wrong',
    });
    expect(answer, answer.msg).toMatchObject({ code: 0, data: { version: 1, applied: true } });
    const homeOdds = (homeBet.payout * 10_000) / 1_000;
    const drawOdds = (drawBet.payout * 10_000) / 1_000;
    expect(await mainOf(homeBet.member)).toBe(
      9_000 + Math.floor((1_000 * (homeOdds + 10_000)) / 20_000),
    );
    expect(await mainOf(drawBet.member)).toBe(9_000 + Math.floor((1_000 * drawOdds) / 20_000));
    const entries = await auditOf(market);
    expect(entries[0]).toMatchObject({
      action: 'market.resettle',
      before: { source: 'feed' },
      after: { source: 'operator', version: 1 },
    });
  });
});

describe('refusals', () => {
  it('names bad outcomes and changes nothing', async () => {
    const { picks, market } = freshMarket();
    const [home] = picks as [Pick];
    const bet = await betOn(home, 1_000);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ outcomes: resultsOf(home, {}).slice(1) }, 1000, 'no result for'],
      [
        { outcomes: [...resultsOf(home, {}), { outcomeId: 'nobody', result: 'won' }] },
        1000,
        'nobody',
      ],
      [
        { outcomes: [...resultsOf(home, {}), { outcomeId: home.outcomeId, result: 'won' }] },
        1000,
        'twice',
      ],
      [
        {
          outcomes: resultsOf(home, {}).map((outcome) => ({ ...outcome, deadHeatFactor: 0.5 })),
        },
        1000,
        'deadHeatFactor',
      ],
      [{ outcomes: resultsOf(home, { [home.outcomeId]: 'maybe' }) }, 1000, 'result'],
      [{ outcomes: resultsOf(home, {}), playId: 424_242 }, 1002, 'playId'],
      [{ outcomes: resultsOf(home, {}), eventId: 999_999_999 }, 1002, 'eventId'],
    ];
    for (const [fields, code, text] of cases) {
      const answer = await settle({ ...market, reason: 'x', ...fields });
      expectRefused(answer, code);
      expect(answer.msg).toContain(text);
    }
    expect(await mainOf(bet.member)).toBe(9_000);
    expect((await settlementState(testApp, bet.orderNo)).status).toBe(orderStatus.accepted);
    expect(await auditOf(market)).toEqual([]);
  });

  it('refuses a voided market, operators without the trader role, and member tokens', async () => {
    const { picks, market } = freshMarket();
    const [home] = picks as [Pick];
    const fields = { ...market, outcomes: resultsOf(home, {}), reason: 'x' };
    expectRefused(await settle(fields, finance), 6005);
    const member = await fundedMember(testApp, 0);
    const asMember: Answer = await testApp.call('/admin/api/trading/settle', {
      ...member.auth,
      ...fields,
    });
    expectRefused(asMember, 6004);
    expect(await auditOf(market)).toEqual([]);

    const voided = await adminCall(testApp, '/admin/api/trading/void', {
      bearer: trader,
      fields: { ...market, reason: 'bad line' },
    });
    expect(voided, voided.msg).toMatchObject({ code: 0 });
    const afterVoid = await settle({ ...fields, resettle: true });
    expectRefused(afterVoid, 1000);
    expect(afterVoid.msg).toContain('voided');
  });
});
