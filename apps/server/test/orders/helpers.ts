import { appSocketPath, type BetStatusEvent, type OrderRecord, orderCreate } from '@sb/contract';
import { encodeOptionId, fromOddsUnits, memberOdds, sealPayload, toOddsUnits } from '@sb/domain';
import type { EventSnapshot, FeedMessage, Market, MatchStatus } from '@sb/feed-sim';
import { and, count, eq, sql } from 'drizzle-orm';
import { io } from 'socket.io-client';
import type { DatabaseHandle } from '../../src/db/database';
import { ledgerAccounts, ledgerTransactions } from '../../src/modules/ledger/ledger.schema';
import { orderLegs, orderStatusHistory, orders } from '../../src/modules/orders/orders.schema';
import { createManualFeed, type ManualFeed } from '../match/helpers';
import { type RecordingSocket, recordSocket } from '../realtime/helpers';
import { createTestApp, type TestApp } from '../test-app';
import { type Answer, cny, fund, newMember, type TestMember } from '../withdrawals/helpers';

export {
  type Answer,
  balanceOf,
  cny,
  expectLedgerBalanced,
  expectOk,
  expectRefused,
} from '../withdrawals/helpers';
export type { TestMember };

/**
 * A server on a deterministic feed the test drives, its live bet delay set.
 */
export async function createOrdersTestApp(
  options: {
    betDelayMs?: number;
    sweepIntervalMs?: number;
    database?: DatabaseHandle;
    cashOutMarginUnits?: number;
    /** Bets placed together in one transaction at most, and how long a batch waits for more. */
    batch?: { size: number; waitMs: number };
    /** Which money a stake spends first (ORDER_STAKE_FUNDING). */
    stakeFunding?: 'cash_first' | 'bonus_first';
    /** The order rate per member, instead of the test app's raised one. */
    orderRate?: { burst: number; perMinute: number };
  } = {},
) {
  const feed = createManualFeed({ seed: 'orders-test' });
  const testApp = await createTestApp({
    feedProvider: feed.provider,
    now: feed.now,
    config: {
      BET_DELAY_MS: options.betDelayMs ?? 100,
      BET_SWEEP_INTERVAL_MS: options.sweepIntervalMs ?? 2_000,
      ...(options.cashOutMarginUnits === undefined
        ? {}
        : { CASH_OUT_MARGIN_UNITS: options.cashOutMarginUnits }),
      ...(options.stakeFunding ? { ORDER_STAKE_FUNDING: options.stakeFunding } : {}),
      ...(options.orderRate
        ? {
            ORDER_RATE_BURST: options.orderRate.burst,
            ORDER_RATE_PER_MINUTE: options.orderRate.perMinute,
          }
        : {}),
      ...(options.batch
        ? { ORDER_BATCH_SIZE: options.batch.size, ORDER_BATCH_WAIT_MS: options.batch.waitMs }
        : {}),
    },
    ...(options.database ? { database: options.database } : {}),
  });
  await testApp.app.ready();
  return { testApp, feed, book: createBook(feed) };
}

/** One selectable outcome: its option id and the price a member without margins is shown. */
export interface Pick {
  event: EventSnapshot;
  market: Market;
  optId: string;
  outcomeId: string;
  /** Decimal odds as shown (two decimals). */
  odds: number;
}

/** The pick of the `outcomeIndex`-th priced outcome of `market`, at the odds a member sees. */
export function pickOf(event: EventSnapshot, market: Market, outcomeIndex = 0): Pick {
  const outcome = market.outcomes.filter((entry) => entry.active && entry.odds > 0)[outcomeIndex];
  if (!outcome) throw new Error(`market ${market.playId} has no priced outcome`);
  return {
    event,
    market,
    outcomeId: outcome.id,
    optId: encodeOptionId({
      eventId: event.fixture.eventId,
      playId: market.playId,
      specifiers: market.specifiers,
      outcomeId: outcome.id,
    }),
    odds: memberOdds(fromOddsUnits(outcome.odds), market.playId, [0, 0, 0]),
  };
}

/**
 * The book as the server holds it (the simulator's own state: the test never advances it), and
 * messages written by the test to suspend markets or move prices.
 */
