import { orderStatus } from '@sb/contract';
import type { EventSnapshot } from '@sb/feed-sim';
import { SportIds } from '@sb/feed-sim';
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
  placeBet,
  settlementState,
  single,
  stakesHeld,
} from './helpers';

let testApp: TestApp;
let book: Book;
let results: Awaited<ReturnType<typeof createSettlementTestApp>>;

beforeAll(async () => {
  results = await createSettlementTestApp();
  ({ testApp, book } = results);
});
afterEach(() => expectLedgerBalanced(testApp));
afterAll(() => testApp.close());

/** The first pre-match match of a sport offering `playId`, from the book the server holds. */
function matchOffering(sportId: number, playId: number): EventSnapshot {
  const event = book
    .preMatch()
    .find(
      (entry) =>
        entry.fixture.sportId === sportId &&
        entry.markets.some((market) => market.playId === playId && market.status === 'active'),
    );
  if (!event) throw new Error(`no pre-match match of sport ${sportId} offers play ${playId}`);
  return event;
}

const mainOf = async (userId: number) => (await balanceOf(testApp, userId, cny.currencyId)).amount;

describe('bets on the markets members look for', () => {
  it('places a bet on a basketball quarter line, settles it and pays through the ledger', async () => {
    const member = await fundedMember(testApp, 10_000);
    const pick = book.pick(matchOffering(SportIds.Basketball, 40), 40);
    expect(pick.market.specifiers).toMatch(/^quarternr=\d\|hcp=-?\d+(\.5)?$/);
    const heldBefore = await stakesHeld(testApp);
    const order = expectOk(await placeBet(testApp, member, single(pick, 1_000)));
    expect(order.status).toBe(orderStatus.accepted);
    expect(order.legs[0]).toMatchObject({ playId: 40, specifiers: pick.market.specifiers });
    expect(await mainOf(member.userId)).toBe(9_000);

    await results.send([results.settlement(pick, { result: 1, voidFactor: 0 })]);
    const won = Math.floor((1_000 * (order.legs[0]?.odds ?? 0)) / 10_000);
    const state = await settlementState(testApp, order.orderNo);
    expect(state.status).toBe(orderStatus.settled);
    expect(state.settlements[0]).toMatchObject({ result: 'won', payoutMinor: won });
    expect(await mainOf(member.userId)).toBe(9_000 + won);
    expect(await stakesHeld(testApp)).toBe(heldBefore);
  });

  it('gives the stake back on an esports map that was never played', async () => {
    const member = await fundedMember(testApp, 10_000);
    const event = matchOffering(SportIds.Esports, 48);
    const thirdMapOnly = event.markets.filter(
      (market) => market.playId === 48 && market.specifiers === 'mapnr=3',
    );
    const thirdMap = book.pick({ ...event, markets: thirdMapOnly }, 48);
    const order = expectOk(await placeBet(testApp, member, single(thirdMap, 1_000)));
    expect(await mainOf(member.userId)).toBe(9_000);

    await results.send([results.settlement(thirdMap, { result: 0, voidFactor: 1 })]);
    const state = await settlementState(testApp, order.orderNo);
    expect(state.status).toBe(orderStatus.void);
    expect(state.settlements[0]).toMatchObject({ result: 'void', payoutMinor: 1_000 });
    expect(await mainOf(member.userId)).toBe(10_000);
  });
});
