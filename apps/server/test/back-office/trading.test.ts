import { type AuditEntry, orderStatus } from '@sb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue } from '../../src/modules/catalogue/catalogue.service';
import { adminCall, operatorToken, roleTokens } from '../operators/helpers';
import {
  type Answer,
  type Book,
  balanceOf,
  cny,
  countRows,
  createOrdersTestApp,
  expectLedgerBalanced,
  expectRefused,
  fundedMember,
  placeBet,
  single,
  type TestMember,
} from '../orders/helpers';
import { createTestApp, type TestApp } from '../test-app';

/**
 * The trading desk over HTTP: a trader suspends and reopens matches and markets (bets on them
 * are refused meanwhile, as for a feed suspension) and voids a market (its open bets settle
 * void, stakes back); each step is in the audit log with before and after.
 */

interface MarketView {
  playId: number;
  specifiers: string;
  isOpen: boolean;
  hold: { reason: string; operatorId: number } | null;
  outcomes: { id: string; liability: { currencyId: number; stake: number; payout: number }[] }[];
}
interface MatchView {
  eventId: number;
  hold: { reason: string } | null;
  markets: MarketView[];
}

let testApp: TestApp;
let book: Book;
let trader: string;
let finance: string;
let admin: string;
let member: TestMember;

beforeAll(async () => {
  const created = await createOrdersTestApp();
  testApp = created.testApp;
  book = created.book;
  const now = created.feed.now().getTime();
  ({ trader, finance, admin } = await roleTokens(testApp, now));
  member = await fundedMember(testApp, 100_000);
});
afterAll(() => testApp.close());

const call = <T>(path: string, fields: Record<string, unknown>, bearer = trader) =>
  adminCall<T>(testApp, path, { bearer, fields });

async function matchView(eventId: number): Promise<MatchView> {
  const answer = await call<MatchView>('/admin/api/trading/match', { eventId });
  expect(answer, answer.msg).toMatchObject({ code: 0 });
  return answer.data;
}

const marketOf = (view: MatchView, playId: number, specifiers = '') => {
  const market = view.markets.find((m) => m.playId === playId && m.specifiers === specifiers);
  if (!market) throw new Error(`no market ${playId} "${specifiers}" in the view`);
  return market;
};

async function auditOf(targetId: string): Promise<AuditEntry[]> {
  const answer = await adminCall<{ entries: AuditEntry[] }>(testApp, '/admin/api/audit/list', {
    bearer: admin,
    fields: { targetType: 'market', targetId },
  });
  expect(answer, answer.msg).toMatchObject({ code: 0 });
  return answer.data.entries;
}

