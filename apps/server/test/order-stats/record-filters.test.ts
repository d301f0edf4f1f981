import {
  betType,
  errorCatalogue,
  orderStatus,
  type SettlementRecord,
  settlementRecord,
  unsettledOrders,
} from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContractOutput } from '../identity/helpers';
import {
  type Answer,
  type Book,
  createOrdersTestApp,
  expectOk,
  expectRefused,
  fundedMember,
  type Pick,
  parlay,
  placeBet,
  single,
  type TestMember,
} from '../orders/helpers';
import type { TestApp } from '../test-app';
import { finishOrder } from './helpers';

/**
 * The records page's filter header on the two order lists: by sport (an order with a leg of it),
 * by one of the list's statuses and by bet type, done by the server with totals and pages that
 * follow the filter.
 */

const invalidInput = errorCatalogue.INVALID_INPUT.code;

let testApp: TestApp;
let alice: TestMember;
let bob: TestMember;
/** Two sports of the book, each with three pre-match events to bet on. */
let sportA: number;
let sportB: number;
/** Alice's orders by name; see beforeAll. */
const placed: Record<string, string> = {};

type Page = { records: SettlementRecord[]; total: number };
const list = (path: string, member: TestMember, fields: Record<string, unknown> = {}) =>
  testApp.call<Page>(path, { ...member.auth, ...fields }) as Promise<Answer<Page>>;
const orderNosOf = (page: Page) => page.records.map((record) => record.orderNo);

/** Picks on three distinct pre-match events of each of two sports. */
function picksBySport(book: Book): [number, Pick[]][] {
  const bySport = new Map<number, Pick[]>();
  for (const event of book.preMatch()) {
    const picks = bySport.get(event.fixture.sportId) ?? [];
    if (picks.length < 3) picks.push(book.pick(event));
    bySport.set(event.fixture.sportId, picks);
  }
  const sports = [...bySport].filter(([, picks]) => picks.length === 3).slice(0, 2);
  if (sports.length < 2) throw new Error('the book needs two sports with three events each');
  return sports;
}

beforeAll(async () => {
  const created = await createOrdersTestApp();
  testApp = created.testApp;
  alice = await fundedMember(testApp, 1_000_000);
  bob = await fundedMember(testApp, 1_000_000);
  const [[firstSport, a], [secondSport, b]] = picksBySport(created.book) as [
    [number, Pick[]],
    [number, Pick[]],
  ];
  sportA = firstSport;
  sportB = secondSport;
  const [a1, a2, a3] = a as [Pick, Pick, Pick];
  const [b1, b2, b3] = b as [Pick, Pick, Pick];
  // Placed oldest first, so each list reads newest first in the reverse of this order.
  const plan: [string, ReturnType<typeof single>, number | null][] = [
    ['singleASettled', single(a1, 1_000), orderStatus.settled],
    ['singleBSettled', single(b1, 1_100), orderStatus.settled],
    ['parlayABSettled', parlay([a2, b2], 1_200), orderStatus.settled],
    ['singleBCashedOut', single(b3, 1_300), orderStatus.cashedOut],
    ['singleAVoid', single(a3, 1_400), orderStatus.void],
    ['singleAOpen', single(a1, 1_500), null],
    ['parlayABOpen', parlay([a3, b1], 1_600), null],
    ['singleBOpen', single(b2, 1_700), null],
  ];
  for (const [name, bet, status] of plan) {
    const order = expectOk(await placeBet(testApp, alice, bet));
    placed[name] = order.orderNo;
    if (status !== null) {
      const payout = status === orderStatus.void ? order.stake : 0;
      await finishOrder(
        testApp,
        { orderNo: order.orderNo, stake: order.stake, userId: alice.userId },
        status,
        payout,
      );
    }
  }
  // Bob bets on both sports too; his orders never show in Alice's lists.
  expectOk(await placeBet(testApp, bob, single(a1, 1_000)));
  expectOk(await placeBet(testApp, bob, parlay([a2, b3], 1_000)));
});
afterAll(() => testApp.close());

