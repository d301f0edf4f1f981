import { setTimeout as sleep } from 'node:timers/promises';
import {
  gamePlay,
  houseDicePlay,
  houseMinesStart,
  matchList,
  matchListType,
  orderCreate,
  orderStatus,
  withdrawStatus,
} from '@sb/contract';
import { openPayload, sealPayload } from '@sb/domain';
import { createRng } from '@sb/feed-sim';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database';
import { gameRounds } from '../../src/modules/games/games.schema';
import { ledgerAccounts, ledgerTransactions } from '../../src/modules/ledger/ledger.schema';
import { checkLedger } from '../../src/modules/ledger/ledger-check';
import { orders } from '../../src/modules/orders/orders.schema';
import { withdrawals } from '../../src/modules/withdrawals/withdrawals.schema';
import { stakesHeld } from '../orders/helpers';
import {
  callServer,
  createProcessDatabase,
  type ProcessDatabase,
  type ServerProcess,
  startServerProcess,
} from '../realtime/server-process';
import type { TestApp } from '../test-app';
import { cny, createWithdrawal, orderNoOf, readyMember } from '../withdrawals/helpers';
import { recordFigures, sized } from './reliability-run';

/**
 * A crash test: members bet and ask for withdrawals against a real server process on PostgreSQL
 * while the server is killed with SIGKILL several times and started again on the same database.
 * Members play the house's games beside it (dice, each round one transaction; mines rounds left
 * open). Afterwards every request a client saw acknowledged must be in the database, nothing may
 * be half done (each open order and open game round holds exactly its stake, each decided round
 * has its stake and its return, each waiting withdrawal exactly its frozen amount), and
 * ledger:check must pass. PGlite is an embedded, single-process database whose
 * files a killed process may leave mid-write, so the test runs on PostgreSQL only (CI's second
 * pass).
 */

const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);
const rng = createRng('crash', seed);
const memberCount = 6;
const clientCount = 6;
const killCount = sized(2, 6);
const funding = 5_000_000;
const serverEnv = { FEED_SEED: 'crash-test', BET_DELAY_MS: '500' };

type Member = Awaited<ReturnType<typeof readyMember>>;
interface Option {
  optId: string;
  odds: number;
}
interface ListedMatch {
  z: Record<string, Record<string, { oi: string; o: number; s: number }[]>>;
}

let database: ProcessDatabase | undefined;
let server: ServerProcess | undefined;
let reader: DatabaseHandle | undefined;

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  database = await createProcessDatabase();
  server = await startServerProcess(serverEnv, { database });
  const url = database.env.DATABASE_URL;
  if (!url) throw new Error('the crash test needs PostgreSQL');
  reader = await openDatabase({ databaseUrl: url, dataDir: 'memory', poolSize: 2 });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await reader?.close();
  await database?.drop();
});

/** The helpers' view of a test app, pointed at whichever server process is up. */
function remoteApp(): TestApp {
  return {
    call: (path: string, fields: Record<string, unknown> = {}) => {
      if (!server) throw new Error('no server');
      return callServer(server.url, path, fields);
    },
    database: reader,
  } as unknown as TestApp;
}

/** Pre-match 1X2 prices from the match list, as a member's slip would take them. */
async function preMatchOptions(member: Member): Promise<Option[]> {
  const answer = await remoteApp().call<string>(matchList.path, {
    ...member.auth,
    type: matchListType.early,
    size: 200,
  });
  const page = (await openPayload(member.auth.token, answer.data)) as { records?: ListedMatch[] };
  return (page.records ?? []).flatMap((match) =>
    Object.values(match.z['3'] ?? {}).flatMap((options) =>
      options
        .filter((option) => option.s === 0 && option.o > 1)
        .map((option) => ({ optId: option.oi, odds: option.o })),
    ),
  );
}

