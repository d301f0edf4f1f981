import { orderStatus } from '@sb/contract';
import type { FeedMessage, SettledOutcome } from '@sb/feed-sim';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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
  settlementState,
  single,
  stakesHeld,
} from './helpers';

/**
 * Football's newer markets (plays 20-27) go through the same order and settlement as the 1X2:
 * a bet is accepted on the feed's option, settled from the feed's results and paid through the
 * ledger, a draw no bet returned on a draw.
 */

let testApp: TestApp;
let book: Book;
let results: Awaited<ReturnType<typeof createSettlementTestApp>>;

beforeAll(async () => {
  results = await createSettlementTestApp();
  ({ testApp, book } = results);
});
afterEach(() => expectLedgerBalanced(testApp));
afterAll(() => testApp.close());

const FOOTBALL = 1;
const footballEvents = () => book.preMatch().filter((e) => e.fixture.sportId === FOOTBALL);

/** The open market of a play on the `index`th football match, outcome `outcomeId`. */
function pickOn(index: number, playId: number, outcomeId: string): Pick {
  const event = footballEvents()[index];
  if (!event) throw new Error(`no football match ${index}`);
  const market = event.markets.find((m) => m.playId === playId && m.status === 'active');
  const outcomeIndex = market?.outcomes.findIndex((o) => o.id === outcomeId) ?? -1;
  if (outcomeIndex < 0) throw new Error(`no ${playId}/${outcomeId} on ${event.fixture.eventId}`);
  return book.pick(event, playId, outcomeIndex);
}

/** A settlement of the pick's whole market with every outcome as given. */
function settledAs(pick: Pick, outcomes: Record<string, Omit<SettledOutcome, 'id'>>): FeedMessage {
  const message = results.settlement(pick, { result: 0, voidFactor: 0 });
  if (message.type !== 'bet_settlement') throw new Error('not a settlement');
  const [market] = message.markets;
  if (!market) throw new Error('no market');
  return {
    ...message,
    markets: [
      {
        ...market,
        outcomes: market.outcomes.map((o) => ({ id: o.id, ...(outcomes[o.id] ?? o) })),
      },
    ],
  };
}

const mainOf = async (userId: number) => (await balanceOf(testApp, userId, cny.currencyId)).amount;

describe('football markets beyond the 1X2', () => {
  it('pays a double chance bet stake × odds when it wins', async () => {
    const member = await fundedMember(testApp, 10_000);
    const pick = pickOn(0, 21, 'home_draw');
    const held = await stakesHeld(testApp);
    const order = expectOk(await placeBet(testApp, member, single(pick, 1_000)));
    expect(order.status).toBe(orderStatus.accepted);
    expect(await mainOf(member.userId)).toBe(9_000);
    const odds = order.legs[0]?.odds ?? 0;
    await results.send([
      settledAs(pick, {
        home_draw: { result: 1, voidFactor: 0 },
        home_away: { result: 1, voidFactor: 0 },
        draw_away: { result: 0, voidFactor: 0 },
      }),
    ]);
    const payout = Math.floor((1_000 * odds) / 10_000);
    const state = await settlementState(testApp, order.orderNo);
    expect(state.status).toBe(orderStatus.settled);
    expect(state.settlements[0]).toMatchObject({ result: 'won', payoutMinor: payout });
    expect(await mainOf(member.userId)).toBe(9_000 + payout);
    expect(await stakesHeld(testApp)).toBe(held);
  });

  it('returns a draw no bet stake on a draw', async () => {
    const member = await fundedMember(testApp, 10_000);
    const pick = pickOn(1, 22, 'home');
    const order = expectOk(await placeBet(testApp, member, single(pick, 2_000)));
    expect(order.status).toBe(orderStatus.accepted);
    await results.send([
      settledAs(pick, {
        home: { result: 0, voidFactor: 1 },
        away: { result: 0, voidFactor: 1 },
      }),
    ]);
    const state = await settlementState(testApp, order.orderNo);
    expect(state.status).toBe(orderStatus.void);
    expect(state.settlements[0]).toMatchObject({ result: 'void', payoutMinor: 2_000 });
    expect(await mainOf(member.userId)).toBe(10_000);
  });

  it('settles a total cards line and a half-time/full-time bet lost', async () => {
    const member = await fundedMember(testApp, 10_000);
    const cards = pickOn(2, 27, 'over');
    const halfFull = pickOn(3, 25, 'draw/draw');
    const onCards = expectOk(await placeBet(testApp, member, single(cards, 1_000)));
    const onHalfFull = expectOk(await placeBet(testApp, member, single(halfFull, 500)));
    await results.send([
      settledAs(cards, { over: { result: 1, voidFactor: 0 }, under: { result: 0, voidFactor: 0 } }),
      results.settlement(halfFull, { result: 0, voidFactor: 0 }),
    ]);
    const payout = Math.floor((1_000 * (onCards.legs[0]?.odds ?? 0)) / 10_000);
    expect((await settlementState(testApp, onCards.orderNo)).settlements[0]).toMatchObject({
      result: 'won',
      payoutMinor: payout,
    });
    expect((await settlementState(testApp, onHalfFull.orderNo)).settlements[0]).toMatchObject({
      result: 'lost',
      payoutMinor: 0,
    });
    expect(await mainOf(member.userId)).toBe(10_000 - 1_000 - 500 + payout);
  });
});