describe('holds', () => {
  it('suspends a market: bets on it are refused and hold no money; reopening takes them again', async () => {
    const pick = book.pick(book.preMatchAt(0));
    const eventId = pick.event.fixture.eventId;
    const market = { eventId, playId: pick.market.playId, specifiers: pick.market.specifiers };

    const held = await call<{ applied: boolean; hold: { reason: string } | null }>(
      '/admin/api/trading/hold',
      { ...market, held: true, reason: 'price check' },
    );
    expect(held, held.msg).toMatchObject({ code: 0, data: { applied: true } });
    expect(held.data.hold?.reason).toBe('price check');
    expect(marketOf(await matchView(eventId), market.playId, market.specifiers)).toMatchObject({
      isOpen: false,
      hold: { reason: 'price check' },
    });

    const rowsBefore = await countRows(testApp);
    const balanceBefore = await balanceOf(testApp, member.userId, cny.currencyId);
    expectRefused(await placeBet(testApp, member, single(pick)), 7004);
    expect(await countRows(testApp)).toEqual(rowsBefore);
    expect(await balanceOf(testApp, member.userId, cny.currencyId)).toEqual(balanceBefore);

    // Holding a held market changes nothing and writes no second audit entry.
    const again = await call('/admin/api/trading/hold', { ...market, held: true, reason: 'x' });
    expect(again).toMatchObject({ code: 0, data: { applied: false } });

    const reopened = await call('/admin/api/trading/hold', {
      ...market,
      held: false,
      reason: 'price checked',
    });
    expect(reopened, reopened.msg).toMatchObject({ code: 0, data: { applied: true, hold: null } });
    const placed = await placeBet(testApp, member, single(pick));
    expect(placed, placed.msg).toMatchObject({ code: 0 });

    const targetId = `${eventId}:${market.playId}|${market.specifiers}`;
    const entries = await auditOf(targetId);
    expect(entries.map((entry) => entry.action)).toEqual(['market.reopen', 'market.suspend']);
    expect(entries[1]).toMatchObject({ before: null, after: { reason: 'price check' } });
    expect(entries[0]).toMatchObject({ before: { reason: 'price check' }, after: null });
  });

  it('suspends a whole match: every market reads closed until it reopens', async () => {
    const event = book.preMatchAt(1);
    const eventId = event.fixture.eventId;
    const held = await call('/admin/api/trading/hold', {
      eventId,
      held: true,
      reason: 'team news',
    });
    expect(held, held.msg).toMatchObject({ code: 0, data: { playId: 0, applied: true } });
    const view = await matchView(eventId);
    expect(view.hold?.reason).toBe('team news');
    expect(view.markets.length).toBeGreaterThan(3);
    expect(view.markets.every((market) => !market.isOpen)).toBe(true);
    expectRefused(await placeBet(testApp, member, single(book.pick(event, 3, 1))), 7004);

    await call('/admin/api/trading/hold', { eventId, held: false, reason: 'cleared' });
    const reopened = await matchView(eventId);
    expect(reopened.hold).toBeNull();
    expect(reopened.markets.some((market) => market.isOpen)).toBe(true);
  });
});

describe('voids', () => {
  it('voids a market: open bets on it settle void with their stake back, once', async () => {
    const pick = book.pick(book.preMatchAt(2));
    const eventId = pick.event.fixture.eventId;
    const market = { eventId, playId: pick.market.playId, specifiers: pick.market.specifiers };
    const bettor = await fundedMember(testApp, 50_000);
    const placed = await placeBet(testApp, bettor, single(pick, 2_000));
    expect(placed, placed.msg).toMatchObject({ code: 0 });
    expect(await balanceOf(testApp, bettor.userId, cny.currencyId)).toMatchObject({
      amount: 48_000,
    });

    const before = marketOf(await matchView(eventId), market.playId, market.specifiers);
    const exposure = before.outcomes.find((outcome) => outcome.id === pick.outcomeId);
    expect(exposure?.liability).toEqual([
      expect.objectContaining({ currencyId: cny.currencyId, stake: 2_000 }),
    ]);

    const voided = await call<{ ordersVoided: number; applied: boolean }>(
      '/admin/api/trading/void',
      { ...market, reason: 'wrong line offered' },
    );
    expect(voided, voided.msg).toMatchObject({ code: 0, data: { applied: true } });
    expect(voided.data.ordersVoided).toBeGreaterThanOrEqual(1);

    expect(await balanceOf(testApp, bettor.userId, cny.currencyId)).toMatchObject({
      amount: 50_000,
    });
    const list = await testApp.call<{ records: { orderNo: string; status: number }[] }>(
      '/trade/api/order/list',
      { ...bettor.auth, isSettled: true },
    );
    expect(list.data.records.find((order) => order.orderNo === placed.data.orderNo)?.status).toBe(
      orderStatus.void,
    );
    // The market takes no more bets.
    expectRefused(await placeBet(testApp, bettor, single(pick)), 7004);
    // A second void changes nothing.
    const again = await call('/admin/api/trading/void', { ...market, reason: 'again' });
    expect(again).toMatchObject({ code: 0, data: { applied: false, ordersVoided: 0 } });
    expect(await balanceOf(testApp, bettor.userId, cny.currencyId)).toMatchObject({
      amount: 50_000,
    });
    await expectLedgerBalanced(testApp);

    const entries = await auditOf(`${eventId}:${market.playId}|${market.specifiers}`);
    expect(entries.find((entry) => entry.action === 'market.void')).toMatchObject({
      reason: 'wrong line offered',
      before: { voided: false },
      after: { voided: true },
    });
    // The catalogue holds the void, so the settlement sweep would reach the same result.
    const cancellations = await createCatalogue(testApp.database.db).cancellationsOf(eventId);
    expect(cancellations.filter((row) => row.reason === 'operator_void')).toHaveLength(1);
  });
});

