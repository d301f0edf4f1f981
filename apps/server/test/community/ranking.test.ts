import { errorCatalogue, type OrderRecord, orderStatus, type RankedTipster } from '@sb/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthenticatedUser } from '../../src/http/request-context';
import { createCommunityRepository } from '../../src/modules/community/community.repository';
import {
  communityShares,
  communityTipsterDays,
} from '../../src/modules/community/community.schema';
import {
  type CommunityService,
  createCommunityService,
} from '../../src/modules/community/community.service';
import { rankedEntry, rankScore } from '../../src/modules/community/tipster-ranking';
import { adminCall, operatorToken } from '../operators/helpers';
import {
  type Book,
  createSettlementTestApp,
  expectOk,
  expectRefused,
  fundedMember,
  type Pick,
  placeBet,
  single,
} from '../settlement/helpers';
import type { TestApp } from '../test-app';

type Ranking = { window: number; minOrders: number; records: RankedTipster[]; total: number };

let testApp: TestApp;
let book: Book;
let results: Awaited<ReturnType<typeof createSettlementTestApp>>;
let support: string;

// ---------------------------------------------------------------------------------------------
// The rules, on the real tables, with orders whose odds, kick-offs and endings the test chooses.
// Each case ranks its own sport, so the cases do not see each other's tipsters.
// ---------------------------------------------------------------------------------------------

const hour = 3_600_000;
const day = 24 * hour;
let clockMs = Date.parse('2026-06-15T12:00:00.000Z');
/** Far above the ids of the app's own users and orders, so the two never meet. */
let nextId = 1_000_000_000_000;
let nextSport = 9_000;
const records = new Map<number, OrderRecord>();
const orderIds = new Map<string, number>();
const kickOffs = new Map<number, number>();
/** Every status move of the fake orders, as `orders.updated_at` keeps them: id and time. */
const moves: { id: number; at: Date }[] = [];
/** Order ids the fake's `recordsById` was asked for, pass by pass. */
const asked: number[] = [];
let service: CommunityService;

/** Moves a fake order to a record, noting the move as the orders table does. */
function move(id: number, record: OrderRecord): void {
  records.set(id, record);
  moves.push({ id, at: new Date(clockMs) });
}

type Ending = 'won' | 'lost' | 'push' | 'void' | 'cashed_out';
interface Tip {
  sportId: number;
  ending: Ending;
  /** Decimal odds of the order. */
  odds?: number;
  /** The kick-off of the earliest leg, from the share's time. */
  kickOffIn?: number;
  privacy?: 'all' | 'no_amounts' | 'anonymous';
  /** A second leg kicking off later, of the same sport. */
  secondLegIn?: number;
}

const member = (userId: number): AuthenticatedUser =>
  ({ userId, memberId: userId }) as unknown as AuthenticatedUser;

/** Shares one order of the tipster now, ends it as told, and answers its share code. */
async function tip(userId: number, t: Tip): Promise<string> {
  const id = nextId++;
  const orderNo = `R${id}`;
  const oddsUnits = Math.round((t.odds ?? 2) * 10_000);
  const legAt = (gameId: number, at: number) => {
    kickOffs.set(gameId, at);
    return {
      optId: `opt${gameId}`,
      gameId,
      sportId: t.sportId,
      leagueId: 1,
      playId: 3,
      specifiers: '',
      outcomeId: '1',
      requestedOdds: oddsUnits,
      odds: oddsUnits,
      home: 'Home',
      away: 'Away',
      leagueName: 'League',
      optName: 'Home',
      result: null,
    };
  };
  const legs = [legAt(nextId++, clockMs + (t.kickOffIn ?? hour))];
  if (t.secondLegIn !== undefined) legs.push(legAt(nextId++, clockMs + t.secondLegIn));
  const record: OrderRecord = {
    orderNo,
    betType: legs.length > 1 ? 1 : 0,
    status: orderStatus.accepted,
    reason: 0,
    stake: 1_000,
    scale: 2,
    currencyId: 1,
    currencyCode: 'USD',
    odds: oddsUnits,
    potentialPayout: Math.floor((1_000 * oddsUnits) / 10_000),
    maxPayout: Math.floor((1_000 * oddsUnits) / 10_000),
    acceptOdds: 0,
    isLive: false,
    createTime: clockMs - 60_000,
    legs,
  };
  move(id, record);
  orderIds.set(orderNo, id);
  const shared = await service.share(
    member(userId),
    { orderNo, privacy: t.privacy ?? 'all', comment: '' },
    'en',
  );
  const payout = {
    won: record.potentialPayout,
    lost: 0,
    push: 1_000,
    void: 1_000,
    cashed_out: null,
  }[t.ending];
  const status = {
    won: orderStatus.settled,
    lost: orderStatus.settled,
    push: orderStatus.settled,
    void: orderStatus.void,
    cashed_out: orderStatus.cashedOut,
  }[t.ending];
  move(id, { ...record, status, maxPayout: payout });
  return shared.code;
}

