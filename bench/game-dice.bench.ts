import { randomBytes } from 'node:crypto';
import { gamePlay, houseDicePlay, memberCreateAccount } from '@sb/contract';
import { requireCurrency } from '@sb/domain';
import { count, inArray } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/database';
import { gameRounds } from '../apps/server/src/modules/games/games.schema';
import { ledgerTransactions } from '../apps/server/src/modules/ledger/ledger.schema';
import { createLedger } from '../apps/server/src/modules/ledger/ledger.service';
import { checkLedger } from '../apps/server/src/modules/ledger/ledger-check';
import { createMemoryCounterStore } from '../apps/server/src/platform/counter-store';
import { createScratchDatabase } from './bet-placement.bench';
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
/** Minor units of CNY: 10.00 a round, under 50.00 (pays 1.98× at the house's 1 % edge). */
const stake = 1_000;
const target = 5_000;
/** Each member's main balance, and how much of it is moved into the house's game balance. */
const funded = 1e10;
const movedIn = 1e9;

interface RoundSample {
  /** Rounds decided (won or lost) in the database during the sample. */
  played: number;
  requests: number;
  seconds: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  failures: number;
  /** CPU seconds of the server's main thread and of its database backends in the round. */
  serverCpuSeconds: number | undefined;
  databaseCpuSeconds: number | undefined;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
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

/**
 * A server on a fresh database with `memberCount` members, each funded and with money moved
 * into the house's game balance through `/game/play`, and one dice body per member for
 * autocannon. The bodies carry no idempotency key, so the server makes one up for each call and
 * every request is a round of its own.
 */
async function prepareDice() {
  const scratch = await createScratchDatabase('sb_bench_dice');
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
  });
  const close = async () => {
    await app.close();
    await database.close();
    await scratch.drop();
  };
  try {
    const url = `${await app.listen({ host: '127.0.0.1', port: 0 })}${houseDicePlay.path}`;
    const ledger = createLedger(database.db);
    const currency = requireCurrency('CNY');
    const bodies: unknown[] = [];
    for (let index = 0; index < memberCount; index++) {
      const created = await app.inject({
        method: 'POST',
        url: memberCreateAccount.path,
        remoteAddress: `10.2.${Math.floor(index / 250)}.${index % 250}`,
        payload: { account: `dice${index}${randomBytes(3).toString('hex')}`, pwd: 'a'.repeat(32) },
      });
      const session = (created.json() as { data: { uid: string; token: string; memberId: number } })
        .data;
      await ledger.transfer({
        idempotencyKey: `bench-dice-fund-${session.memberId}`,
        kind: 'bench_grant',
        postings: [
          { account: { systemCode: 'house', currencyId: currency.currencyId }, amount: -funded },
          {
            account: { userId: session.memberId, bucket: 'main', currencyId: currency.currencyId },
            amount: funded,
          },
        ],
      });
      const moved = await app.inject({
        method: 'POST',
        url: gamePlay.path,
        payload: {
          uid: session.uid,
          token: session.token,
          gameId: 'house.dice',
          amount: movedIn,
          idempotencyKey: `bench-dice-in-${session.memberId}`,
        },
      });
      const answer = moved.json() as { code: number; msg: string; data?: { gameBalance: number } };
      if (answer.code !== 0 || answer.data?.gameBalance !== movedIn)
        throw new Error(`moving money into the game balance failed: ${answer.msg}`);
      bodies.push({
        uid: session.uid,
        token: session.token,
        stake,
        target,
        direction: 'under',
      });
    }
    const decided = async () =>
      (
        await database.db
          .select({ rows: count() })
          .from(gameRounds)
          .where(inArray(gameRounds.status, ['won', 'lost']))
      )[0]?.rows ?? 0;
    const ledgerKinds = async () => {
      const rows = await database.db
        .select({ kind: ledgerTransactions.kind, rows: count() })
        .from(ledgerTransactions)
        .where(inArray(ledgerTransactions.kind, ['game_stake', 'game_return']))
        .groupBy(ledgerTransactions.kind);
      const of = (kind: string) => rows.find((row) => row.kind === kind)?.rows ?? 0;
      return { stakes: of('game_stake'), returns: of('game_return') };
    };
    return {
      async drive(seconds: number): Promise<RoundSample> {
        const before = await decided();
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
        const after = await decided();
        return {
          played: after - before,
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
      /** The ledger balanced, and the rounds' stakes and returns each once per round. */
      async check() {
        const unsettled = (
          await database.db
            .select({ rows: count() })
            .from(gameRounds)
            .where(inArray(gameRounds.status, ['open', 'refunded']))
        )[0]?.rows;
        const [ledgerCheck, played, kinds] = await Promise.all([
          checkLedger(database.db),
          decided(),
          ledgerKinds(),
        ]);
        return {
          isLedgerSound: ledgerCheck.ok,
          played,
          unsettled: unsettled ?? 0,
          ...kinds,
        };
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};
/** CPU per round in ms, or "n/a" where /proc could not be read. */
function cpuPerRound(
  samples: readonly RoundSample[],
  pick: (sample: RoundSample) => number | undefined,
) {
  const used = samples.map(pick);
  if (used.some((seconds) => seconds === undefined)) return 'n/a';
  const played = sum(samples.map((sample) => sample.played));
  return `${((sum(used as number[]) * 1000) / Math.max(1, played)).toFixed(3)} ms`;
}

/**
 * Rounds of dice through `POST /game/house/dice/play` (token check, the member's switches and
 * the game's settings, the seed pair locked, the roll drawn, the round written, its stake and its
 * return in the ledger, all in one transaction) from 100 members on PostgreSQL, against pgbench
 * TPC-B on the same server, taking turns in short rounds (one order, then the reverse) so that a
 * change in the machine's load falls on both alike.
 */
export async function benchGameDice(): Promise<BenchResult> {
  const samples: RoundSample[] = [];
  const peerSamples: Sample[] = [];
  const dice = await prepareDice();
  let checked: Awaited<ReturnType<typeof dice.check>>;
  try {
    const peer = await preparePgbench();
    try {
      await dice.drive(warmUpSeconds);
      const turn = [dice, null];
      for (let round = 0; round < rounds; round += 1) {
        for (const driven of round % 2 === 0 ? turn : [...turn].reverse()) {
          if (driven === null) peerSamples.push(await peer.drive(roundSeconds));
          else samples.push(await driven.drive(roundSeconds));
        }
      }
    } finally {
      await peer.close();
    }
    checked = await dice.check();
  } finally {
    await dice.close();
  }
  const pgbench = summarise(peerSamples);
  const seconds = sum(samples.map((sample) => sample.seconds));
  const played = sum(samples.map((sample) => sample.played));
  const requests = sum(samples.map((sample) => sample.requests));
  const failures = sum(samples.map((sample) => sample.failures));
  const roundsPerSecond = played / seconds;
  const ratio = roundsPerSecond / pgbench.transactionsPerSecond;
  // Every round decided has one stake and one return in the ledger; none is left open or refunded.
  const isBooked =
    checked.unsettled === 0 &&
    checked.stakes === checked.played &&
    checked.returns === checked.played;
  const isLedgerSound = checked.isLedgerSound && isBooked;
  return {
    name: 'Dice rounds',
    method: `\`POST ${houseDicePlay.path}\`: rounds of dice (${stake / 100}.00 CNY under ${target / 100}.00) of ${memberCount} members, each funded and with money moved into the house's game balance through \`${gamePlay.path}\` before timing (token check, the member's switches and the game's settings, the seed pair locked, the roll drawn, the round written, its stake and its return in the ledger, all in one database transaction; no idempotency key sent, so the server makes one up for each round), driven by autocannon (its own thread) with ${connections} connections on PostgreSQL (pool of ${connections}, no feed), against \`pgbench\` TPC-B (scale ${connections}, ${connections} clients, 2 threads) on the same server, each in a fresh database dropped afterwards. After ${warmUpSeconds} s of warm-up, ${rounds} rounds of ${roundSeconds} s, the two taking turns (one order, then the reverse). Rounds are counted in the database (won or lost), so a refused call does not count. CPU per round is the server's main thread (the event loop; the load generator's thread apart) and the database backends of its pool, from /proc. Other work shares the machine's 2 cores, so the figures are noisy.`,
    figures: {
      'dice rounds/s': roundsPerSecond.toFixed(1),
      'requests/s': (requests / seconds).toFixed(1),
      'p50 (median round) / p99 (worst round)': `${median(samples.map((sample) => sample.latencyP50Ms))} ms / ${Math.max(...samples.map((sample) => sample.latencyP99Ms))} ms`,
      'transport failures': String(failures),
      'server main thread CPU per round': cpuPerRound(samples, (sample) => sample.serverCpuSeconds),
      'database CPU per round': cpuPerRound(samples, (sample) => sample.databaseCpuSeconds),
      'ratio (rounds / pgbench)': ratio.toFixed(3),
      'rounds decided / stakes / returns in the ledger (whole run)': `${checked.played} / ${checked.stakes} / ${checked.returns}`,
      'ledger check after the run': isLedgerSound ? 'passed' : 'FAILED',
      'pgbench TPC-B transactions/s': pgbench.transactionsPerSecond.toFixed(1),
      'pgbench p50 / p99 latency': `${pgbench.latencyP50Ms.toFixed(2)} ms / ${pgbench.latencyP99Ms.toFixed(2)} ms`,
    },
    target: 'at least 0.5 of pgbench TPC-B transactions per second, with no failed request',
    isMet: ratio >= 0.5 && failures === 0 && isLedgerSound,
  };
}
