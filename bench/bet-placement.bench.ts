import { randomBytes } from 'node:crypto';
import { memberCreateAccount, orderCreate } from '@sb/contract';
import {
  encodeOptionId,
  fromOddsUnits,
  memberOdds,
  requireCurrency,
  sealPayload,
} from '@sb/domain';
import { createSimulator } from '@sb/feed-sim';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/database';
import { createSimulatorProvider } from '../apps/server/src/modules/feed/simulator-provider';
import { createLedger, type Ledger } from '../apps/server/src/modules/ledger/ledger.service';
import { checkLedger } from '../apps/server/src/modules/ledger/ledger-check';
import type { OrderConfig } from '../apps/server/src/modules/orders/order-settings';
import { orders } from '../apps/server/src/modules/orders/orders.schema';
import { createMemoryCounterStore } from '../apps/server/src/platform/counter-store';
import { mainThreadCpuSeconds, processCpuSeconds } from './cpu-time';
import { loadUrl } from './http-load';
import type { BenchResult } from './report';
import { preparePgbench, type Sample, summarise } from './wallet-transfer.bench';

const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const connections = 10;
const memberCount = 100;
const rounds = 4;
const roundSeconds = 5;
const warmUpSeconds = 2;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database on the bench server: its URL, and how to drop it. */
export async function createScratchDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await admin((client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => admin((client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}

/** A setup of the server whose placement is measured: a name for the report and its settings. */
interface Contender {
  label: string;
  config: OrderConfig;
}

/**
 * The contenders, in the order the report lists them. The per-member order rate (30 at once,
 * 120 a minute by default) would refuse most of the bench's bets (100 members placing tens of
 * bets a second each), so it is raised out of reach; it is still checked on every bet.
 */
const contenders: Contender[] = [
  // The default: bets arriving while a batch is under way share the next one's transaction
  // (ORDER_BATCH_SIZE 10, ORDER_BATCH_WAIT_MS 0; order-batcher.ts), one commit for many.
  { label: 'default (batches of up to 10)', config: {} },
  { label: 'one transaction per order', config: { ORDER_BATCH_SIZE: 1 } },
];
const rateLimitOutOfReach: OrderConfig = {
  ORDER_RATE_BURST: 1_000_000,
  ORDER_RATE_PER_MINUTE: 100_000_000,
};

interface PlacementSample {
  placed: number;
  requests: number;
  seconds: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  failures: number;
  /** CPU seconds of the server's main thread and of its database backends in the round. */
  serverCpuSeconds: number | undefined;
  databaseCpuSeconds: number | undefined;
}

/** Process ids of the database's backends (the app's pool), read from the admin connection. */
function backendPids(databaseName: string): Promise<number[]> {
  return admin(async (client) => {
    const result = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [databaseName],
    );
    return result.rows.map((row) => row.pid);
  });
}

/** The CPU a set of processes used between two readings; a process started since counts whole. */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number | undefined {
  if (after.size === 0) return undefined;
  let used = 0;
  for (const [pid, seconds] of after) used += seconds - (before.get(pid) ?? 0);
  return used;
}

/** Sealed pre-match singles of `memberCount` funded members, three each, for autocannon. */
async function memberBets(app: Awaited<ReturnType<typeof buildApp>>, ledger: Ledger) {
  const currency = requireCurrency('CNY');
  // Pre-match 1X2 prices: accepted at once, as most bets are.
  const options = (await preMatchEvents()).flatMap((event) =>
    event.markets
      .filter((market) => market.playId === 3 && market.status === 'active')
      .flatMap((market) =>
        market.outcomes
          .filter((outcome) => outcome.active && outcome.odds > 0)
          .map((outcome) => ({
            optId: encodeOptionId({
              eventId: event.eventId,
              playId: 3,
              specifiers: market.specifiers,
              outcomeId: outcome.id,
            }),
            odds: memberOdds(fromOddsUnits(outcome.odds), 3, [0, 0, 0]),
          })),
      ),
  );
  const bodies: unknown[] = [];
  for (let index = 0; index < memberCount; index++) {
    const created = await app.inject({
      method: 'POST',
      url: memberCreateAccount.path,
      remoteAddress: `10.1.${Math.floor(index / 250)}.${index % 250}`,
      payload: { account: `bench${index}${randomBytes(3).toString('hex')}`, pwd: 'a'.repeat(32) },
    });
    const session = (created.json() as { data: { uid: string; token: string; memberId: number } })
      .data;
    await ledger.transfer({
      idempotencyKey: `bench-orders-fund-${session.memberId}`,
      kind: 'bench_grant',
      postings: [
        { account: { systemCode: 'house', currencyId: currency.currencyId }, amount: -1e10 },
        {
          account: { userId: session.memberId, bucket: 'main', currencyId: currency.currencyId },
          amount: 1e10,
        },
      ],
    });
    for (let bet = 0; bet < 3; bet++) {
      const option = options[(index * 3 + bet) % options.length];
      if (!option) throw new Error('no pre-match price to bet on');
      const data = await sealPayload(session.token, {
        betType: 0,
        stake: 1_000,
        scale: currency.scale,
        currencyId: currency.currencyId,
        acceptOdds: 0,
        selections: [option],
      });
      bodies.push({ uid: session.uid, token: session.token, data });
    }
  }
  return bodies;
}

/** A server of one contender on a fresh database, its members funded, ready to be driven. */
export async function preparePlacement(contender: Contender) {
  const scratch = await createScratchDatabase('sb_bench_orders');
  const database = await openDatabase({
    databaseUrl: scratch.url,
    dataDir: 'memory',
    poolSize: connections,
  });
  const app = await buildApp({
    config: {
      LOG_LEVEL: 'error',
      PARTNER_SECRETS: new Map(),
      SESSION_TTL_HOURS: 24,
      TRUST_PROXY_HOPS: 0,
      SEAL_PAYLOADS: true,
      REDIS_URL: undefined,
      WEB_DIST_DIR: undefined,
      ...rateLimitOutOfReach,
      ...contender.config,
    },
    database,
    counters: createMemoryCounterStore(),
    // A lighter world than the default: building it stays within the app's start-up time.
    feedProvider: createSimulatorProvider({ seed: 'bench-orders', speed: 1, density: 0.5 }),
  });
  const close = async () => {
    await app.close();
    await database.close();
    await scratch.drop();
  };
  try {
    const url = `${await app.listen({ host: '127.0.0.1', port: 0 })}${orderCreate.path}`;
    const bodies = await memberBets(app, createLedger(database.db));
    const countOrders = async () =>
      (await database.db.select({ rows: count() }).from(orders))[0]?.rows ?? 0;
    return {
      contender,
      async drive(seconds: number): Promise<PlacementSample> {
        const before = await countOrders();
        const pidsBefore = await backendPids(scratch.name);
        const databaseBefore = processCpuSeconds(pidsBefore);
        const serverBefore = mainThreadCpuSeconds();
        const load = await loadUrl({
          url,
          method: 'POST',
          bodies,
          connections,
          durationSeconds: seconds,
        });
        const serverAfter = mainThreadCpuSeconds();
        const pidsAfter = await backendPids(scratch.name);
        const databaseAfter = processCpuSeconds([...new Set([...pidsBefore, ...pidsAfter])]);
        const after = await countOrders();
        return {
          placed: after - before,
          requests: load.requestsTotal,
          seconds,
          latencyP50Ms: load.latencyP50Ms,
          latencyP99Ms: load.latencyP99Ms,
          failures: load.failures,
          serverCpuSeconds:
            serverBefore === undefined || serverAfter === undefined
              ? undefined
              : serverAfter - serverBefore,
          databaseCpuSeconds: cpuBetween(databaseBefore, databaseAfter),
        };
      },
      isLedgerSound: async () => (await checkLedger(database.db)).ok,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

type Placement = Awaited<ReturnType<typeof preparePlacement>>;

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};
/** CPU per order in ms, or "n/a" where /proc could not be read. */
function cpuPerOrder(
  samples: readonly PlacementSample[],
  pick: (sample: PlacementSample) => number | undefined,
) {
  const used = samples.map(pick);
  if (used.some((seconds) => seconds === undefined)) return 'n/a';
  const placed = sum(samples.map((sample) => sample.placed));
  return `${((sum(used as number[]) * 1000) / Math.max(1, placed)).toFixed(3)} ms`;
}

function placementFigures(
  label: string,
  samples: readonly PlacementSample[],
  peerPerSecond: number,
) {
  const seconds = sum(samples.map((sample) => sample.seconds));
  const placed = sum(samples.map((sample) => sample.placed));
  const requests = sum(samples.map((sample) => sample.requests));
  const placedPerSecond = placed / seconds;
  const ratio = placedPerSecond / peerPerSecond;
  return {
    ratio,
    failures: sum(samples.map((sample) => sample.failures)),
    figures: {
      [`${label}: orders placed/s`]: placedPerSecond.toFixed(1),
      [`${label}: requests/s`]: (requests / seconds).toFixed(1),
      [`${label}: p50 (median round) / p99 (worst round)`]: `${median(samples.map((sample) => sample.latencyP50Ms))} ms / ${Math.max(...samples.map((sample) => sample.latencyP99Ms))} ms`,
      [`${label}: transport failures`]: String(sum(samples.map((sample) => sample.failures))),
      [`${label}: server main thread CPU per order`]: cpuPerOrder(
        samples,
        (sample) => sample.serverCpuSeconds,
      ),
      [`${label}: database CPU per order`]: cpuPerOrder(
        samples,
        (sample) => sample.databaseCpuSeconds,
      ),
      [`${label}: ratio (orders / pgbench)`]: ratio.toFixed(3),
    } as Record<string, string>,
  };
}

/**
 * Bets through `POST /trade/api/order/create` (token check, the sealed bet opened, every rule of
 * placement, the stake held by the ledger in the order's transaction) from 100 members on
 * PostgreSQL, against pgbench TPC-B on the same server. Each contender (a setting of the
 * server) and pgbench take turns in short rounds, in one order and then the reverse, so that a
 * change in the machine's load falls on all of them alike.
 */
export async function benchBetPlacement(): Promise<BenchResult> {
  const placements: Placement[] = [];
  const samples = new Map<Placement, PlacementSample[]>();
  const peerSamples: Sample[] = [];
  const sound: boolean[] = [];
  try {
    for (const contender of contenders) placements.push(await preparePlacement(contender));
    const peer = await preparePgbench();
    try {
      for (const placement of placements) {
        samples.set(placement, []);
        await placement.drive(warmUpSeconds);
      }
      // Each turn is one contender's round, or pgbench's (null).
      const turn = [...placements, null];
      for (let round = 0; round < rounds; round += 1) {
        for (const driven of round % 2 === 0 ? turn : [...turn].reverse()) {
          if (driven === null) peerSamples.push(await peer.drive(roundSeconds));
          else samples.get(driven)?.push(await driven.drive(roundSeconds));
        }
      }
    } finally {
      await peer.close();
    }
    for (const placement of placements) sound.push(await placement.isLedgerSound());
  } finally {
    for (const placement of placements) await placement.close();
  }
  const pgbench = summarise(peerSamples);
  const results = placements.map((placement) =>
    placementFigures(
      placement.contender.label,
      samples.get(placement) ?? [],
      pgbench.transactionsPerSecond,
    ),
  );
  const isLedgerSound = sound.every(Boolean);
  const [standard] = results;
  return {
    name: 'Bet placement',
    method: `\`POST ${orderCreate.path}\`: sealed pre-match singles of ${memberCount} funded members (token check, the bet opened, every placement rule, order, legs, history and the stake held by the ledger in one database transaction, shared by the bets arriving together unless batching is off), driven by autocannon (its own thread) with ${connections} connections on PostgreSQL (pool of ${connections}), against \`pgbench\` TPC-B (scale ${connections}, ${connections} clients, 2 threads) on the same server, each in a fresh database dropped afterwards. After ${warmUpSeconds} s of warm-up, ${rounds} rounds of ${roundSeconds} s, the contenders and pgbench taking turns (one order, then the reverse). The per-member order rate is raised out of reach (100 members place tens of bets a second each), though still checked on every bet. Orders are counted in the database, so a refused bet does not count. CPU per order is the server's main thread (the event loop; the load generator's thread apart) and the database backends of its pool, from /proc. Other work shares the machine's 2 cores, so the figures are noisy.`,
    figures: {
      ...Object.assign({}, ...results.map((result) => result.figures)),
      'ledger check after the run': isLedgerSound ? 'passed' : 'FAILED',
      'pgbench TPC-B transactions/s': pgbench.transactionsPerSecond.toFixed(1),
      'pgbench p50 / p99 latency': `${pgbench.latencyP50Ms.toFixed(2)} ms / ${pgbench.latencyP99Ms.toFixed(2)} ms`,
    },
    target: `at least 0.5 of pgbench TPC-B transactions per second (${contenders[0]?.label})`,
    isMet:
      (standard?.ratio ?? 0) >= 0.5 &&
      results.every((result) => result.failures === 0) &&
      isLedgerSound,
  };
}

/**
 * Pre-match events of the app's world: a simulator of the same seed lists the same fixtures (the
 * bets take any price, so a price that moved since does not refuse them).
 */
async function preMatchEvents() {
  const simulator = createSimulator({
    seed: 'bench-orders',
    speed: 1,
    density: 0.5,
    startTime: Date.now(),
  });
  return simulator
    .snapshot()
    .events.filter((event) => event.status.status === 'not_started')
    .map((event) => ({ eventId: event.fixture.eventId, markets: event.markets }));
}