async function tips(userId: number, n: number, t: Tip): Promise<string[]> {
  const codes: string[] = [];
  for (let index = 0; index < n; index += 1) codes.push(await tip(userId, t));
  return codes;
}

const newTipster = () => nextId++;
const newSport = () => nextSport++;

async function rank(window: 7 | 30 | 90, sportId: number, page = 1, size = 50) {
  await service.freezeSettled();
  return service.rank({ window, sportId, page, size });
}
const ids = (ranking: { records: RankedTipster[] }) =>
  ranking.records.map((record) => record.tipsterId);

/** The ranking's sums of one sport key recomputed from the shares themselves. */
async function fromScratch(sportId: number, fromMs: number) {
  const rows = await testApp.database.db.select().from(communityShares);
  const sums = new Map<number, { orders: number; wins: number; sumR: number; sumR2: number }>();
  for (const row of rows) {
    if (row.settledAt === null || row.settledAt.getTime() < fromMs) continue;
    if (!row.sportIds.includes(sportId)) continue;
    const entry = rankedEntry(row);
    if (!entry) continue;
    const sum = sums.get(row.userId) ?? { orders: 0, wins: 0, sumR: 0, sumR2: 0 };
    sum.orders += 1;
    sum.wins += entry.outcome === 'won' ? 1 : 0;
    sum.sumR += entry.r;
    sum.sumR2 += entry.r * entry.r;
    sums.set(row.userId, sum);
  }
  return sums;
}

/** A community service over the test's fake orders: one per process it stands for. */
const newService = () =>
  createCommunityService({
    repository: createCommunityRepository(testApp.database.db),
    orders: {
      memberOrder: async (_userId, orderNo) => {
        const id = orderIds.get(orderNo);
        const record = id === undefined ? undefined : records.get(id);
        return id === undefined || !record ? undefined : { id, record };
      },
      recordsById: async (wanted) => {
        asked.push(...wanted);
        const found = new Map<number, OrderRecord>();
        for (const id of wanted) {
          const record = records.get(id);
          if (record) found.set(id, record);
        }
        return found;
      },
      changedSince: async (since, after, limit) =>
        [...new Map(moves.map((entry) => [entry.id, entry])).values()]
          .filter((entry) => entry.at >= since)
          .sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id)
          .filter(
            (entry) =>
              !after ||
              entry.at > after.at ||
              (entry.at.getTime() === after.at.getTime() && entry.id > after.id),
          )
          .slice(0, limit),
    },
    kickOffOf: async (gameId) => kickOffs.get(gameId) ?? null,
    accountNames: async (userIds) => new Map(userIds.map((id) => [id, `tipster${id}`])),
    now: () => new Date(clockMs),
  });

beforeAll(async () => {
  results = await createSettlementTestApp();
  ({ testApp, book } = results);
  support = await operatorToken(testApp, ['support'], results.feed.now().getTime());
  service = newService();
});
afterAll(() => testApp.close());

// ---------------------------------------------------------------------------------------------
// The whole way: real bets, settled by the feed, frozen without anyone reading the shares.
// ---------------------------------------------------------------------------------------------

