import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { type AccountEventPayload, betStatus, orderStatus } from '@sb/contract';
import type { EventFeedMessage } from '@sb/feed-sim';
import type { ModuleContext } from '../../module-context';
import { type PeriodicJob, startPeriodicJob } from '../../platform/periodic-job';
import type { Catalogue } from '../catalogue/catalogue.service';
import type { FeedProvider } from '../feed/feed.types';
import type { FreeBetStakes } from '../orders/orders.types';
import {
  createSettlementService,
  type SettlementChange,
  type SettlementService,
} from './settlement.service';

/** How often the process that runs the feed sweeps for orders a lost message left unsettled. */
const defaultSweepIntervalMs = 60_000;
/**
 * Waits for the catalogue to hold a message before settling from it: the recorder writes a tick
 * after handing it on. Past the last wait the sweep settles it instead.
 */
const recordedWaitsMs = [20, 50, 100, 250, 500, 1_000, 2_000, 5_000, 10_000, 30_000];

type ResultMessage = Extract<
  EventFeedMessage,
  { type: 'bet_settlement' | 'bet_cancel' | 'rollback_bet_settlement' | 'rollback_bet_cancel' }
>;

const resultTypes = new Set<string>([
  'bet_settlement',
  'bet_cancel',
  'rollback_bet_settlement',
  'rollback_bet_cancel',
]);

const isResultMessage = (message: EventFeedMessage): message is ResultMessage =>
  resultTypes.has(message.type);

const coversMarket = (
  message: { markets: { playId: number; specifiers: string }[] },
  row: { playId: number | null; specifiers: string | null },
) =>
  message.markets.length === 0
    ? row.playId === null
    : message.markets.some(
        (market) => market.playId === row.playId && market.specifiers === row.specifiers,
      );

/** Whether the catalogue already holds what the message says. */
async function isRecorded(catalogue: Catalogue, message: ResultMessage): Promise<boolean> {
  const { eventId, seq } = message;
  switch (message.type) {
    case 'bet_settlement':
      return (await catalogue.settlementsOf(eventId)).some((row) => row.seq === seq);
    case 'bet_cancel':
      return (await catalogue.cancellationsOf(eventId)).some((row) => row.seq === seq);
    case 'rollback_bet_settlement':
      // Recorded once no earlier feed settlement of its markets stands (an operator's stays).
      return !(await catalogue.settlementsOf(eventId)).some(
        (row) =>
          row.seq < seq &&
          row.rolledBackAt === null &&
          row.operatorId === null &&
          (message.markets.length === 0 || coversMarket(message, row)),
      );
    case 'rollback_bet_cancel': {
      const start = message.startTime ?? null;
      const end = message.endTime ?? null;
      return !(await catalogue.cancellationsOf(eventId)).some(
        (row) =>
          row.seq < seq &&
          row.rolledBackAt === null &&
          coversMarket(message, row) &&
          (row.windowStart?.getTime() ?? null) === start &&
          (row.windowEnd?.getTime() ?? null) === end,
      );
    }
  }
}

export interface SettlementWorker {
  service: SettlementService;
  /** Settles every order the catalogue can settle now (what start-up does). */
  sweep(): Promise<void>;
  /** Resolves once every settlement started so far has finished. */
  idle(): Promise<void>;
}

/** What the settlement module answers: its one service, and the worker where the feed runs. */
export interface Settlement {
  service: SettlementService;
  /**
   * Tells a member what a settlement change did to their bet (`H`: settled, or accepted again
   * after a rollback) and that their balance moved. The feed's results and operators' voids alike.
   */
  tellChange(change: SettlementChange): void;
  /** Settles from the feed's results; only in a process given a feed. */
  worker: SettlementWorker | undefined;
}

/**
 * The settlement of orders: one service for the feed's results and the trading desk's manual
 * settlements alike, telling members of their bets and balances. Given a feed, the
 * worker below settles from its results.
 */
export function registerSettlementModule(
  context: ModuleContext,
  deps: {
    feedProvider: FeedProvider | undefined;
    /** Sends the member a bet's new status (`H` on /app/socket). */
    tellBetStatus: (userId: number, event: AccountEventPayload<'H'>) => void;
    notifyBalanceChanged: (userId: number) => Promise<void>;
    /** The free bets orders were staked with (the orders module's port to the bonus module). */
    freeBets?: FreeBetStakes | undefined;
  },
  options: { sweepIntervalMs?: number } = {},
): Settlement {
  const { database, ledger, catalogue, now } = context;
  const service = createSettlementService({
    db: database.db,
    ledger,
    catalogue,
    now,
    freeBets: deps.freeBets,
  });
  const tellChange = (change: SettlementChange): void => {
    const { order } = change;
    const isFinished = order.status === orderStatus.settled || order.status === orderStatus.void;
    deps.tellBetStatus(order.userId, {
      orderNo: order.orderNo,
      oi: change.firstOptionId,
      bs: isFinished ? betStatus.settled : betStatus.accepted,
      mr: 0,
    });
    void deps.notifyBalanceChanged(order.userId);
  };
  const worker = deps.feedProvider
    ? startSettlementWorker(
        context,
        { service, tellChange, feedProvider: deps.feedProvider },
        options,
      )
    : undefined;
  return { service, tellChange, worker };
}

