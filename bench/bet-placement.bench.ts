import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
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
import { createLedger } from '../apps/server/src/modules/ledger/ledger.service';
import { checkLedger } from '../apps/server/src/modules/ledger/ledger-check';
import { orders } from '../apps/server/src/modules/orders/orders.schema';
import { createMemoryCounterStore } from '../apps/server/src/platform/counter-store';
import { loadUrl } from './http-load';
import type { BenchResult } from './report';

const run = promisify(execFile);
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pgbenchPath = process.env.PGBENCH_PATH ?? '/usr/bin/pgbench';
const connections = 10;
const durationSeconds = 10;
const memberCount = 100;

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

const percentile = (sorted: readonly number[], fraction: number) =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1))] ??
  Number.NaN;

/** pgbench TPC-B, `connections` clients on 2 threads, in a scratch database: tps and p99. */
async function runPgbench(seconds: number) {
  const scratch = await createScratchDatabase('sb_bench_pgbench');
  const url = new URL(scratch.url);
  const connection = [
    '-h',
    url.hostname,
    '-p',
    url.port || '5432',
    '-U',
    url.username || 'postgres',
  ];
  const logDir = mkdtempSync(join(tmpdir(), 'sb-pgbench-'));
  try {
    await run(pgbenchPath, [...connection, '-i', '-q', '-s', String(connections), scratch.name]);
    const args = ['-c', String(connections), '-j', '2', '-T', String(seconds), '-l'];
    await run(pgbenchPath, [
      ...connection,
      ...args,
      `--log-prefix=${join(logDir, 'tx')}`,
      scratch.name,
    ]);
    const latencies: number[] = [];
    for (const file of readdirSync(logDir))
      for (const line of readFileSync(join(logDir, file), 'utf8').split('\n')) {
        const fields = line.trim().split(/\s+/);
        if (fields.length >= 6) latencies.push(Number(fields[2]) / 1000);
      }
    latencies.sort((left, right) => left - right);
    return { perSecond: latencies.length / seconds, p99Ms: percentile(latencies, 0.99) };
  } finally {
    rmSync(logDir, { recursive: true, force: true });
    await scratch.drop();
  }
}

/**
 * Bets through `POST /trade/api/order/create` (token check, the sealed bet opened, every rule of
 * placement, the stake held by the ledger in the order's transaction) from 100 members on
 * PostgreSQL, against pgbench TPC-B on the same server.
 */
export async function benchBetPlacement(): Promise<BenchResult> {
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
    },
    database,
    counters: createMemoryCounterStore(),
    // A lighter world than the default: building it stays within the app's start-up time.
    feedProvider: createSimulatorProvider({ seed: 'bench-orders', speed: 1, density: 0.5 }),
  });
  try {
    const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const currency = requireCurrency('CNY');
    const ledger = createLedger(database.db);
    // Pre-match 1X2 prices: accepted at once, as most bets are.
    const snapshot = await preMatchEvents();
    const options = snapshot.flatMap((event) =>
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
        payload: {
          account: `bench${index}${randomBytes(3).toString('hex')}`,
          pwd: 'a'.repeat(32),
        },
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
    const [before] = await database.db.select({ rows: count() }).from(orders);
    const placement = await loadUrl({
      url: `${appUrl}${orderCreate.path}`,
      method: 'POST',
      bodies,
      connections,
      durationSeconds,
    });
    const [after] = await database.db.select({ rows: count() }).from(orders);
    const placed = (after?.rows ?? 0) - (before?.rows ?? 0);
    const placedPerSecond = placed / durationSeconds;
    const ledgerCheck = await checkLedger(database.db);
    const peer = await runPgbench(durationSeconds);
    const ratio = placedPerSecond / peer.perSecond;
    return {
      name: 'Bet placement',
      method: `\`POST ${orderCreate.path}\`: sealed pre-match singles of ${memberCount} funded members (token check, the bet opened, every placement rule, order, legs, history and the stake held by the ledger in one transaction), driven by autocannon with ${connections} connections for ${durationSeconds} s on PostgreSQL (pool of ${connections}), against \`pgbench\` TPC-B (scale ${connections}, ${connections} clients, 2 threads) for as long on the same server, each in a fresh database dropped afterwards. Orders are counted in the database, so a refused bet does not count. The engine has no path placing several orders in one transaction: each order is one transaction, the unit its idempotency and its stake hold need. Other work shares the machine's 2 cores, so the figures are noisy.`,
      figures: {
        'orders placed/s': placedPerSecond.toFixed(1),
        'requests/s': placement.requestsPerSecond.toFixed(1),
        'order p50 / p99 latency': `${placement.latencyP50Ms} ms / ${placement.latencyP99Ms} ms`,
        'transport failures': String(placement.failures),
        'ledger check after the run': ledgerCheck.ok ? 'passed' : 'FAILED',
        'pgbench TPC-B transactions/s': peer.perSecond.toFixed(1),
        'pgbench p99 latency': `${peer.p99Ms.toFixed(2)} ms`,
        'ratio (orders / pgbench)': ratio.toFixed(3),
      },
      target: 'at least 0.5 of pgbench TPC-B transactions per second',
      isMet: ratio >= 0.5 && placement.failures === 0 && ledgerCheck.ok,
    };
  } finally {
    await app.close();
    await database.close();
    await scratch.drop();
  }
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