describe('the call', () => {
  it('ranks real settled shares frozen by the periodic pass, read in any dialect', async () => {
    const tipster = await fundedMember(testApp, 1_000_000);
    const picks: Pick[] = [];
    for (let index = 0; index < 20; index += 1) {
      const event = book.preMatchAt(index);
      const priced = event.markets
        .find((market) => market.playId === 3 && market.status === 'active')
        ?.outcomes.filter((outcome) => outcome.active && outcome.odds > 0).length;
      const pick = Array.from({ length: priced ?? 0 }, (_, outcome) =>
        book.pick(event, 3, outcome),
      ).find((candidate) => candidate.odds >= 1.5);
      if (!pick) throw new Error(`no outcome at 1.50 or more in event ${index}`);
      picks.push(pick);
      const order = expectOk(await placeBet(testApp, tipster, single(pick, 1_000)));
      expectOk(
        await testApp.call('/trade/order/share', { ...tipster.auth, orderNo: order.orderNo }),
      );
    }
    const sportId = picks[0]?.event.fixture.sportId ?? 0;
    const ofSport = picks.filter((pick) => pick.event.fixture.sportId === sportId).length;
    for (const pick of picks)
      await results.send([results.settlement(pick, { result: 1, voidFactor: 0 })]);
    // Nobody reads the shares: the module's pass freezes them (here, or its timer's run if the
    // file has been running for a minute; the pass is the same either way).
    await testApp.modules.community.freezeSettled();
    const every = expectOk(
      await testApp.call<Ranking>('/trade/order/master/rank', { window: '30' }),
    );
    expect(every.window).toBe(30);
    expect(every.records.find((record) => record.tipsterId === tipster.userId)).toMatchObject({
      orders: 20,
      wins: 20,
      winRate: 10_000,
      longestWinStreak: 20,
    });
    const bySport = expectOk(
      await testApp.call<Ranking>('/trade/order/master/rank', {
        window: 7,
        sportId: `${sportId}`,
      }),
    );
    const mine = bySport.records.find((record) => record.tipsterId === tipster.userId);
    if (ofSport >= 20) expect(mine).toMatchObject({ orders: ofSport });
    else expect(mine).toBeUndefined();

    const hidden = await adminCall(testApp, '/admin/api/community/tipster/hide', {
      bearer: support,
      fields: { tipsterId: tipster.userId, hidden: true, reason: 'test' },
    });
    expect(hidden.code).toBe(0);
    const after = expectOk(await testApp.call<Ranking>('/trade/order/master/rank', { window: 30 }));
    expect(after.records.some((record) => record.tipsterId === tipster.userId)).toBe(false);
  });

  it('refuses a window other than 7, 30 or 90, and an unknown field, naming them', async () => {
    for (const window of ['14', 0, 'week']) {
      const answer = await testApp.call('/trade/order/master/rank', { window });
      expectRefused(answer, errorCatalogue.INVALID_INPUT.code);
      expect(answer.msg).toContain('window');
    }
    expectRefused(
      await testApp.call('/trade/order/master/rank', {}),
      errorCatalogue.INVALID_INPUT.code,
    );
    const size = await testApp.call('/trade/order/master/rank', { window: 7, size: 51 });
    expectRefused(size, errorCatalogue.INVALID_INPUT.code);
    expect(size.msg).toContain('size');
    const unknown = await testApp.call('/trade/order/master/rank', { window: 7, sort: 'profit' });
    expectRefused(unknown, errorCatalogue.INVALID_INPUT.code);
    expect(unknown.msg).toContain('sort');
  });
});

