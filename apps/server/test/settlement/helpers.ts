import type { BetCancelMessage, FeedMessage, SettledOutcome } from '@sb/feed-sim';
import { eq } from 'drizzle-orm';
import { createCatalogue } from '../../src/modules/catalogue/catalogue.service';
import { createLedger } from '../../src/modules/ledger/ledger.service';
import { orderSettlements, orders } from '../../src/modules/orders/orders.schema';
import { createSettlementService } from '../../src/modules/settlement/settlement.service';
import { createOrdersTestApp, type Pick } from '../orders/helpers';
import type { TestApp } from '../test-app';

export * from '../orders/helpers';

/** The settlement worker of an app given a feed, as every settlement test app is. */
export function settlementWorkerOf(testApp: TestApp) {
  const { worker } = testApp.modules.settlement;
  if (!worker) throw new Error('the settlement worker runs only in an app given a feed');
  return worker;
}

/**
 * An orders test app whose results reach the settlement worker as they do in production: each
 * message is recorded in the catalogue, then delivered by the feed.
 */
export async function createSettlementTestApp(
  options: Parameters<typeof createOrdersTestApp>[0] = {},
) {
  const created = await createOrdersTestApp(options);
  const { testApp, feed } = created;
  const recorder = createCatalogue(testApp.database.db).startRecording('manual:settlement-test');
  // Above every seq the book's own messages use in these tests.
  let seq = 100_000;
  const worker = settlementWorkerOf(testApp);

  async function send(messages: FeedMessage[]): Promise<void> {
    const at = Date.now();
    recorder.record(messages, { callerTime: at, feedTime: at });
    await recorder.flush();
    feed.push(messages);
    await worker.idle();
  }

  const base = (pick: Pick) => ({
    eventId: pick.event.fixture.eventId,
    sportId: pick.event.fixture.sportId,
    timestamp: feed.simulator.now(),
    seq: ++seq,
  });
  const marketOf = (pick: Pick) => ({
    playId: pick.market.playId,
    specifiers: pick.market.specifiers,
  });

  return {
    ...created,
    worker,
    recorder,
    send,
    /** The pick's outcome settled as given; every other outcome of the market lost. */
    settlement(pick: Pick, outcome: Omit<SettledOutcome, 'id'>): FeedMessage {
      return {
        type: 'bet_settlement',
        ...base(pick),
        result: { homeScore: 1, awayScore: 0, periodScores: [] },
        markets: [
          {
            ...marketOf(pick),
            outcomes: pick.market.outcomes.map((entry) =>
              entry.id === pick.outcomeId
                ? { id: entry.id, ...outcome }
                : { id: entry.id, result: 0 as const, voidFactor: 0 as const },
            ),
          },
        ],
      };
    },
    cancel(pick: Pick, window: { startTime?: number; endTime?: number } = {}): FeedMessage {
      const message: BetCancelMessage = {
        type: 'bet_cancel',
        ...base(pick),
        reason: 'odds_error',
        markets: [marketOf(pick)],
        ...window,
      };
      return message;
    },
    rollback(pick: Pick): FeedMessage {
      return { type: 'rollback_bet_settlement', ...base(pick), markets: [marketOf(pick)] };
    },
  };
}

/** The order's status and its settlements, oldest first. */
export async function settlementState(testApp: TestApp, orderNo: string) {
  const { db } = testApp.database;
  const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!order) throw new Error(`no order ${orderNo}`);
  const settlements = await db
    .select()
    .from(orderSettlements)
    .where(eq(orderSettlements.orderId, order.id))
    .orderBy(orderSettlements.version);
  return { status: order.status, settlements };
}

/** Results recorded in the catalogue but not delivered: only the workers a test runs settle them. */
export async function recordUndelivered(
  testApp: TestApp,
  source: string,
  messages: FeedMessage[],
): Promise<void> {
  const recorder = createCatalogue(testApp.database.db).startRecording(`manual:${source}`);
  const at = Date.now();
  recorder.record(messages, { callerTime: at, feedTime: at });
  await recorder.flush();
}

/** Settlement services of their own on the app's database, as other processes would run them. */
export function settlementWorkers(testApp: TestApp, count: number) {
  return Array.from({ length: count }, () =>
    createSettlementService({
      db: testApp.database.db,
      ledger: createLedger(testApp.database.db),
      catalogue: createCatalogue(testApp.database.db),
      now: () => new Date(),
    }),
  );
}
