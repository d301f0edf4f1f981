import { errorCatalogue, type OrderRecord, orderStatus, type RankedTipster } from '@sb/contract';
import { and, eq } from 'drizzle-orm';
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
  feedPageKeepMs,
  maskedName,
} from '../../src/modules/community/community.service';
import {
  longestWinStreak,
  rankedEntry,
  rankMinOrders,
  rankScore,
  windowStart,
} from '../../src/modules/community/tipster-ranking';
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
async function tip(userId: number, t: Tip, via = service): Promise<string> {
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
    bonusStake: 0,
    freeBetId: null,
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
  const shared = await via.share(
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
const newService = (elapsedMs?: () => number) =>
  createCommunityService({
    ...(elapsedMs ? { elapsedMs } : {}),
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

// ---------------------------------------------------------------------------------------------
// The kept rankings: computed once per version of the ranking, the same answer as before.
// ---------------------------------------------------------------------------------------------

/** The ranking as a request computed it before it was kept: sums, sort, the page's streaks. */
async function rankAsBefore(window: 7 | 30 | 90, sportId: number, page: number, size: number) {
  const repository = createCommunityRepository(testApp.database.db);
  const fromDay = windowStart(new Date(clockMs), window);
  const sums = await repository.rankSums(sportId, fromDay, rankMinOrders);
  const ranked = sums
    .map((sum) => ({
      ...sum,
      score: rankScore(sum.orders, sum.sumR, sum.sumR2) ?? 0,
      yield: Math.round(sum.sumR / sum.orders),
    }))
    .sort(
      (a, b) =>
        b.score - a.score || b.yield - a.yield || b.orders - a.orders || a.userId - b.userId,
    );
  const pageRows = ranked.slice((page - 1) * size, page * size);
  const days = await repository.tipsterDays(
    pageRows.map((row) => row.userId),
    sportId,
    fromDay,
  );
  const records: RankedTipster[] = pageRows.map((row, index) => ({
    rank: (page - 1) * size + index + 1,
    tipsterId: row.userId,
    name: maskedName(`tipster${row.userId}`, row.userId),
    orders: row.orders,
    wins: row.wins,
    winRate:
      row.wins + row.losses > 0 ? Math.round((row.wins * 10_000) / (row.wins + row.losses)) : 0,
    yield: row.yield,
    score: row.score,
    profit: row.sumR,
    longestWinStreak: longestWinStreak(days.filter((each) => each.userId === row.userId)),
  }));
  return { window, minOrders: rankMinOrders, records, total: ranked.length };
}

describe('the kept rankings', () => {
  /** Tipsters of one sport with mixed records, ranked over every window. */
  async function field(sportId: number) {
    const tipsters = Array.from({ length: 7 }, newTipster);
    const endings: Ending[] = ['won', 'lost', 'won', 'push', 'won', 'lost', 'lost', 'won'];
    for (let index = 0; index < 7 * 24; index += 1) {
      const userId = tipsters[index % 7] ?? 0;
      await tip(userId, {
        sportId,
        ending: endings[(index * (1 + (userId % 3))) % endings.length] ?? 'won',
        odds: 1.3 + ((index * 7) % 11) * 0.2,
      });
      if (index % 40 === 39) {
        await service.freezeSettled();
        clockMs += 3 * day;
      }
    }
    await service.freezeSettled();
    return tipsters;
  }

  it('answer what the ranking computed per request answered, every window, sport and page', async () => {
    const sportId = newSport();
    await field(sportId);
    for (const window of [7, 30, 90] as const)
      for (const sport of [sportId, 0])
        for (const [page, size] of [
          [1, 50],
          [1, 3],
          [2, 3],
          [3, 3],
          [40, 50],
        ] as const) {
          const answer = await service.rank({ window, sportId: sport, page, size });
          expect(answer).toEqual(await rankAsBefore(window, sport, page, size));
        }
    const whole = await service.rank({ window: 90, sportId, page: 1, size: 50 });
    expect(whole.total).toBeGreaterThan(3);
  });

  it('read no day row while the version stays, and follow the version another process raises', async () => {
    const sportId = newSport();
    const tipsters = await field(sportId);
    const kept = await service.rank({ window: 90, sportId, page: 1, size: 50 });
    const [top] = kept.records;
    if (!top) throw new Error('nobody ranked');
    // A day row changed without the version: the kept ranking answers, the day rows unread.
    const db = testApp.database.db;
    const [row] = await db
      .select()
      .from(communityTipsterDays)
      .where(
        and(
          eq(communityTipsterDays.userId, top.tipsterId),
          eq(communityTipsterDays.sportId, sportId),
        ),
      )
      .limit(1);
    if (!row) throw new Error('no day row');
    const rowKey = and(
      eq(communityTipsterDays.userId, row.userId),
      eq(communityTipsterDays.sportId, row.sportId),
      eq(communityTipsterDays.day, row.day),
    );
    await db
      .update(communityTipsterDays)
      .set({ orders: row.orders + 1_000 })
      .where(rowKey);
    expect(await service.rank({ window: 90, sportId, page: 1, size: 50 })).toEqual(kept);
    // Another process's change raises the version: this one computes the ranking again.
    await db.transaction((tx) => createCommunityRepository(db).bumpRankVersion(tx as never));
    const moved = await service.rank({ window: 90, sportId, page: 1, size: 50 });
    expect(moved.records.find((each) => each.tipsterId === top.tipsterId)?.orders).toBe(
      top.orders + 1_000,
    );
    await db.update(communityTipsterDays).set({ orders: row.orders }).where(rowKey);
    await db.transaction((tx) => createCommunityRepository(db).bumpRankVersion(tx as never));
    expect(await service.rank({ window: 90, sportId, page: 1, size: 50 })).toEqual(kept);

    // A tipster hidden on another process leaves this one's ranking at once.
    const other = newService();
    const audit = async () => {};
    await other.hideTipster(top.tipsterId, true, 1, audit);
    const hidden = await service.rank({ window: 90, sportId, page: 1, size: 50 });
    expect(hidden.records.map((each) => each.tipsterId)).not.toContain(top.tipsterId);
    expect(hidden).toEqual(await rankAsBefore(90, sportId, 1, 50));
    await other.hideTipster(top.tipsterId, false, 1, audit);
    expect(await service.rank({ window: 90, sportId, page: 1, size: 50 })).toEqual(kept);

    // A share frozen by another process's pass moves this one's ranking at once.
    const last = tipsters[tipsters.length - 1] ?? 0;
    await tips(last, 5, { sportId, ending: 'won', odds: 3 });
    expect(await other.freezeSettled()).toBe(5);
    const after = await service.rank({ window: 90, sportId, page: 1, size: 50 });
    expect(after).not.toEqual(kept);
    expect(after).toEqual(await rankAsBefore(90, sportId, 1, 50));
  });

  it('counts the window from the day it is asked on, the day turning', async () => {
    const sportId = newSport();
    await field(sportId);
    const today = await service.rank({ window: 7, sportId, page: 1, size: 50 });
    expect(today).toEqual(await rankAsBefore(7, sportId, 1, 50));
    clockMs += 5 * day;
    const later = await service.rank({ window: 7, sportId, page: 1, size: 50 });
    expect(later).toEqual(await rankAsBefore(7, sportId, 1, 50));
    expect(later.total).toBeLessThanOrEqual(today.total);
  });
});

// ---------------------------------------------------------------------------------------------
// Kept feed pages: a moment on each process, emptied at once by that process's own changes.
// ---------------------------------------------------------------------------------------------

describe('kept feed pages', () => {
  it("keep a public page a moment, another process's change seen after it, this one's at once", async () => {
    let elapsed = 0;
    const here = newService(() => elapsed);
    const sportId = newSport();
    const tipster = newTipster();
    const reader = newTipster();
    // `service` stands for another process: its changes leave this process's pages as kept.
    const [first, second] = await tips(tipster, 2, { sportId, ending: 'won' });
    await service.freezeSettled();
    const page = (feed: 'latest' | 'most_copied' | 'following' = 'latest', viewer = 0) =>
      here.list({ feed, sportId, page: 1, size: 10 }, viewer ? member(viewer) : null, 'en');
    const codes = async (feed?: 'latest' | 'most_copied' | 'following', viewer?: number) =>
      (await page(feed, viewer)).records.map((record) => record.code);
    expect(await codes()).toEqual([second, first]);
    expect(await page()).toMatchObject({ total: 2, totalCapped: false });

    const [third] = await tips(tipster, 1, { sportId, ending: 'lost' });
    expect(await codes()).toEqual([second, first]);
    // Another query is a page of its own, read now.
    expect(
      (await here.list({ feed: 'latest', sportId, page: 1, size: 9 }, null, 'en')).records,
    ).toHaveLength(3);
    elapsed += feedPageKeepMs;
    expect(await codes()).toEqual([third, second, first]);
    // This process reads the third share open and freezes it: its page is read again at once.
    const [open] = (await page()).records;
    expect(open?.settled).not.toBeNull();

    // Withdrawn, copied, hidden and shown here: at once, the time standing still.
    await here.withdraw(member(tipster), third ?? '');
    expect(await codes()).toEqual([second, first]);
    expect(await codes('most_copied')).toEqual([second, first]);
    await here.copy(member(reader), first ?? '');
    expect(await codes('most_copied')).toEqual([first, second]);
    const audit = async () => {};
    await here.hideShare(first ?? '', true, 1, audit);
    expect(await codes()).toEqual([second]);
    await here.hideShare(first ?? '', false, 1, audit);
    expect(await codes()).toEqual([second, first]);
    await here.hideTipster(tipster, true, 1, audit);
    expect(await codes()).toEqual([]);
    await here.hideTipster(tipster, false, 1, audit);
    expect(await codes()).toEqual([second, first]);

    // A share made here: at once.
    const made = await tip(tipster, { sportId, ending: 'won' }, here);
    expect(await codes()).toEqual([made, second, first]);

    // The following feed carries the caller's follows: never kept.
    await here.follow(member(reader), tipster);
    const [fourth] = await tips(tipster, 1, { sportId, ending: 'won' });
    expect((await codes('following', reader))[0]).toBe(fourth);
  });

  it("freezes through this process's pass and answers the frozen share at once", async () => {
    const elapsed = 0;
    const here = newService(() => elapsed);
    const sportId = newSport();
    const tipster = newTipster();
    await here.freezeSettled();
    // Shared on another process, its order still open: the page keeps it open.
    const id = nextId;
    const code = await tip(tipster, { sportId, ending: 'won' });
    const record = records.get(id) as OrderRecord;
    move(id, { ...record, status: orderStatus.accepted, maxPayout: null });
    const list = () => here.list({ feed: 'latest', sportId, page: 1, size: 10 }, null, 'en');
    const [before] = (await list()).records;
    expect(before).toMatchObject({ code, settled: null });
    move(id, record);
    expect((await list()).records[0]?.settled).toBeNull();
    // This process's pass freezes it: the kept page goes at once.
    expect(await here.freezeSettled()).toBe(1);
    expect((await list()).records[0]?.settled).not.toBeNull();
  });
});