describe('matches off the book', () => {
  it('lists a match the book no longer holds while bets on it are open, shows them, and voids them', async () => {
    const pick = book.pick(book.preMatchAt(3));
    const eventId = pick.event.fixture.eventId;
    const market = { eventId, playId: pick.market.playId, specifiers: pick.market.specifiers };
    const bettor = await fundedMember(testApp, 10_000);
    const placed = await placeBet(testApp, bettor, single(pick, 1_500));
    expect(placed, placed.msg).toMatchObject({ code: 0 });
    // Another process of the deployment, started without a feed: its book is empty, as after
    // a restart, or hours after a match the feed never settled.
    const other = await createTestApp({ database: testApp.database });
    try {
      const otherTrader = await operatorToken(other, ['trader'], Date.now());
      const otherCall = <T>(path: string, fields: Record<string, unknown>) =>
        adminCall<T>(other, path, { bearer: otherTrader, fields });

      const listed = await otherCall<{
        records: { eventId: number; sportId: number; marketCount: number; name: string }[];
      }>('/admin/api/trading/matches', { state: 'offbook', size: 100 });
      expect(listed, listed.msg).toMatchObject({ code: 0 });
      expect(listed.data.records.find((record) => record.eventId === eventId)).toMatchObject({
        sportId: pick.event.fixture.sportId,
        marketCount: 1,
        name: `#${eventId}`,
      });
      // The first process's book holds the match: it is not off the book there.
      const here = await call<{ records: { eventId: number }[] }>('/admin/api/trading/matches', {
        state: 'offbook',
        size: 100,
      });
      expect(here.data.records.map((record) => record.eventId)).not.toContain(eventId);

      const detail = await otherCall<MatchView & { isOffBook: boolean }>(
        '/admin/api/trading/match',
        { eventId },
      );
      expect(detail, detail.msg).toMatchObject({ code: 0, data: { isOffBook: true } });
      const shown = marketOf(detail.data, market.playId, market.specifiers);
      expect(shown.isOpen).toBe(false);
      expect(shown.outcomes.find((outcome) => outcome.id === pick.outcomeId)?.liability).toEqual([
        expect.objectContaining({ currencyId: cny.currencyId, stake: 1_500 }),
      ]);
      // Off the book there is nothing to suspend.
      expectRefused(
        await otherCall('/admin/api/trading/hold', { ...market, held: true, reason: 'late' }),
        1002,
      );

      const voided = await otherCall<{ ordersVoided: number; applied: boolean }>(
        '/admin/api/trading/void',
        { ...market, reason: 'match abandoned' },
      );
      expect(voided, voided.msg).toMatchObject({
        code: 0,
        data: { applied: true, ordersVoided: 1 },
      });
      expect(await balanceOf(other, bettor.userId, cny.currencyId)).toMatchObject({
        amount: 10_000,
      });
      const after = await otherCall<{ records: { eventId: number }[] }>(
        '/admin/api/trading/matches',
        { state: 'offbook', size: 100 },
      );
      expect(after.data.records.map((record) => record.eventId)).not.toContain(eventId);
      await expectLedgerBalanced(other);
    } finally {
      await other.close();
    }
  });
});