describe('who is ranked', () => {
  it('ranks a tipster from 20 counted orders, not 19', async () => {
    const sportId = newSport();
    const twenty = newTipster();
    const nineteen = newTipster();
    await tips(twenty, 20, { sportId, ending: 'won' });
    await tips(nineteen, 19, { sportId, ending: 'won' });
    const ranking = await rank(30, sportId);
    expect(ids(ranking)).toEqual([twenty]);
    expect(ranking.records[0]).toMatchObject({ rank: 1, orders: 20, wins: 20, winRate: 10_000 });
    expect(ranking.minOrders).toBe(20);
    // One more order ranks the other.
    await tip(nineteen, { sportId, ending: 'lost' });
    expect((await rank(30, sportId)).records.map((r) => r.tipsterId).sort()).toEqual(
      [twenty, nineteen].sort(),
    );
  });

  it('counts orders at odds of 1.30, not 1.29', async () => {
    const sportId = newSport();
    const at130 = newTipster();
    const at129 = newTipster();
    await tips(at130, 20, { sportId, ending: 'won', odds: 1.3 });
    await tips(at129, 20, { sportId, ending: 'won', odds: 1.29 });
    await tips(at129, 19, { sportId, ending: 'won', odds: 1.3 });
    expect(ids(await rank(30, sportId))).toEqual([at130]);
  });

  it('counts only orders shared before their first match started', async () => {
    const sportId = newSport();
    const before = newTipster();
    const after = newTipster();
    await tips(before, 20, { sportId, ending: 'won', kickOffIn: 60_000 });
    await tips(after, 19, { sportId, ending: 'won', kickOffIn: 60_000 });
    // The earliest leg had started when shared, though the second had not.
    await tip(after, { sportId, ending: 'won', kickOffIn: -60_000, secondLegIn: hour });
    await tip(after, { sportId, ending: 'won', kickOffIn: 0 });
    expect(ids(await rank(30, sportId))).toEqual([before]);
  });

  it('leaves out cashed-out and void orders', async () => {
    const sportId = newSport();
    const counted = newTipster();
    const cashed = newTipster();
    const voided = newTipster();
    await tips(counted, 19, { sportId, ending: 'won' });
    await tip(counted, { sportId, ending: 'push' });
    await tips(cashed, 19, { sportId, ending: 'won' });
    await tip(cashed, { sportId, ending: 'cashed_out' });
    await tips(voided, 19, { sportId, ending: 'won' });
    await tip(voided, { sportId, ending: 'void' });
    const ranking = await rank(30, sportId);
    expect(ids(ranking)).toEqual([counted]);
    expect(ranking.records[0]).toMatchObject({ orders: 20, wins: 19, winRate: 10_000 });
  });

  it('leaves out anonymous shares, hidden shares and hidden tipsters', async () => {
    const sportId = newSport();
    const named = newTipster();
    const anonymous = newTipster();
    const hiddenShare = newTipster();
    const hiddenTipster = newTipster();
    await tips(named, 19, { sportId, ending: 'won' });
    await tip(named, { sportId, ending: 'won', privacy: 'no_amounts' });
    await tips(anonymous, 19, { sportId, ending: 'won' });
    await tip(anonymous, { sportId, ending: 'won', privacy: 'anonymous' });
    const [hiddenCode] = await tips(hiddenShare, 20, { sportId, ending: 'won' });
    await tips(hiddenTipster, 20, { sportId, ending: 'won' });
    expect(ids(await rank(30, sportId)).sort()).toEqual([named, hiddenShare, hiddenTipster].sort());

    const audit = async () => {};
    expect(await service.hideShare(hiddenCode ?? '', true, 1, audit)).toMatchObject({
      applied: true,
    });
    expect(await service.hideTipster(hiddenTipster, true, 1, audit)).toMatchObject({
      applied: true,
    });
    expect(ids(await rank(30, sportId))).toEqual([named]);
    // Shown again, both count again.
    await service.hideShare(hiddenCode ?? '', false, 1, audit);
    await service.hideTipster(hiddenTipster, false, 1, audit);
    expect(ids(await rank(30, sportId)).sort()).toEqual([named, hiddenShare, hiddenTipster].sort());
  });

  it('keeps a share withdrawn after kick-off, not one withdrawn before', async () => {
    const sportId = newSport();
    const late = newTipster();
    const early = newTipster();
    const lateCodes = await tips(late, 20, { sportId, ending: 'lost', kickOffIn: hour });
    const earlyCodes = await tips(early, 20, { sportId, ending: 'lost', kickOffIn: hour });
    await service.withdraw(member(early), earlyCodes[0] ?? '');
    clockMs += 2 * hour;
    await service.withdraw(member(late), lateCodes[0] ?? '');
    expect(ids(await rank(30, sportId))).toEqual([late]);
  });
});

