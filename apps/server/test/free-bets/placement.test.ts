import {
  activityOrderCreate,
  envelopeCampaignCreate,
  errorCatalogue,
  orderCashOut,
  orderCashOutQuote,
  orderStatus,
} from '@sb/contract';
import { sealPayload } from '@sb/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountKinds } from '../../src/modules/ledger/accounts';
import { freeBetKinds, wagerKinds } from '../../src/modules/ledger/ledger.service';
import { orders } from '../../src/modules/orders/orders.schema';
import { createPicker } from '../bonus/helpers';
import { operatorToken } from '../operators/helpers';
import {
  activityFields,
  activityPost,
  createActivity,
  specialRule,
} from '../promotions/activity-helpers';
import { campaignFields, deskAction, deskCall, ok } from '../promotions/helpers';
import {
  cny,
  countRows,
  createSettlementTestApp,
  expectLedgerBalanced,
  fundedMember,
  type Pick,
  parlay,
  placeBet,
  single,
} from '../settlement/helpers';
import type { TestApp } from '../test-app';
import {
  freeBetBucket,
  freeBetCampaign,
  freeBetOf,
  freeBetsOf,
  freeSingle,
  grabFreeBet,
  mainOf,
  placeFree,
  refusalOf,
} from './helpers';

/**
 * Placing a bet with a free bet (docs/promotions.md, Free bets): the whole stake is the free
 * bet's amount, its odds at least the free bet's least odds, its currency the free bet's; the
 * free bet is the caller's own and available, locked and used in the order's transaction.
 */
let results: Awaited<ReturnType<typeof createSettlementTestApp>>;
let testApp: TestApp;
let pickAt: (min: number, max?: number) => Pick;
let finance: string;
let nowMs: () => number;

beforeAll(async () => {
  results = await createSettlementTestApp();
  testApp = results.testApp;
  pickAt = createPicker(results.book);
  nowMs = () => results.feed.now().getTime();
  finance = await operatorToken(testApp, ['finance'], nowMs());
});
afterEach(() => expectLedgerBalanced(testApp));
afterAll(() => testApp.close());

const codes = {
  notFound: errorCatalogue.FREE_BET_NOT_FOUND.code,
  notAvailable: errorCatalogue.FREE_BET_NOT_AVAILABLE.code,
  stake: errorCatalogue.FREE_BET_STAKE_MISMATCH.code,
  odds: errorCatalogue.FREE_BET_ODDS_TOO_LOW.code,
  noCashOut: errorCatalogue.FREE_BET_NO_CASH_OUT.code,
};

/** A member holding one free bet of 10.00 CNY (and `cash` of their own). */
async function holder(terms: { minOdds?: number; cash?: number } = {}) {
  const campaign = await freeBetCampaign(testApp, finance, nowMs(), {
    minOdds: terms.minOdds ?? 0,
  });
  const member = await fundedMember(testApp, terms.cash ?? 0);
  const id = await grabFreeBet(testApp, member, campaign.id);
  return { member, id, campaign };
}

describe('placing with a free bet', () => {
  it('stakes a single with the free bet: no cash moves, the order answers its freeBetId', async () => {
    const { member, id } = await holder({ cash: 5_000 });
    const order = await placeFree(testApp, member, freeSingle(pickAt(1.5), String(id)));
    expect(order).toMatchObject({ freeBetId: id, stake: 1_000, status: orderStatus.accepted });
    expect(await mainOf(testApp, member)).toBe(5_000);
    expect(await freeBetBucket(testApp, member)).toBe(0);
    const listed = await freeBetOf(testApp, member, id);
    expect(listed).toMatchObject({ status: 'used', orderNo: order.orderNo });
    expect(listed.usedAt).not.toBeNull();
  });

  it('stakes a parlay whose total odds reach the least odds', async () => {
    const { member, id } = await holder({ minOdds: 20_000 });
    const order = await placeFree(
      testApp,
      member,
      parlay([pickAt(1.5), pickAt(1.5)], 1_000, { freeBetId: id }),
    );
    expect(order.odds).toBeGreaterThanOrEqual(20_000);
  });

  it('places a bet of the member’s own money when freeBetId is an empty string', async () => {
    const member = await fundedMember(testApp, 5_000);
    const order = (await placeBet(testApp, member, single(pickAt(1.5), 1_000, { freeBetId: '' })))
      .data;
    expect(order).toMatchObject({ freeBetId: null, stake: 1_000 });
    expect(await mainOf(testApp, member)).toBe(4_000);
  });

  it('lists available free bets first, then used ones', async () => {
    const campaign = await freeBetCampaign(testApp, finance, nowMs());
    const member = await fundedMember(testApp, 0);
    const first = await grabFreeBet(testApp, member, campaign.id);
    const other = await freeBetCampaign(testApp, finance, nowMs());
    const second = await grabFreeBet(testApp, member, other.id);
    await placeFree(testApp, member, freeSingle(pickAt(1.5), first));
    const listed = await freeBetsOf(testApp, member);
    expect(listed.map((bet) => [bet.id, bet.status])).toEqual([
      [second, 'available'],
      [first, 'used'],
    ]);
    expect((await freeBetsOf(testApp, member, { status: 'used' })).map((bet) => bet.id)).toEqual([
      first,
    ]);
  });
});