describe('dashboard', () => {
  interface Dashboard {
    days: { day: string; turnover: number; ggr: number; deposits: number; withdrawals: number }[];
    openLiability: { orders: number; stake: number; payout: number };
  }
  const read = async () => {
    const answer = await call<Dashboard>('/admin/api/dashboard', {
      currencyId: cny.currencyId,
      days: 7,
    });
    expect(answer, answer.msg).toMatchObject({ code: 0 });
    expect(answer.data.days).toHaveLength(7);
    const today = answer.data.days.at(-1);
    if (!today) throw new Error('no days');
    return { today, open: answer.data.openLiability };
  };

  it("shows today's deposits and turnover from the ledger, and the open liability", async () => {
    const before = await read();
    const bettor = await fundedMember(testApp, 30_000);
    const pick = book.pick(book.preMatchAt(4));
    const placed = await placeBet(testApp, bettor, single(pick, 1_500));
    expect(placed, placed.msg).toMatchObject({ code: 0 });
    const after = await read();
    expect(after.today.deposits - before.today.deposits).toBe(30_000);
    expect(after.today.turnover - before.today.turnover).toBe(1_500);
    expect(after.today.ggr).toBe(before.today.ggr);
    expect(after.open.orders - before.open.orders).toBe(1);
    expect(after.open.stake - before.open.stake).toBe(1_500);
    expect(after.open.payout - before.open.payout).toBe(placed.data.potentialPayout);
    const bad = await call('/admin/api/dashboard', { currencyId: 999, days: 7 });
    expectRefused(bad, 1000);
    expect(bad.msg).toContain('currencyId');
  });
});

describe('refusals', () => {
  it('names the missing match or market and changes nothing', async () => {
    const unknown = await call<null>('/admin/api/trading/hold', {
      eventId: 999_999_999,
      held: true,
      reason: 'x',
    });
    expectRefused(unknown, 1002);
    expect(unknown.msg).toContain('eventId');
    const event = book.preMatchAt(3);
    const noMarket = await call<null>('/admin/api/trading/void', {
      eventId: event.fixture.eventId,
      playId: 424_242,
      reason: 'x',
    });
    expectRefused(noMarket, 1002);
    expect(noMarket.msg).toContain('playId');
    const noReason = await call<null>('/admin/api/trading/hold', {
      eventId: event.fixture.eventId,
      held: true,
    });
    expectRefused(noReason, 1000);
    expect(noReason.msg).toContain('reason');
    expect((await matchView(event.fixture.eventId)).hold).toBeNull();
  });

  it('refuses operators without the trader role and member tokens', async () => {
    const eventId = book.preMatchAt(0).fixture.eventId;
    const fields = { eventId, held: true, reason: 'x' };
    expectRefused(await call('/admin/api/trading/hold', fields, finance), 6005);
    const asMember: Answer = await testApp.call('/admin/api/trading/hold', {
      ...member.auth,
      ...fields,
    });
    expect(asMember.code).not.toBe(0);
    expect((await matchView(eventId)).hold).toBeNull();
  });

  it('lists matches live first, filtered by state and name', async () => {
    const all = await call<{ records: { eventId: number; status: string }[]; total: number }>(
      '/admin/api/trading/matches',
      { size: 100 },
    );
    expect(all, all.msg).toMatchObject({ code: 0 });
    expect(all.data.total).toBeGreaterThan(10);
    const firstNotLive = all.data.records.findIndex((record) => record.status !== 'live');
    const lastLive = all.data.records.map((record) => record.status).lastIndexOf('live');
    if (lastLive >= 0) expect(lastLive).toBeLessThan(firstNotLive);
    const live = await call<{ records: { status: string }[] }>('/admin/api/trading/matches', {
      state: 'live',
    });
    expect(live.data.records.every((record) => record.status === 'live')).toBe(true);
    const event = book.preMatchAt(0);
    const byName = await call<{ records: { eventId: number }[] }>('/admin/api/trading/matches', {
      q: event.fixture.name.slice(0, 12).toUpperCase(),
    });
    expect(byName.data.records.map((record) => record.eventId)).toContain(event.fixture.eventId);
  });
});