describe('windows', () => {
  it('counts the orders settled within the last 7, 30 or 90 days', async () => {
    const sportId = newSport();
    const recent = newTipster();
    const month = newTipster();
    const quarter = newTipster();
    const start = clockMs;
    // Settled 80 days ago, 20 days ago and today; the window ends with today.
    await tips(quarter, 20, { sportId, ending: 'won' });
    await service.freezeSettled();
    clockMs = start + 60 * day;
    await tips(month, 20, { sportId, ending: 'won' });
    await service.freezeSettled();
    clockMs = start + 80 * day;
    await tips(recent, 20, { sportId, ending: 'won' });
    expect(ids(await rank(7, sportId))).toEqual([recent]);
    expect(ids(await rank(30, sportId)).sort()).toEqual([recent, month].sort());
    expect(ids(await rank(90, sportId)).sort()).toEqual([recent, month, quarter].sort());
    // Ten days on, the quarter's orders are 90 days old: out of the window.
    clockMs = start + 90 * day;
    expect(ids(await rank(90, sportId)).sort()).toEqual([recent, month].sort());
  });

  it('splits a window into days: a tipster ranked on the seventh day, not the eighth', async () => {
    const sportId = newSport();
    const tipster = newTipster();
    const start = clockMs;
    await tips(tipster, 10, { sportId, ending: 'won' });
    await service.freezeSettled();
    clockMs = start + 6 * day;
    await tips(tipster, 10, { sportId, ending: 'won' });
    expect(ids(await rank(7, sportId))).toEqual([tipster]);
    clockMs = start + 7 * day;
    expect(ids(await rank(7, sportId))).toEqual([]);
  });
});

describe('the score', () => {
  it('ranks a steady record above a few lucky long shots with more profit', async () => {
    const sportId = newSport();
    const lucky = newTipster();
    const steady = newTipster();
    // 3 wins at 10.00 in 20: profit 27 − 17 = +10 stakes, yield +50 %.
    await tips(lucky, 3, { sportId, ending: 'won', odds: 10 });
    await tips(lucky, 17, { sportId, ending: 'lost', odds: 10 });
    // 15 wins at 1.50 in 20: profit 7.5 − 5 = +2.5 stakes, yield +12.5 %.
    await tips(steady, 15, { sportId, ending: 'won', odds: 1.5 });
    await tips(steady, 5, { sportId, ending: 'lost', odds: 1.5 });
    const ranking = await rank(30, sportId);
    expect(ids(ranking)).toEqual([steady, lucky]);
    const [first, second] = ranking.records;
    expect(second).toMatchObject({ profit: 100_000, yield: 5_000, wins: 3 });
    expect(first).toMatchObject({ profit: 25_000, yield: 1_250, wins: 15, winRate: 7_500 });
    // By raw profit or yield the lucky one would be first.
    expect((second?.profit ?? 0) > (first?.profit ?? 0)).toBe(true);
    expect(first?.score).toBe(rankScore(20, 25_000, 15 * 5_000 ** 2 + 5 * 10_000 ** 2));
    expect(second?.score).toBe(rankScore(20, 100_000, 3 * 90_000 ** 2 + 17 * 10_000 ** 2));
    expect((first?.score ?? 0) > (second?.score ?? 0)).toBe(true);
  });

  it('breaks a tie of score and yield by orders, then by tipster id, and pages', async () => {
    const sportId = newSport();
    const [a, b, c] = [newTipster(), newTipster(), newTipster()];
    await tips(b, 20, { sportId, ending: 'won' });
    await tips(a, 20, { sportId, ending: 'won' });
    await tips(c, 21, { sportId, ending: 'won' });
    const ranking = await rank(30, sportId);
    expect(ids(ranking)).toEqual([c, a, b]);
    expect(ranking.records.map((record) => record.score)).toEqual([10_000, 10_000, 10_000]);
    const second = await rank(30, sportId, 2, 1);
    expect(second).toMatchObject({ total: 3 });
    expect(second.records).toEqual([{ ...ranking.records[1], rank: 2 }]);
  });

  it('counts the longest run of wins across days, pushes neither ending nor extending it', async () => {
    const sportId = newSport();
    const tipster = newTipster();
    await tips(tipster, 5, { sportId, ending: 'lost' });
    await tips(tipster, 3, { sportId, ending: 'won' });
    await service.freezeSettled();
    clockMs += day;
    await tips(tipster, 2, { sportId, ending: 'won' });
    await tip(tipster, { sportId, ending: 'push' });
    await tips(tipster, 2, { sportId, ending: 'won' });
    await service.freezeSettled();
    clockMs += day;
    await tips(tipster, 1, { sportId, ending: 'won' });
    await tips(tipster, 1, { sportId, ending: 'lost' });
    await tips(tipster, 4, { sportId, ending: 'won' });
    await tips(tipster, 1, { sportId, ending: 'lost' });
    const [record] = (await rank(30, sportId)).records;
    expect(record).toMatchObject({ orders: 20, wins: 12, longestWinStreak: 8 });
  });
});