describe.runIf(process.env.TEST_DATABASE_URL)('crash test', () => {
  it(
    `keeps every acknowledged write through ${killCount} SIGKILLs (seed ${seed})`,
    async () => {
      const app = remoteApp();
      const members: Member[] = [];
      for (let index = 0; index < memberCount; index += 1)
        members.push(await readyMember(app, funding));
      const [first] = members;
      if (!first) throw new Error('no member');
      const lister: Member = first;
      // Money for the games, moved into the house's balance before the first kill.
      for (const member of members)
        expect(
          (
            await app.call(gamePlay.path, {
              ...member.auth,
              gameId: 'house.dice',
              amount: 1_000_000,
            })
          ).code,
        ).toBe(0);
      let options = await preMatchOptions(lister);
      expect(options.length).toBeGreaterThan(10);

      const acknowledged = {
        orders: [] as string[],
        withdrawals: [] as string[],
        rounds: [] as string[],
      };
      const counts = { sent: 0, refused: 0, unanswered: 0, restarts: 0 };
      let isRunning = true;
      const refusals = new Map<string, number>();
      const refuse = (reason: string) => {
        counts.refused += 1;
        refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
      };

      async function operation(): Promise<void> {
        const member = rng.pick(members);
        counts.sent += 1;
        try {
          if (rng.chance(0.25)) {
            // A round of dice, or a mines round started and left open.
            const isMines = rng.chance(0.2);
            const answer = await app.call<{ round: { roundNo: string } }>(
              isMines ? houseMinesStart.path : houseDicePlay.path,
              isMines
                ? { ...member.auth, stake: rng.int(100, 5_000), mines: rng.int(1, 24) }
                : { ...member.auth, stake: rng.int(100, 5_000), target: 5_000, direction: 'under' },
            );
            if (answer.code === 0) acknowledged.rounds.push(answer.data.round.roundNo);
            else refuse(`${isMines ? 'mines' : 'dice'} refused with code ${answer.code}`);
          } else if (rng.chance(0.75)) {
            const option = rng.pick(options);
            const data = await sealPayload(member.auth.token, {
              betType: 0,
              stake: rng.int(100, 20_000),
              scale: 2,
              acceptOdds: 1,
              selections: [option],
            });
            const answer = await app.call<{ orderNo: string }>(orderCreate.path, {
              ...member.auth,
              data,
            });
            if (answer.code === 0) acknowledged.orders.push(answer.data.orderNo);
            else refuse(`bet refused with code ${answer.code}`);
          } else {
            const answer = await createWithdrawal(app, member, { amount: rng.int(10_000, 50_000) });
            if (answer.code === 0) acknowledged.withdrawals.push(orderNoOf(answer.data));
            else refuse(`withdrawal refused with code ${answer.code}`);
          }
        } catch {
          // The server died under the request or is not up yet: nothing was acknowledged.
          counts.unanswered += 1;
          await sleep(50);
        }
      }

      async function client(): Promise<void> {
        while (isRunning) await operation();
      }

      async function killer(): Promise<void> {
        for (let kill = 0; kill < killCount; kill += 1) {
          await sleep(rng.int(500, 2_500));
          await server?.kill();
          server = await startServerProcess(serverEnv, { database });
          counts.restarts += 1;
          // A restarted simulator may have moved its book on: the slip takes today's prices.
          options = await preMatchOptions(lister);
        }
        await sleep(1_000);
      }

      const clients = Array.from({ length: clientCount }, client);
      await killer().finally(() => {
        isRunning = false;
      });
      await Promise.all(clients);
      // A graceful stop: what the last process had in hand is finished or left for the next start.
      await server?.stop();
      server = await startServerProcess(serverEnv, { database });

      if (!reader) throw new Error('no database');
      const { db } = reader;
      const foundOrders = await db
        .select({ orderNo: orders.orderNo })
        .from(orders)
        .where(inArray(orders.orderNo, acknowledged.orders));
      expect(foundOrders).toHaveLength(acknowledged.orders.length);
      const foundWithdrawals = await db
        .select({ orderNo: withdrawals.orderNo })
        .from(withdrawals)
        .where(inArray(withdrawals.orderNo, acknowledged.withdrawals));
      expect(foundWithdrawals).toHaveLength(acknowledged.withdrawals.length);
      const foundRounds = await db
        .select({ id: gameRounds.id })
        .from(gameRounds)
        .where(
          inArray(
            gameRounds.id,
            acknowledged.rounds.map((roundNo) => Number(roundNo.slice(1))),
          ),
        );
      expect(foundRounds).toHaveLength(acknowledged.rounds.length);
      expect(acknowledged.rounds.length).toBeGreaterThan(0);
      expect(acknowledged.orders.length).toBeGreaterThan(0);
      expect(acknowledged.withdrawals.length).toBeGreaterThan(0);

      // Nothing half done: every open order holds its stake, every waiting withdrawal its funds.
      const openStatuses = [orderStatus.pending, orderStatus.accepted];
      const [openStakes] = await db
        .select({ total: sql<string>`coalesce(sum(${orders.stakeMinor}), 0)` })
        .from(orders)
        .where(and(inArray(orders.status, openStatuses), eq(orders.currencyId, cny.currencyId)));
      const [openRounds] = await db
        .select({ total: sql<string>`coalesce(sum(${gameRounds.stake}), 0)` })
        .from(gameRounds)
        .where(and(eq(gameRounds.status, 'open'), eq(gameRounds.currencyId, cny.currencyId)));
      const held = await stakesHeld(remoteApp());
      expect(held).toBe(Number(openStakes?.total) + Number(openRounds?.total));
      // Every round has its stake, and every decided one its return.
      const [halfDone] = await db
        .select({ rounds: count() })
        .from(gameRounds)
        .leftJoin(
          ledgerTransactions,
          eq(ledgerTransactions.idempotencyKey, sql`'game:stake:' || ${gameRounds.id}`),
        )
        .where(isNull(ledgerTransactions.id));
      expect(halfDone?.rounds).toBe(0);
      const [undecided] = await db
        .select({ rounds: count() })
        .from(gameRounds)
        .leftJoin(
          ledgerTransactions,
          eq(ledgerTransactions.idempotencyKey, sql`'game:return:' || ${gameRounds.id}`),
        )
        .where(and(inArray(gameRounds.status, ['won', 'lost']), isNull(ledgerTransactions.id)));
      expect(undecided?.rounds).toBe(0);
      const [stakeless] = await db
        .select({ orders: count() })
        .from(orders)
        .leftJoin(
          ledgerTransactions,
          eq(ledgerTransactions.idempotencyKey, sql`'order-stake:' || ${orders.orderNo}`),
        )
        .where(isNull(ledgerTransactions.id));
      expect(stakeless?.orders).toBe(0);
      const waiting = [withdrawStatus.onWithdrawal, withdrawStatus.locking];
      const [waitingAmount] = await db
        .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)` })
        .from(withdrawals)
        .where(inArray(withdrawals.status, waiting));
      const [frozen] = await db
        .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)` })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.bucket, 'frozen'));
      expect(Number(frozen?.total)).toBe(Number(waitingAmount?.total));
      const check = await checkLedger(db);
      expect(check, JSON.stringify(check)).toMatchObject({ ok: true });

      recordFigures('crash', reader.kind, {
        title: 'Crash test',
        method: `${memberCount} members betting and asking for withdrawals from ${clientCount} concurrent clients against a server process on PostgreSQL, killed with SIGKILL ${killCount} times at random moments and started again on the same database; seed ${seed}.`,
        figures: {
          'server processes killed / restarted': `${killCount} / ${counts.restarts}`,
          'requests sent': counts.sent,
          'requests unanswered (server down)': counts.unanswered,
          'requests refused':
            [...refusals].map(([reason, times]) => `${times} × ${reason}`).join('; ') || 'none',
          'orders acknowledged / found': `${acknowledged.orders.length} / ${foundOrders.length}`,
          'game rounds acknowledged / found': `${acknowledged.rounds.length} / ${foundRounds.length}`,
          'withdrawals acknowledged / found': `${acknowledged.withdrawals.length} / ${foundWithdrawals.length}`,
          'stakes held / stakes of open orders and open game rounds': `${held} / ${openStakes?.total} + ${openRounds?.total}`,
          'funds frozen / waiting withdrawals': `${frozen?.total} / ${waitingAmount?.total}`,
        },
        checks: [
          'every acknowledged order, game round and withdrawal found after the restarts',
          'stakes held equal the stakes of open orders and open game rounds; every order and round has its stake transaction, every decided round its return',
          'frozen funds equal the withdrawals waiting for review',
          'ledger:check passed',
        ],
      });
    },
    sized(240_000, 900_000),
  );
});
