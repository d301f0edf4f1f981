import { appendFileSync } from 'node:fs';
import { orderStatus } from '@sb/contract';
import { encodeOptionId, fromOddsUnits, memberOdds } from '@sb/domain';
import {
  type BetSettlementMessage,
  createSimulator,
  type EventSnapshot,
  type FeedMessage,
  type Market,
  type Simulator,
} from '@sb/feed-sim';
import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue } from '../../src/modules/catalogue/catalogue.service';
import type { FeedProvider } from '../../src/modules/feed/feed-provider';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { orderLegs, orderSettlements, orders } from '../../src/modules/orders/orders.schema';
import { cashOut } from '../cash-out/helpers';
import { feedStartTime } from '../match/helpers';
import { fundedMember, placeBet, stakesHeld, type TestMember } from '../orders/helpers';
import { createTestApp, type TestApp } from '../test-app';
import { settlementWorkerOf } from './helpers';

/**
 * A day of betting against the simulated feed, then `ledger:check`. The default (1000 orders)
 * stays under a minute on PGlite on an idle machine; SIMULATED_DAY_ORDERS raises the number of
 * orders for a heavier run, SIMULATED_DAY_TIMING names a file to append each step's timings to.
 */
const orderTarget = Number(process.env.SIMULATED_DAY_ORDERS ?? 1_000);
/** A day of feed time in 48 steps: each step is 30 minutes of the feed's clock. */
const speed = 60;
const steps = 48;
const stepMs = (24 * 3_600_000) / speed / steps;

let testApp: TestApp;
let simulator: Simulator;
let deliver: (messages: FeedMessage[]) => void = () => {};
let aliveSeq = 0;
const members: TestMember[] = [];
/** Every result the feed gave, to roll some back and settle them again at the end of the day. */
const settlementsSent: BetSettlementMessage[] = [];

/** A deterministic random stream, so a failure can be run again as it was. */
let randomState = 20_260_110;
function random(): number {
  randomState = (randomState * 1_103_515_245 + 12_345) % 2_147_483_648;
  return randomState / 2_147_483_648;
}
const randomOf = <T>(items: readonly T[]): T | undefined =>
  items[Math.floor(random() * items.length)];

beforeAll(async () => {
  // Incidents (cancellations, rollbacks) far more often than a real day has them.
  simulator = createSimulator({
    seed: 'simulated-day',
    speed,
    startTime: feedStartTime,
    incidentRate: 25,
    density: 0.5,
    calendar: 2,
  });
  const provider: FeedProvider = {
    name: 'manual',
    snapshot: () => simulator.snapshot(),
    sports: () => simulator.sports(),
    start(onMessages) {
      deliver = onMessages;
    },
    stop() {},
  };
  testApp = await createTestApp({
    feedProvider: provider,
    now: () => new Date(simulator.now()),
    config: { BET_DELAY_MS: 0, BET_SWEEP_INTERVAL_MS: 100 },
  });
  await testApp.app.ready();
  for (let index = 0; index < 20; index++) members.push(await fundedMember(testApp, 50_000_000));
}, 120_000);
afterAll(() => testApp?.close());

/** Open markets with a priced outcome, of matches that take bets now. */
function openOptions(): { event: EventSnapshot; market: Market; outcomeId: string }[] {
  const found = [];
  for (const event of simulator.snapshot().events) {
    const status = event.status.status;
    if (event.fixture.kind !== 'match' || (status !== 'not_started' && status !== 'live')) continue;
    if (status === 'live' && !event.fixture.liveOdds) continue;
    // Matches that start within three hours of feed time, so the day sees most bets decided.
    if (status === 'not_started' && event.fixture.startTime > simulator.feedTime() + 3 * 3_600_000)
      continue;
    for (const market of event.markets) {
      if (market.status !== 'active' || market.playId >= 21_000) continue;
      for (const outcome of market.outcomes)
        if (outcome.active && outcome.odds > 0)
          found.push({ event, market, outcomeId: outcome.id });
    }
  }
  return found;
}