describe('refusals', () => {
  it('refuses a stake other than the free bet’s amount, naming data.stake, and writes nothing', async () => {
    const { member, id } = await holder({ cash: 5_000 });
    const before = await countRows(testApp);
    const refused = refusalOf(await placeBet(testApp, member, freeSingle(pickAt(1.5), id, 900)));
    expect(refused.code).toBe(codes.stake);
    expect(refused.msg).toContain('data.stake');
    expect(refused.msg).toContain('1000');
    expect(await countRows(testApp)).toEqual(before);
    expect(await freeBetOf(testApp, member, id)).toMatchObject({ status: 'available' });
  });

  it('refuses odds below the free bet’s least odds, naming the field', async () => {
    const { member, id } = await holder({ minOdds: 30_000 });
    const refused = refusalOf(await placeBet(testApp, member, freeSingle(pickAt(1.2, 2.5), id)));
    expect(refused.code).toBe(codes.odds);
    expect(refused.msg).toContain('data.selections');
    expect(refused.msg).toContain('minOdds');
    expect(await freeBetOf(testApp, member, id)).toMatchObject({ status: 'available' });
  });

  it('answers another member’s free bet as an unknown one', async () => {
    const { id } = await holder();
    const stranger = await fundedMember(testApp, 5_000);
    const theirs = refusalOf(await placeBet(testApp, stranger, freeSingle(pickAt(1.5), id)));
    const unknown = refusalOf(
      await placeBet(testApp, stranger, freeSingle(pickAt(1.5), 987_654_321)),
    );
    expect(theirs.code).toBe(codes.notFound);
    expect(unknown.code).toBe(codes.notFound);
    expect(theirs.msg.replace(String(id), 'N')).toBe(unknown.msg.replace('987654321', 'N'));
    expect(await mainOf(testApp, stranger)).toBe(5_000);
  });

  it('refuses a free bet already used', async () => {
    const { member, id } = await holder();
    await placeFree(testApp, member, freeSingle(pickAt(1.5), id));
    const refused = refusalOf(await placeBet(testApp, member, freeSingle(pickAt(1.5), id)));
    expect(refused.code).toBe(codes.notAvailable);
  });

  it('refuses to cash out a free-bet order, quote and cash out alike', async () => {
    const { member, id } = await holder();
    const order = await placeFree(testApp, member, freeSingle(pickAt(1.5), id));
    const quote = await testApp.call(orderCashOutQuote.path, {
      ...member.auth,
      orderNo: order.orderNo,
    });
    expect(quote.code).toBe(codes.noCashOut);
    const cashOut = await testApp.call(orderCashOut.path, {
      ...member.auth,
      orderNo: order.orderNo,
      amount: 1,
      scale: 2,
    });
    expect(cashOut.code).toBe(codes.noCashOut);
    expect(await mainOf(testApp, member)).toBe(0);
  });

  it('refuses free-bet terms on a campaign that is not of free bets, and a free bet without days', async () => {
    const cash = await deskCall(
      testApp,
      finance,
      envelopeCampaignCreate.path,
      campaignFields({ freeBetMinOdds: 20_000 }),
    );
    expect(cash.code).toBe(errorCatalogue.INVALID_INPUT.code);
    expect(cash.msg).toContain('freeBetMinOdds');
    const noDays = await deskCall(
      testApp,
      finance,
      envelopeCampaignCreate.path,
      campaignFields({ money: 'free_bet', currencyId: cny.currencyId }),
    );
    expect(noDays.code).toBe(errorCatalogue.INVALID_INPUT.code);
    expect(noDays.msg).toContain('bonusDays');
  });
});