/**
 * Settles orders in the process that runs the feed, as that process alone records the catalogue:
 * without Redis the one process; with Redis the feed's leader, which every process's copy of the
 * bus knows. Results, cancellations and rollbacks arrive as feed messages; each starts the
 * settlement of the orders on its event once the catalogue holds it. A sweep at start-up and
 * every minute settles what a crash or a lost leadership left behind.
 */
function startSettlementWorker(
  context: ModuleContext,
  deps: {
    service: SettlementService;
    tellChange: (change: SettlementChange) => void;
    feedProvider: FeedProvider;
  },
  options: { sweepIntervalMs?: number },
): SettlementWorker {
  const { app, catalogue, readModel } = context;
  const { service, tellChange, feedProvider } = deps;
  const log = app.log.child({ module: 'settlement' });
  const isSettler = () => (feedProvider as { isLeader?: boolean }).isLeader ?? true;
  // One settlement at a time in this process; other processes are kept out by the order's lock.
  let queue: Promise<void> = Promise.resolve();
  /** Messages waiting for the catalogue to record them. */
  const waits = new Set<Promise<void>>();
  // Closing cuts the waits for the catalogue short: the sweep of the next start settles the rest.
  const stopping = new AbortController();
  // Every waiting message listens on it; a burst of results is not a listener leak.
  setMaxListeners(0, stopping.signal);
  let sweepJob: PeriodicJob | undefined;

  const enqueue = (work: () => Promise<void>): Promise<void> => {
    queue = queue
      .then(work)
      .catch((error: unknown) => log.error({ err: error }, 'settling orders failed'));
    return queue;
  };

  async function settleEvent(eventId: number): Promise<void> {
    for (const change of await service.reconcileEvent(eventId)) tellChange(change);
  }

  async function settleWhenRecorded(message: ResultMessage): Promise<void> {
    for (const waitMs of [0, ...recordedWaitsMs]) {
      if (stopping.signal.aborted) return;
      if (waitMs > 0) {
        const isCut = await sleep(waitMs, false, { signal: stopping.signal, ref: false }).catch(
          () => true,
        );
        if (isCut) return;
      }
      if (await isRecorded(catalogue, message)) return enqueue(() => settleEvent(message.eventId));
    }
    log.warn(
      { eventId: message.eventId, seq: message.seq, type: message.type },
      'the catalogue never recorded a result message; the sweep settles it',
    );
  }

  const sweep = () =>
    enqueue(async () => {
      if (!isSettler()) return;
      for (const eventId of await service.eventsToSweep()) {
        if (stopping.signal.aborted) return;
        // One event that cannot be settled must not keep the others waiting.
        await settleEvent(eventId).catch((error: unknown) =>
          log.error({ err: error, eventId }, 'settling the orders of an event failed'),
        );
      }
    });

  const unsubscribe = readModel.subscribe((change) => {
    if (change.kind !== 'event' || !isResultMessage(change.message) || !isSettler()) return;
    const message = change.message;
    const waiting = settleWhenRecorded(message).catch((error: unknown) =>
      log.error({ err: error, eventId: message.eventId }, 'settling orders failed'),
    );
    waits.add(waiting);
    void waiting.finally(() => waits.delete(waiting));
  });

  app.addHook('onReady', async () => {
    // A sweep due while one is going is made once right after it, behind the queue's work.
    sweepJob = startPeriodicJob({
      run: sweep,
      everyMs: options.sweepIntervalMs ?? defaultSweepIntervalMs,
      onError: (error) => log.error({ err: error }, 'settling orders failed'),
      runAtStart: true,
      whenBusy: 'run-after',
    });
  });
  app.addHook('preClose', async () => {
    stopping.abort();
    unsubscribe();
    await sweepJob?.stop();
    await Promise.all(waits);
    await queue;
  });
  async function idle(): Promise<void> {
    while (waits.size > 0) await Promise.all(waits);
    await queue;
  }
  return { service, sweep, idle };
}