function selectionOf(option: ReturnType<typeof openOptions>[number]) {
  const { event, market, outcomeId } = option;
  const outcome = market.outcomes.find((entry) => entry.id === outcomeId);
  return {
    optId: encodeOptionId({
      eventId: event.fixture.eventId,
      playId: market.playId,
      specifiers: market.specifiers,
      outcomeId,
    }),
    odds: memberOdds(fromOddsUnits(outcome?.odds ?? 0), market.playId, [0, 0, 0]),
  };
}

/** A random single (7 in 10) or a parlay of 2 to 4 legs on distinct matches. */
function randomBet(options: ReturnType<typeof openOptions>) {
  const stake = 100 + Math.floor(random() * 50_000);
  const legs = random() < 0.7 ? 1 : 2 + Math.floor(random() * 3);
  const picked = new Map<number, ReturnType<typeof openOptions>[number]>();
  for (let tries = 0; tries < 20 && picked.size < legs; tries++) {
    const option = randomOf(options);
    if (option && !picked.has(option.event.fixture.eventId))
      picked.set(option.event.fixture.eventId, option);
  }
  // Any price change taken: the bet is placed at the price of the moment.
  return {
    betType: picked.size > 1 ? 1 : 0,
    stake,
    scale: 2,
    acceptOdds: 0,
    selections: [...picked.values()].map(selectionOf),
  };
}

/** Moves the feed: records what it said in the catalogue, then hands it to the server. */
async function advanceFeed(
  recorder: ReturnType<ReturnType<typeof createCatalogue>['startRecording']>,
) {
  const messages = simulator.advance(simulator.now() + stepMs);
  for (const message of messages)
    if (message.type === 'bet_settlement') settlementsSent.push(message);
  await send(recorder, messages);
}

/** Records messages in the catalogue, then hands them to the server, as the feed's leader does. */
async function send(
  recorder: ReturnType<ReturnType<typeof createCatalogue>['startRecording']>,
  messages: FeedMessage[],
) {
  recorder.record(messages, { callerTime: simulator.now(), feedTime: simulator.feedTime() });
  await recorder.flush();
  deliver([
    ...messages,
    { type: 'alive', timestamp: simulator.now(), seq: 1_000_000 + ++aliveSeq, subscribed: true },
  ]);
}