describe('the aggregates', () => {
  it('equal a computation from the shares themselves, and a second freezing changes nothing', async () => {
    const sportId = newSport();
    const tipsters = [newTipster(), newTipster(), newTipster()];
    const endings: Ending[] = ['won', 'lost', 'push', 'void', 'cashed_out', 'lost', 'won'];
    for (let index = 0; index < 150; index += 1) {
      const userId = tipsters[index % 3] ?? 0;
      await tip(userId, {
        sportId,
        ending: endings[index % endings.length] ?? 'won',
        odds: 1.2 + (index % 9) * 0.35,
        kickOffIn: index % 11 === 0 ? -hour : hour,
        privacy: index % 13 === 0 ? 'anonymous' : 'all',
      });
      if (index % 30 === 29) {
        await service.freezeSettled();
        clockMs += day;
      }
    }
    const from = clockMs - 89 * day - (clockMs % day);
    const ranking = await rank(90, sportId);
    const daysOf = () =>
      testApp.database.db
        .select()
        .from(communityTipsterDays)
        .where(eq(communityTipsterDays.sportId, sportId))
        .orderBy(communityTipsterDays.userId, communityTipsterDays.day);
    // Rewriting a day again (a share hidden and shown) and a second pass change nothing.
    const before = await daysOf();
    const [someShare] = await testApp.database.db
      .select()
      .from(communityShares)
      .where(eq(communityShares.userId, tipsters[0] ?? 0))
      .limit(1);
    const audit = async () => {};
    await service.hideShare(someShare?.code ?? '', true, 1, audit);
    await service.hideShare(someShare?.code ?? '', false, 1, audit);
    expect(await service.freezeSettled()).toBe(0);
    expect(await daysOf()).toEqual(before);
    expect(await rank(90, sportId)).toEqual(ranking);

    const expected = await fromScratch(sportId, from);
    const days = before;
    for (const userId of tipsters) {
      const mine = days.filter((row) => row.userId === userId);
      const want = expected.get(userId) ?? { orders: 0, wins: 0, sumR: 0, sumR2: 0 };
      expect({
        orders: mine.reduce((n, row) => n + row.orders, 0),
        wins: mine.reduce((n, row) => n + row.wins, 0),
        sumR: mine.reduce((n, row) => n + row.sumR, 0),
        sumR2: mine.reduce((n, row) => n + row.sumR2, 0),
      }).toEqual(want);
      const ranked = ranking.records.find((record) => record.tipsterId === userId);
      if (want.orders >= 20) {
        expect(ranked).toMatchObject({
          orders: want.orders,
          wins: want.wins,
          profit: want.sumR,
          score: rankScore(want.orders, want.sumR, want.sumR2),
        });
      } else expect(ranked).toBeUndefined();
    }
    expect(ranking.records.length).toBeGreaterThan(0);
  });
});