export function createBook(feed: ManualFeed) {
  const snapshot = feed.simulator.snapshot();
  const seqs = new Map(snapshot.events.map((event) => [event.fixture.eventId, event.seq]));
  const nextSeq = (eventId: number) => {
    const seq = (seqs.get(eventId) ?? 0) + 1;
    seqs.set(eventId, seq);
    return seq;
  };
  const isOpenMatch = (event: EventSnapshot) =>
    event.fixture.kind === 'match' &&
    event.markets.some((market) => market.status === 'active' && market.playId === 3);
  const oddsChange = (event: EventSnapshot, status: MatchStatus, markets: Market[]) =>
    feed.push([
      {
        type: 'odds_change',
        eventId: event.fixture.eventId,
        sportId: event.fixture.sportId,
        timestamp: feed.simulator.now(),
        seq: nextSeq(event.fixture.eventId),
        status,
        markets,
      },
    ]);
  const events = (status: string) =>
    snapshot.events.filter((event) => event.status.status === status && isOpenMatch(event));

  return {
    /** Pre-match football-like events with an open 1X2 market (play 3), in a stable order. */
    preMatch: () => events('not_started'),
    live: () => events('live').filter((event) => event.fixture.liveOdds),
    /** The pre-match event at `index` of `preMatch()`. */
    preMatchAt(index: number): EventSnapshot {
      const event = events('not_started')[index];
      if (!event) throw new Error(`no pre-match event ${index}`);
      return event;
    },
    liveAt(index: number): EventSnapshot {
      const event = events('live').filter((entry) => entry.fixture.liveOdds)[index];
      if (!event) throw new Error(`no live event ${index}`);
      return event;
    },
    /** The open market of `playId` (1X2 unless asked) of an event, outcome `outcomeIndex`. */
    pick(event: EventSnapshot, playId = 3, outcomeIndex = 0): Pick {
      const market = event.markets.find(
        (entry) => entry.playId === playId && entry.status === 'active',
      );
      if (!market) throw new Error(`event ${event.fixture.eventId} has no open play ${playId}`);
      return pickOf(event, market, outcomeIndex);
    },
    /** Suspends every market of the event (a bet stop). */
    suspend(event: EventSnapshot): void {
      const message: FeedMessage = {
        type: 'bet_stop',
        eventId: event.fixture.eventId,
        sportId: event.fixture.sportId,
        timestamp: feed.simulator.now(),
        seq: nextSeq(event.fixture.eventId),
        reason: 'dangerous_attack',
        status: event.status,
      };
      feed.push([message]);
    },
    /** Sets the feed price of the pick's outcome (decimal) and reopens the market. */
    reprice(pick: Pick, decimal: number): void {
      const market: Market = {
        ...pick.market,
        outcomes: pick.market.outcomes.map((outcome) =>
          outcome.id === pick.outcomeId ? { ...outcome, odds: toOddsUnits(decimal) } : outcome,
        ),
      };
      pick.market = market;
      oddsChange(pick.event, pick.event.status, [market]);
    },
    /** An odds change the test wrote, as a faulty feed might send it: this status, these markets. */
    oddsChange,
  };
}

export type Book = ReturnType<typeof createBook>;

/** A member holding `amount` minor units of CNY. */
export async function fundedMember(testApp: TestApp, amount: number): Promise<TestMember> {
  const member = await newMember(testApp);
  if (amount > 0) await fund(testApp, member.userId, cny.currencyId, amount);
  return member;
}

export interface BetFields {
  betType?: number;
  stake?: number;
  scale?: number;
  currencyId?: number;
  acceptOdds?: number;
  selections?: Record<string, unknown>[];
  [field: string]: unknown;
}

/** A single on `pick` of `stake` CNY minor units at the shown price. */
export function single(pick: Pick, stake = 1_000, extra: BetFields = {}): BetFields {
  return {
    betType: 0,
    stake,
    scale: 2,
    selections: [{ optId: pick.optId, odds: pick.odds }],
    ...extra,
  };
}

export function parlay(picks: Pick[], stake = 1_000, extra: BetFields = {}): BetFields {
  return {
    betType: 1,
    stake,
    scale: 2,
    selections: picks.map((pick) => ({ optId: pick.optId, odds: pick.odds })),
    ...extra,
  };
}

/** Places a bet as the web client does: the bet sealed with the token into `data`. */
export async function placeBet(
  testApp: TestApp,
  member: TestMember,
  bet: unknown,
  idempotencyKey?: string,
): Promise<Answer<OrderRecord>> {
  const data = await sealPayload(member.auth.token, bet);
  return testApp.call<OrderRecord>(orderCreate.path, {
    ...member.auth,
    data,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
}

/** Rows of the order tables and ledger transactions, to prove a refusal wrote nothing. */
export async function countRows(testApp: TestApp) {
  const { db } = testApp.database;
  const [orderRows] = await db.select({ rows: count() }).from(orders);
  const [legRows] = await db.select({ rows: count() }).from(orderLegs);
  const [historyRows] = await db.select({ rows: count() }).from(orderStatusHistory);
  const [ledgerRows] = await db.select({ rows: count() }).from(ledgerTransactions);
  return {
    orders: orderRows?.rows ?? 0,
    legs: legRows?.rows ?? 0,
    history: historyRows?.rows ?? 0,
    ledger: ledgerRows?.rows ?? 0,
  };
}

/** The stakes_held balance in CNY: the sum of its rows (the ledger spreads it by member). */
export async function stakesHeld(testApp: TestApp): Promise<number> {
  const [row] = await testApp.database.db
    .select({ balance: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)` })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.systemCode, 'stakes_held'),
        eq(ledgerAccounts.currencyId, cny.currencyId),
      ),
    );
  return Number(row?.balance ?? 0);
}

export type { BetStatusEvent };

/**
 * Starts the app listening on a free loopback port and connects the member to /app/socket with
 * the official client, as the web app does, to hear their `H` and balance pushes.
 */
export async function listenWithMemberSocket(
  testApp: TestApp,
  member: TestMember,
): Promise<RecordingSocket> {
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const socket = recordSocket(
    io(`http://127.0.0.1:${address.port}`, {
      path: appSocketPath,
      transports: ['websocket'],
      query: member.auth,
      reconnection: false,
      forceNew: true,
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.socket.once('connect', () => resolve());
    socket.socket.once('connect_error', reject);
  });
  return socket;
}