describe('settled records filtered by the server', () => {
  it('by sport: every order with a leg of it, singles and parlays', async () => {
    const ofA = expectOk(await list(settlementRecord.path, alice, { sportId: sportA }));
    expectContractOutput(settlementRecord, ofA);
    expect(orderNosOf(ofA)).toEqual([
      placed.singleAVoid,
      placed.parlayABSettled,
      placed.singleASettled,
    ]);
    expect(ofA.total).toBe(3);
    const ofB = expectOk(await list(settlementRecord.path, alice, { sportId: sportB }));
    expect(orderNosOf(ofB)).toEqual([
      placed.singleBCashedOut,
      placed.parlayABSettled,
      placed.singleBSettled,
    ]);
  });

  it('by status, among the settled ones', async () => {
    const cashedOut = expectOk(
      await list(settlementRecord.path, alice, { status: orderStatus.cashedOut }),
    );
    expect(orderNosOf(cashedOut)).toEqual([placed.singleBCashedOut]);
    const settled = expectOk(
      await list(settlementRecord.path, alice, { status: orderStatus.settled }),
    );
    expect(orderNosOf(settled)).toEqual([
      placed.parlayABSettled,
      placed.singleBSettled,
      placed.singleASettled,
    ]);
  });

  it('by bet type', async () => {
    const parlays = expectOk(await list(settlementRecord.path, alice, { betType: betType.parlay }));
    expect(orderNosOf(parlays)).toEqual([placed.parlayABSettled]);
    const singles = expectOk(await list(settlementRecord.path, alice, { betType: betType.single }));
    expect(singles.total).toBe(4);
    expect(singles.records.every((record) => record.betType === betType.single)).toBe(true);
  });

  it('by all three at once, as form fields too', async () => {
    const narrowed = expectOk(
      await list(settlementRecord.path, alice, {
        sportId: String(sportA),
        status: String(orderStatus.settled),
        betType: String(betType.single),
      }),
    );
    expect(orderNosOf(narrowed)).toEqual([placed.singleASettled]);
    const none = expectOk(
      await list(settlementRecord.path, alice, {
        sportId: sportA,
        status: orderStatus.cashedOut,
      }),
    );
    expect(none).toEqual({ records: [], total: 0 });
  });

  it('pages the filtered list, its total counting only what matches', async () => {
    const pages = [];
    for (const page of [1, 2, 3])
      pages.push(
        expectOk(await list(settlementRecord.path, alice, { sportId: sportA, size: 1, page })),
      );
    expect(pages.map((page) => page.total)).toEqual([3, 3, 3]);
    expect(pages.flatMap(orderNosOf)).toEqual([
      placed.singleAVoid,
      placed.parlayABSettled,
      placed.singleASettled,
    ]);
  });
});

describe('open orders filtered by the server', () => {
  it('by sport and bet type', async () => {
    const ofB = expectOk(await list(unsettledOrders.path, alice, { sportId: sportB }));
    expectContractOutput(unsettledOrders, ofB);
    expect(orderNosOf(ofB)).toEqual([placed.singleBOpen, placed.parlayABOpen]);
    const parlays = expectOk(await list(unsettledOrders.path, alice, { betType: betType.parlay }));
    expect(orderNosOf(parlays)).toEqual([placed.parlayABOpen]);
  });

  it('by status: pre-match bets are accepted at once, none is pending', async () => {
    const accepted = expectOk(
      await list(unsettledOrders.path, alice, { status: orderStatus.accepted }),
    );
    expect(accepted.total).toBe(3);
    const pending = expectOk(
      await list(unsettledOrders.path, alice, { status: orderStatus.pending }),
    );
    expect(pending).toEqual({ records: [], total: 0 });
  });

  it("never shows another member's orders", async () => {
    const bobs = expectOk(await list(unsettledOrders.path, bob, { sportId: sportA }));
    expect(bobs.total).toBe(2);
    expect(orderNosOf(bobs).some((orderNo) => Object.values(placed).includes(orderNo))).toBe(false);
  });
});

describe('filters out of range are refused by field', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    [settlementRecord.path, { status: orderStatus.accepted }, 'status'],
    [settlementRecord.path, { status: orderStatus.rejected }, 'status'],
    [unsettledOrders.path, { status: orderStatus.settled }, 'status'],
    [settlementRecord.path, { betType: 2 }, 'betType'],
    [unsettledOrders.path, { betType: 'parlay' }, 'betType'],
    [settlementRecord.path, { sportId: 0 }, 'sportId'],
    [unsettledOrders.path, { sportId: 'football' }, 'sportId'],
  ];
  it.each(cases)('%s refuses %j naming %s', async (path, fields, field) => {
    const answer = await list(path, alice, fields);
    expectRefused(answer, invalidInput);
    expect(answer.msg).toContain(field);
  });
});
