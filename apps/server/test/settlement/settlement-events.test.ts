import {
  appSocketPath,
  type BalanceEvent,
  type BetStatusEvent,
  balanceEventSchema,
  betStatus,
  betStatusEventSchema,
  orderStatus,
} from '@sb/contract';
import type { BetCancelMessage, FeedMessage } from '@sb/feed-sim';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect, type RecordingSocket } from '../realtime/helpers';
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
  settlementState,
  single,
  stakesHeld,
  type TestMember,
} from './helpers';

let testApp: TestApp;
let book: Book;
let results: Awaited<ReturnType<typeof createSettlementTestApp>>;
let url: string;
let nextEvent = 0;
const sockets: RecordingSocket[] = [];
/** An event no other test touches. */
const freshEvent = () => book.preMatchAt(nextEvent++);

beforeAll(async () => {
  results = await createSettlementTestApp();
  ({ testApp, book } = results);
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  url = `http://127.0.0.1:${address.port}`;
});
afterEach(() => expectLedgerBalanced(testApp));
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await testApp.close();
});

const mainOf = async (member: TestMember) =>
  (await balanceOf(testApp, member.userId, cny.currencyId)).amount;

async function betOn(member: TestMember, bet: unknown) {
  const order = expectOk(await placeBet(testApp, member, bet));
  expect(order.status).toBe(orderStatus.accepted);
  return order;
}

describe('settlement reaches the member’s sockets', () => {
  it('sends H with bs 3 for the settled order, then the new balance', async () => {
    const member = await fundedMember(testApp, 10_000);
    const socket = await connect(url, { path: appSocketPath, query: member.auth });
    sockets.push(socket);
    const pick = book.pick(freshEvent());
    const order = await betOn(member, single(pick, 1_000));
    const won = Math.floor((1_000 * (order.legs[0]?.odds ?? 0)) / 10_000);
    // The placement's own H (accepted) comes first.
    await socket.next<BetStatusEvent>('H', (h) => h.orderNo === order.orderNo);
    const since = socket.mark();
    await results.send([results.settlement(pick, { result: 1, voidFactor: 0 })]);

    const settled = await socket.next<BetStatusEvent>('H', (h) => h.orderNo === order.orderNo, {
      since,
    });
    expect(betStatusEventSchema.parse(settled)).toEqual({
      orderNo: order.orderNo,
      oi: pick.optId,
      bs: betStatus.settled,
      mr: 0,
    });
    const balance = balanceEventSchema.parse(
      await socket.next<BalanceEvent>(
        'balance',
        // The placement's own push (9000) may still arrive after the mark.
        (entries) =>
          entries.some(
            (entry) => entry.currencyId === cny.currencyId && entry.amount === 9_000 + won,
          ),
        { since },
      ),
    );
    expect(balance.find((entry) => entry.currencyId === cny.currencyId)?.amount).toBe(9_000 + won);
    expect(await mainOf(member)).toBe(9_000 + won);
  });
});

describe('cancellations', () => {
  it('a rollback of a bet cancel holds the stake again, and the settlement then pays', async () => {
    const member = await fundedMember(testApp, 10_000);
    const pick = book.pick(freshEvent());
    const order = await betOn(member, single(pick, 1_000));
    const heldBefore = await stakesHeld(testApp);

    await results.send([results.cancel(pick)]);
    let state = await settlementState(testApp, order.orderNo);
    expect(state.status).toBe(orderStatus.void);
    expect(state.settlements.map((row) => [row.result, row.payoutMinor])).toEqual([
      ['void', 1_000],
    ]);
    expect(await mainOf(member)).toBe(10_000);
    expect(await stakesHeld(testApp)).toBe(heldBefore - 1_000);

    // The cancel's markets and window, withdrawn (the next seq of the event, as the feed numbers).
    const { reason: _reason, ...cancelled } = results.cancel(pick) as BetCancelMessage;
    const rollback: FeedMessage = { ...cancelled, type: 'rollback_bet_cancel' };
    await results.send([rollback]);
    state = await settlementState(testApp, order.orderNo);
    expect(state.status).toBe(orderStatus.accepted);
    expect(state.settlements[0]?.rolledBackAt).not.toBeNull();
    expect(state.settlements[0]?.unrecoveredMinor).toBe(0);
    expect(await mainOf(member)).toBe(9_000);
    expect(await stakesHeld(testApp)).toBe(heldBefore);

    await results.send([results.settlement(pick, { result: 1, voidFactor: 0 })]);
    state = await settlementState(testApp, order.orderNo);
    expect(state.status).toBe(orderStatus.settled);
    expect(state.settlements.map((row) => [row.version, row.result])).toEqual([
      [1, 'void'],
      [2, 'won'],
    ]);
    const won = Math.floor((1_000 * (order.legs[0]?.odds ?? 0)) / 10_000);
    expect(await mainOf(member)).toBe(9_000 + won);
  });

  it('a whole-event cancel voids every market of the match and gives every stake back', async () => {
    const member = await fundedMember(testApp, 100_000);
    const event = freshEvent();
    const other = book.pick(freshEvent());
    const picks: Pick[] = event.markets
      .filter((market) => market.status === 'active')
      .slice(0, 3)
      .map((market) => book.pick(event, market.playId));
    expect(picks.length).toBeGreaterThanOrEqual(2);
    const singles = [];
    for (const pick of picks) singles.push(await betOn(member, single(pick, 1_000)));
    // A parlay with a leg on the match: that leg counts 1, the other leg still decides it.
    const combined = await betOn(member, parlay([picks[0] as Pick, other], 2_000));
    expect(await mainOf(member)).toBe(100_000 - 1_000 * picks.length - 2_000);

    // No markets named: the whole event is cancelled.
    const wholeEvent: FeedMessage = {
      ...(results.cancel(picks[0] as Pick) as BetCancelMessage),
      reason: 'match_cancelled',
      markets: [],
    };
    await results.send([wholeEvent]);
    for (const order of singles) {
      const state = await settlementState(testApp, order.orderNo);
      expect(state.status).toBe(orderStatus.void);
      expect(state.settlements[0]).toMatchObject({ result: 'void', payoutMinor: 1_000 });
    }
    expect((await settlementState(testApp, combined.orderNo)).status).toBe(orderStatus.accepted);
    expect(await mainOf(member)).toBe(100_000 - 2_000);

    await results.send([results.settlement(other, { result: 1, voidFactor: 0 })]);
    const state = await settlementState(testApp, combined.orderNo);
    expect(state.status).toBe(orderStatus.settled);
    const otherOdds = combined.legs[1]?.odds ?? 0;
    expect(state.settlements[0]?.payoutMinor).toBe(Math.floor((2_000 * otherOdds) / 10_000));
  });
});