describe('a simulated day of betting', () => {
  it('leaves a ledger that passes ledger:check, with stakes_held exactly the open stakes', async () => {
    const recorder = createCatalogue(testApp.database.db).startRecording('manual:simulated-day');
    const worker = settlementWorkerOf(testApp);
    const placed: { orderNo: string; member: TestMember }[] = [];
    let cashedOut = 0;
    const perStep = Math.ceil(orderTarget / steps);
    const phase = { feed: 0, bets: 0, cash: 0, settle: 0 };
    const lap = (key: keyof typeof phase, since: number) => {
      phase[key] += performance.now() - since;
      return performance.now();
    };
    for (let step = 0; step < steps; step++) {
      let at = performance.now();
      await advanceFeed(recorder);
      at = lap('feed', at);
      const options = openOptions();
      const bets = Array.from({ length: perStep }, () => randomBet(options));
      // Ten members betting at once, as a busy site sees them.
      for (let from = 0; from < bets.length; from += 10) {
        const answers = await Promise.all(
          bets.slice(from, from + 10).map(async (bet, index) => {
            const member = members[(from + index) % members.length] as TestMember;
            return { member, answer: await placeBet(testApp, member, bet) };
          }),
        );
        for (const { member, answer } of answers)
          if (answer.code === 0)
            placed.push({ orderNo: (answer.data as { orderNo: string }).orderNo, member });
      }
      at = lap('bets', at);
      // Some members cash out an open bet at whatever it is offered.
      for (let tries = 0; tries < 2; tries++) {
        const target = randomOf(placed);
        if (!target) break;
        const answer = await cashOut(testApp, target.member, {
          orderNo: target.orderNo,
          amount: 1,
        });
        if (answer.code === 0) cashedOut += 1;
      }
      at = lap('cash', at);
      await worker.idle();
      lap('settle', at);
      if (process.env.SIMULATED_DAY_TIMING)
        appendFileSync(process.env.SIMULATED_DAY_TIMING, `${step} ${JSON.stringify(phase)}\n`);
    }
    // The rest of the day's results arrive, and a last sweep settles what they leave.
    for (let step = 0; step < 16; step++) await advanceFeed(recorder);
    await worker.idle();
    // The feed corrects some results: a rollback of the market, then the same result again.
    const { db } = testApp.database;
    const settledLegs = await db
      .select({
        eventId: orderLegs.eventId,
        playId: orderLegs.playId,
        specifiers: orderLegs.specifiers,
      })
      .from(orderLegs)
      .innerJoin(orders, eq(orders.id, orderLegs.orderId))
      .where(eq(orders.status, orderStatus.settled))
      .limit(20);
    let correctionSeq = 5_000_000;
    for (const leg of settledLegs.slice(0, 10)) {
      const original = settlementsSent.find(
        (message) =>
          message.eventId === leg.eventId &&
          message.markets.some(
            (market) => market.playId === leg.playId && market.specifiers === leg.specifiers,
          ),
      );
      if (!original) continue;
      const market = { playId: leg.playId, specifiers: leg.specifiers };
      const head = { eventId: leg.eventId, sportId: original.sportId, timestamp: simulator.now() };
      await send(recorder, [
        { type: 'rollback_bet_settlement', ...head, seq: ++correctionSeq, markets: [market] },
      ]);
      await worker.idle();
      await send(recorder, [{ ...original, ...head, seq: ++correctionSeq }]);
      await worker.idle();
    }
    await worker.sweep();
    await worker.idle();

    const byStatus = new Map(
      (
        await db
          .select({ status: orders.status, rows: count() })
          .from(orders)
          .groupBy(orders.status)
      ).map((row) => [row.status, row.rows]),
    );
    const [rolledBack] = await db
      .select({ rows: count() })
      .from(orderSettlements)
      .where(isNotNull(orderSettlements.rolledBackAt));
    if (process.env.SIMULATED_DAY_TIMING)
      appendFileSync(
        process.env.SIMULATED_DAY_TIMING,
        `${JSON.stringify({ placed: placed.length, cashedOut, byStatus: [...byStatus], rolledBack })}\n`,
      );
    expect(placed.length).toBeGreaterThanOrEqual(orderTarget * 0.8);
    // Many bets are decided by the feed's results (parlays and late matches may still run).
    const settledOrVoid =
      (byStatus.get(orderStatus.settled) ?? 0) + (byStatus.get(orderStatus.void) ?? 0);
    expect(settledOrVoid).toBeGreaterThan(placed.length * 0.15);
    expect(cashedOut).toBeGreaterThan(0);
    expect(byStatus.get(orderStatus.cashedOut)).toBe(cashedOut);
    expect(rolledBack?.rows ?? 0).toBeGreaterThan(0);

    const check = await checkLedger(db);
    expect(check).toMatchObject({
      ok: true,
      unbalancedTransactions: [],
      driftedAccounts: [],
      negativeAccounts: [],
    });
    // What the book still holds is exactly the stakes of the bets still running.
    const open = await db
      .select({ stake: orders.stakeMinor })
      .from(orders)
      .where(eq(orders.status, orderStatus.accepted));
    const pending = await db
      .select({ stake: orders.stakeMinor })
      .from(orders)
      .where(eq(orders.status, orderStatus.pending));
    const openStakes = [...open, ...pending].reduce((sum, row) => sum + row.stake, 0);
    expect(await stakesHeld(testApp)).toBe(openStakes);
  }, 600_000);
});