describe('the freezing pass', () => {
  it('reads only the shares of orders changed since its last run', async () => {
    const sportId = newSport();
    const tipster = newTipster();
    await tips(tipster, 3, { sportId, ending: 'won' });
    await service.freezeSettled();
    // A pass reads again the orders moved within the overlap before the last pass began...
    clockMs += 10 * 60_000;
    await service.freezeSettled();
    // ...and once no order moved since then, none.
    clockMs += 10 * 60_000;
    asked.length = 0;
    expect(await service.freezeSettled()).toBe(0);
    expect(asked).toEqual([]);
    // One order moves: the pass reads that one alone.
    const [code] = await tips(tipster, 1, { sportId, ending: 'lost' });
    asked.length = 0;
    expect(await service.freezeSettled()).toBe(1);
    const [row] = await testApp.database.db
      .select()
      .from(communityShares)
      .where(eq(communityShares.code, code ?? ''));
    expect(asked).toEqual([row?.orderId]);
    expect(row?.outcome).toBe('lost');
  });

  it('counts each share once when two processes run their passes at once', async () => {
    const sportId = newSport();
    const tipsters = [newTipster(), newTipster()];
    // Two processes that already ran once, then many orders end while both are running.
    const [first, second] = [newService(), newService()];
    await Promise.all([first.freezeSettled(), second.freezeSettled()]);
    const codes: string[] = [];
    for (let index = 0; index < 30; index += 1)
      codes.push(
        await tip(tipsters[index % 2] ?? 0, {
          sportId,
          ending: index % 3 === 0 ? 'lost' : 'won',
          odds: 1.5 + (index % 4) * 0.25,
        }),
      );
    const changed = await Promise.all([first.freezeSettled(), second.freezeSettled()]);
    // Every share froze once, by one process or the other.
    expect(changed[0] + changed[1]).toBe(30);
    const from = clockMs - 29 * day - (clockMs % day);
    const expected = await fromScratch(sportId, from);
    const days = await testApp.database.db
      .select()
      .from(communityTipsterDays)
      .where(eq(communityTipsterDays.sportId, sportId));
    for (const userId of tipsters) {
      const mine = days.filter((row) => row.userId === userId);
      expect({
        orders: mine.reduce((n, row) => n + row.orders, 0),
        wins: mine.reduce((n, row) => n + row.wins, 0),
        sumR: mine.reduce((n, row) => n + row.sumR, 0),
        sumR2: mine.reduce((n, row) => n + row.sumR2, 0),
      }).toEqual(expected.get(userId));
      expect(mine.reduce((n, row) => n + row.orders, 0)).toBe(15);
    }
    // Racing again over the same changes changes nothing.
    expect(await Promise.all([first.freezeSettled(), second.freezeSettled()])).toEqual([0, 0]);
  });

  it('follows a rollback racing on two processes: the share reopened and counted once after', async () => {
    const sportId = newSport();
    const tipster = newTipster();
    const [first, second] = [newService(), newService()];
    const [code] = await tips(tipster, 1, { sportId, ending: 'won' });
    await Promise.all([first.freezeSettled(), second.freezeSettled()]);
    const [row] = await testApp.database.db
      .select()
      .from(communityShares)
      .where(eq(communityShares.code, code ?? ''));
    const orderId = row?.orderId ?? 0;
    const record = records.get(orderId) as OrderRecord;
    clockMs += 60_000;
    move(orderId, { ...record, status: orderStatus.accepted, maxPayout: null });
    const reopened = await Promise.all([first.freezeSettled(), second.freezeSettled()]);
    expect(reopened[0] + reopened[1]).toBe(1);
    const dayRows = () =>
      testApp.database.db
        .select()
        .from(communityTipsterDays)
        .where(eq(communityTipsterDays.sportId, sportId));
    expect((await dayRows()).reduce((n, day) => n + day.orders, 0)).toBe(0);
    clockMs += 60_000;
    move(orderId, { ...record, maxPayout: 0 });
    const refrozen = await Promise.all([first.freezeSettled(), second.freezeSettled()]);
    expect(refrozen[0] + refrozen[1]).toBe(1);
    const after = await dayRows();
    expect(after.reduce((n, day) => n + day.orders, 0)).toBe(1);
    expect(after.reduce((n, day) => n + day.losses, 0)).toBe(1);
  });
});

describe('the profile', () => {
  it('sums its figures in SQL and reads only the recent shares it shows', async () => {
    const sportId = newSport();
    const tipster = newTipster();
    // In placing order: lost, won, won, push, won, lost, won, then 8 won: runs of 3 and 9.
    const endings: Ending[] = ['lost', 'won', 'won', 'push', 'won', 'lost', 'won'];
    for (const ending of endings) await tip(tipster, { sportId, ending });
    await tips(tipster, 8, { sportId, ending: 'won' });
    await tip(tipster, { sportId, ending: 'void' });
    await service.freezeSettled();
    const profile = await service.profile(tipster, null, 'en');
    expect(profile).toMatchObject({
      settledShares: 15,
      wins: 12,
      winRate: Math.round((12 * 10_000) / 14),
      // 12 wins at 2.00 (+1 each), 2 losses (−1 each), a push (0), over 15.
      yield: Math.round((12 * 10_000 - 2 * 10_000) / 15),
      longestWinStreak: 9,
      sports: [{ sportId, shares: 16 }],
    });
    expect(profile.recent).toHaveLength(10);
  });
});