describe('one free bet, one order', () => {
  it('of two bets racing with one free bet, exactly one is placed', async () => {
    const { member, id } = await holder({ cash: 10_000 });
    const answers = await Promise.all([
      placeBet(testApp, member, freeSingle(pickAt(1.5), id)),
      placeBet(testApp, member, freeSingle(pickAt(1.5), id)),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, codes.notAvailable].sort());
    expect(await mainOf(testApp, member)).toBe(10_000);
    expect(await freeBetBucket(testApp, member)).toBe(0);
  });

  it('a replayed Idempotency-Key answers the same order', async () => {
    const { member, id } = await holder();
    const bet = freeSingle(pickAt(1.5), id);
    const first = await placeFree(testApp, member, bet, 'free-bet-key-1');
    const again = await placeFree(testApp, member, bet, 'free-bet-key-1');
    expect(again.orderNo).toBe(first.orderNo);
    const racing = await Promise.all([
      placeBet(testApp, member, bet, 'free-bet-key-1'),
      placeBet(testApp, member, bet, 'free-bet-key-1'),
    ]);
    expect(racing.map((answer) => (answer.data as { orderNo?: string })?.orderNo)).toEqual([
      first.orderNo,
      first.orderNo,
    ]);
  });
});

describe('the wagering record', () => {
  it('leaves free bets out: their stakes are no turnover and count towards no rollover', () => {
    for (const kind of freeBetKinds) expect(Object.keys(wagerKinds)).not.toContain(kind);
    for (const kind of freeBetKinds)
      expect(accountKinds.free_bet as readonly string[]).toContain(kind);
  });
});

describe('bets a free bet cannot stake, or that end before they stand', () => {
  it('gives the free bet back when a live bet is rejected at its acceptance', async () => {
    const { member, id } = await holder();
    const event = results.book.liveAt(0);
    const order = await placeFree(testApp, member, freeSingle(results.book.pick(event), id));
    expect(order.status).toBe(orderStatus.pending);
    expect(await freeBetBucket(testApp, member)).toBe(0);
    results.book.suspend(event);
    for (let tries = 0; tries < 100; tries += 1) {
      if ((await freeBetOf(testApp, member, id)).status === 'available') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await freeBetOf(testApp, member, id)).toMatchObject({ status: 'available' });
    expect(await freeBetBucket(testApp, member)).toBe(1_000);
    expect(await mainOf(testApp, member)).toBe(0);
  });

  it('rejects a live bet whose price fell below the free bet’s least odds in the delay', async () => {
    // A live outcome priced well above 1.40, so the free bet's least odds pass at placement.
    const event = results.book.liveAt(1);
    const market = event.markets.find((entry) => entry.playId === 3 && entry.status === 'active');
    const outcomes = market?.outcomes.filter((entry) => entry.active && entry.odds > 0) ?? [];
    const index = outcomes.findIndex((entry) => entry.odds >= 20_000);
    expect(index).toBeGreaterThanOrEqual(0);
    const pick = results.book.pick(event, 3, index);
    const { member, id } = await holder({ minOdds: 14_000 });
    // Any change is taken (acceptOdds 0), so only the free bet's rule can refuse the new price.
    const order = await placeFree(
      testApp,
      member,
      single(pick, 1_000, { freeBetId: id, acceptOdds: 0 }),
    );
    expect(order.status).toBe(orderStatus.pending);
    results.book.reprice(pick, 1.2);
    for (let tries = 0; tries < 100; tries += 1) {
      if ((await freeBetOf(testApp, member, id)).status === 'available') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await freeBetOf(testApp, member, id)).toMatchObject({ status: 'available' });
    const [row] = await testApp.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderNo, order.orderNo));
    expect(row).toMatchObject({ status: orderStatus.rejected });
    expect(await freeBetBucket(testApp, member)).toBe(1_000);
  });

  it('refuses a free bet on an activity’s special bet', async () => {
    const { member, id } = await holder({ cash: 5_000 });
    const pick = pickAt(1.5);
    const postId = await activityPost(testApp);
    const created = ok(
      await createActivity(
        testApp,
        finance,
        activityFields(nowMs(), postId, specialRule(pick, 5_000, 10_000)),
      ),
    );
    ok(await deskAction(testApp, finance, 'fund', created.id));
    const data = await sealPayload(member.auth.token, freeSingle(pick, id));
    const refused = await testApp.call(activityOrderCreate.path, {
      ...member.auth,
      id: created.id,
      data,
    });
    expect(refused.code).toBe(errorCatalogue.FREE_BET_NOT_ALLOWED.code);
    expect(await freeBetOf(testApp, member, id)).toMatchObject({ status: 'available' });
    expect(await mainOf(testApp, member)).toBe(5_000);
  });
});
