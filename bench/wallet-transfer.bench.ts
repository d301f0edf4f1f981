import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { requireCurrency } from '@sb/domain';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database';
import { users } from '../apps/server/src/modules/identity/identity.schema';
import { createLedger, type Ledger } from '../apps/server/src/modules/ledger/ledger.service';
import { checkLedger } from '../apps/server/src/modules/ledger/ledger-check';
import type { BenchResult } from './report';

const run = promisify(execFile);

/** The server both sides use; a fresh database is created beside `postgres` and dropped after. */
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pgbenchPath = process.env.PGBENCH_PATH ?? '/usr/bin/pgbench';
const clients = 10;
const pgbenchScale = clients;
const rounds = 4;
const roundSeconds = 5;
const warmUpSeconds = 2;
const memberCount = 10_000;
/** Each member starts rich enough that no transfer of the run is refused for want of money. */
const startingBalanceMinor = 100_000_000;
/** The ledger takes at most 64 postings a transaction: one from the house, the rest to members. */
const membersPerGrant = 63;

interface Figures {
  transactionsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  failures: number;
}

function percentile(sortedMs: readonly number[], fraction: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const index = Math.min(sortedMs.length - 1, Math.ceil(fraction * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)] as number;
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** A new database on the bench server, and the URL that reaches it. */
async function createDatabase(prefix: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await withAdmin((admin) => admin.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

async function dropDatabase(name: string): Promise<void> {
  await withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`));
}

/** Members with money, created in bulk so that setting up takes seconds, not minutes. */
async function seedMembers(database: DatabaseHandle, ledger: Ledger, currencyId: number) {
  const userIds: number[] = [];
  for (let start = 0; start < memberCount; start += 1_000) {
    const rows = await database.db
      .insert(users)
      .values(
        Array.from({ length: Math.min(1_000, memberCount - start) }, (_, index) => ({
          uid: `bench-${start + index}-${randomBytes(4).toString('hex')}`,
          type: 1,
          currencyId,
        })),
      )
      .returning({ id: users.id });
    userIds.push(...rows.map((row) => row.id));
  }
  for (let start = 0; start < userIds.length; start += membersPerGrant) {
    const batch = userIds.slice(start, start + membersPerGrant);
    await ledger.transfer({
      idempotencyKey: `bench-grant-${start}`,
      kind: 'bench_grant',
      postings: [
        {
          account: { systemCode: 'house', currencyId },
          amount: -startingBalanceMinor * batch.length,
        },
        ...batch.map((userId) => ({
          account: { userId, bucket: 'main' as const, currencyId },
          amount: startingBalanceMinor,
        })),
      ],
    });
  }
  return userIds;
}

export interface Sample {
  latenciesMs: number[];
  seconds: number;
  failures: number;
}

export function summarise(samples: readonly Sample[]): Figures {
  const latenciesMs = samples.flatMap((sample) => sample.latenciesMs).sort((l, r) => l - r);
  const seconds = samples.reduce((sum, sample) => sum + sample.seconds, 0);
  return {
    transactionsPerSecond: latenciesMs.length / seconds,
    latencyP50Ms: percentile(latenciesMs, 0.5),
    latencyP99Ms: percentile(latenciesMs, 0.99),
    failures: samples.reduce((sum, sample) => sum + sample.failures, 0),
  };
}

/** A database of funded members and the ledger over it, for rounds of transfers. */
async function prepareWallet() {
  const created = await createDatabase('sb_bench_wallet');
  let database: DatabaseHandle | undefined;
  try {
    database = await openDatabase({
      databaseUrl: created.url,
      dataDir: 'memory',
      poolSize: clients,
    });
    const ledger = createLedger(database.db);
    const currencyId = requireCurrency('CNY').currencyId;
    const userIds = await seedMembers(database, ledger, currencyId);
    const handle = database;
    let round = 0;
    return {
      /** `clients` loops, each making one member-to-member transfer after another. */
      async drive(seconds: number): Promise<Sample> {
        round += 1;
        return driveTransfers(ledger, userIds, currencyId, seconds, `r${round}`);
      },
      isLedgerSound: async () => (await checkLedger(handle.db)).ok,
      async close() {
        await handle.close();
        await dropDatabase(created.name);
      },
    };
  } catch (error) {
    await database?.close();
    await dropDatabase(created.name);
    throw error;
  }
}

async function driveTransfers(
  ledger: Ledger,
  userIds: readonly number[],
  currencyId: number,
  seconds: number,
  runId: string,
): Promise<Sample> {
  const latenciesMs: number[] = [];
  let failures = 0;
  let sequence = 0;
  const endsAt = performance.now() + seconds * 1000;
  const pick = () => userIds[Math.floor(Math.random() * userIds.length)] as number;
  async function loop(): Promise<void> {
    while (performance.now() < endsAt) {
      const from = pick();
      let to = pick();
      while (to === from) to = pick();
      const amount = 1 + Math.floor(Math.random() * 10_000);
      sequence += 1;
      const startedAt = performance.now();
      try {
        await ledger.transfer({
          idempotencyKey: `bench-${runId}-${sequence}`,
          kind: 'bench_transfer',
          postings: [
            { account: { userId: from, bucket: 'main', currencyId }, amount: -amount },
            { account: { userId: to, bucket: 'main', currencyId }, amount },
          ],
        });
        latenciesMs.push(performance.now() - startedAt);
      } catch {
        failures += 1;
      }
    }
  }
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: clients }, () => loop()));
  return { latenciesMs, seconds: (performance.now() - startedAt) / 1000, failures };
}

/** pgbench's per-transaction logs (`-l`), one line a transaction; the third field is its latency in µs. */
function readPgbenchLatencies(logDir: string): number[] {
  const latenciesMs: number[] = [];
  for (const file of readdirSync(logDir)) {
    for (const line of readFileSync(join(logDir, file), 'utf8').split('\n')) {
      const fields = line.trim().split(/\s+/);
      if (fields.length >= 6) latenciesMs.push(Number(fields[2]) / 1000);
    }
  }
  return latenciesMs;
}

/**
 * A pgbench database at scale = clients by default, so that branch rows are not the bottleneck;
 * another bench may ask for its own number of clients and scale.
 */
export async function preparePgbench(options: { clients?: number; scale?: number } = {}) {
  const peerClients = options.clients ?? clients;
  const scale = options.scale ?? pgbenchScale;
  const created = await createDatabase('sb_bench_pgbench');
  const url = new URL(created.url);
  const connection = [
    '-h',
    url.hostname,
    '-p',
    url.port || '5432',
    '-U',
    url.username || 'postgres',
  ];
  try {
    await run(pgbenchPath, [...connection, '-i', '-q', '-s', String(scale), created.name]);
  } catch (error) {
    await dropDatabase(created.name);
    throw error;
  }
  return {
    /** The built-in TPC-B script with `peerClients` clients on two threads. */
    async drive(seconds: number): Promise<Sample> {
      const logDir = mkdtempSync(join(tmpdir(), 'sb-pgbench-'));
      try {
        const args = ['-c', String(peerClients), '-j', '2', '-T', String(seconds)];
        await run(pgbenchPath, [
          ...connection,
          ...args,
          '-l',
          `--log-prefix=${join(logDir, 'tx')}`,
          created.name,
        ]);
        return { latenciesMs: readPgbenchLatencies(logDir), seconds, failures: 0 };
      } finally {
        rmSync(logDir, { recursive: true, force: true });
      }
    },
    close: () => dropDatabase(created.name),
  };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

/**
 * Wallet transfers through the product's ledger service against pgbench's TPC-B on the same
 * PostgreSQL server with the same number of clients. The two take turns in short rounds, first
 * one then the other leading, so that a change in the machine's load (other work on the same
 * cores) falls on both alike.
 */
export async function benchWalletTransfer(): Promise<BenchResult> {
  const wallet = await prepareWallet();
  const walletSamples: Sample[] = [];
  const peerSamples: Sample[] = [];
  let isLedgerSound = false;
  try {
    const peer = await preparePgbench();
    try {
      await wallet.drive(warmUpSeconds);
      for (let round = 0; round < rounds; round += 1) {
        if (round % 2 === 0) {
          walletSamples.push(await wallet.drive(roundSeconds));
          peerSamples.push(await peer.drive(roundSeconds));
        } else {
          peerSamples.push(await peer.drive(roundSeconds));
          walletSamples.push(await wallet.drive(roundSeconds));
        }
      }
      isLedgerSound = await wallet.isLedgerSound();
    } finally {
      await peer.close();
    }
  } finally {
    await wallet.close();
  }
  const ledger = summarise(walletSamples);
  const pgbench = summarise(peerSamples);
  const ratio = ledger.transactionsPerSecond / pgbench.transactionsPerSecond;
  return {
    name: 'Wallet transfers',
    method: `Member-to-member transfers through the ledger service (\`transfer\`: idempotency key, accounts locked in a fixed order, balances kept from going below zero, postings written) between random pairs of ${memberCount} funded members, ${clients} concurrent clients on a pool of ${clients} connections, against \`pgbench\` TPC-B (built-in script, scale ${pgbenchScale}, ${clients} clients, 2 threads) on the same PostgreSQL server, each in a fresh database dropped afterwards. After ${warmUpSeconds} s of warm-up, ${rounds} rounds of ${roundSeconds} s each, the two taking turns.`,
    figures: {
      'wallet transfers/s': ledger.transactionsPerSecond.toFixed(1),
      'wallet p50 / p99 latency': `${ms(ledger.latencyP50Ms)} / ${ms(ledger.latencyP99Ms)}`,
      'wallet failures': String(ledger.failures),
      'ledger check after the run': isLedgerSound ? 'passed' : 'FAILED',
      'pgbench TPC-B transactions/s': pgbench.transactionsPerSecond.toFixed(1),
      'pgbench p50 / p99 latency': `${ms(pgbench.latencyP50Ms)} / ${ms(pgbench.latencyP99Ms)}`,
      'ratio (wallet / pgbench)': ratio.toFixed(3),
    },
    target: 'at least 0.8 of pgbench TPC-B transactions per second, with no failed transfer',
    isMet: ratio >= 0.8 && ledger.failures === 0 && isLedgerSound,
  };
}
