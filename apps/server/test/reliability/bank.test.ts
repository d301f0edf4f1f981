import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRng } from '@sb/feed-sim';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/app-error';
import { ledgerTransactions } from '../../src/modules/ledger/ledger.schema';
import { createLedger, type Ledger } from '../../src/modules/ledger/ledger.service';
import { orders } from '../../src/modules/orders/orders.schema';
import {
  cny,
  createSettlementTestApp,
  expectLedgerBalanced,
  fundedMember,
  type Pick,
  placeBet,
  single,
  type TestMember,
} from '../settlement/helpers';
import { recordFigures, sized } from './reliability-run';

/**
 * A bank test in the manner of Jepsen's: a few hot members move money between each other
 * (ledger transfers) and bet it (orders through the HTTP call, stakes held by the ledger) from
 * several concurrent clients, while results are settled and rolled back under them. Meanwhile a
 * reader takes snapshots (repeatable read) and checks in each one that
 *   - every currency's accounts sum to zero (double entry),
 *   - the money in play — everything but the account deposits are funded from — never changes,
 *   - no member account is below zero.
 * Afterwards every write a client saw acknowledged must be in the database, and ledger:check pass.
 */

const seed = Number(process.env.BANK_SEED ?? randomBytes(4).readUInt32LE());
const rng = createRng('bank', seed);
const memberCount = 4;
const clientCount = 8;
const operationCount = sized(300, 3_000);
const fundingPerMember = 2_000_000;
const fundingAccount = 'deposits_in_transit';
const readerPauseMs = 5;

let results: Awaited<ReturnType<typeof createSettlementTestApp>>;
let ledger: Ledger;
const members: TestMember[] = [];
let picks: Pick[] = [];

beforeAll(async () => {
  results = await createSettlementTestApp({ betDelayMs: 100 });
  ledger = createLedger(results.testApp.database.db);
  for (let index = 0; index < memberCount; index += 1)
    members.push(await fundedMember(results.testApp, fundingPerMember));
  picks = results.book
    .preMatch()
    .slice(0, sized(12, 60))
    .map((event) => results.book.pick(event));
}, 120_000);
afterAll(() => results?.testApp.close());

interface Snapshot {
  total: number;
  inPlay: number;
  lowestMember: number;
}

/** One consistent view of the CNY accounts, read in a single repeatable-read transaction. */
async function snapshot(): Promise<Snapshot> {
  const { db } = results.testApp.database;
  return db.transaction(
    async (tx) => {
      const answer = (await tx.execute(sql`
        select coalesce(sum(balance), 0)::text as total,
               coalesce(sum(balance) filter (
                 where system_code is null or system_code <> ${fundingAccount}), 0)::text as in_play,
               coalesce(min(balance) filter (where user_id is not null), 0)::text as lowest_member
          from ledger_accounts
         where currency_id = ${cny.currencyId}`)) as unknown as {
        rows: { total: string; in_play: string; lowest_member: string }[];
      };
      const row = answer.rows[0];
      if (!row) throw new Error('no snapshot row');
      return {
        total: Number(row.total),
        inPlay: Number(row.in_play),
        lowestMember: Number(row.lowest_member),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

type Acknowledged = { transfers: string[]; orders: string[] };

describe('bank test: hot accounts under concurrent transfers, bets and settlement', () => {
  it(
    `keeps every snapshot balanced and every acknowledged write (seed ${seed})`,
    async () => {
      const start = await snapshot();
      expect(start.total).toBe(0);
      expect(start.inPlay).toBe(memberCount * fundingPerMember);

      const acknowledged: Acknowledged = { transfers: [], orders: [] };
      const counts = { transfers: 0, bets: 0, refused: 0, settlements: 0, rollbacks: 0 };
      const violations: string[] = [];
      const settled = new Set<Pick>();
      const refusals = new Map<string, number>();
      const refuse = (reason: string) => {
        counts.refused += 1;
        refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
      };
      let snapshots = 0;
      let remaining = operationCount;
      let isWriting = true;

      async function transfer(): Promise<void> {
        const from = rng.pick(members);
        const to = rng.pick(members.filter((member) => member !== from));
        const amount = rng.int(1, fundingPerMember / 4);
        const key = `bank:${seed}:${counts.transfers + counts.refused}:${rng.int(0, 1e9)}`;
        try {
          await ledger.transfer({
            idempotencyKey: key,
            kind: 'test_transfer',
            postings: [
              {
                account: { userId: from.userId, bucket: 'main', currencyId: cny.currencyId },
                amount: -amount,
              },
              {
                account: { userId: to.userId, bucket: 'main', currencyId: cny.currencyId },
                amount,
              },
            ],
          });
          counts.transfers += 1;
          acknowledged.transfers.push(key);
        } catch (error) {
          if (!(error instanceof AppError) || error.errorName !== 'INSUFFICIENT_FUNDS') throw error;
          refuse('transfer: insufficient funds');
        }
      }

      async function bet(): Promise<void> {
        const member = rng.pick(members);
        const pick = rng.pick(picks);
        const answer = await placeBet(
          results.testApp,
          member,
          single(pick, rng.int(100, fundingPerMember / 100)),
        );
        if (answer.code === 0) {
          counts.bets += 1;
          acknowledged.orders.push(answer.data.orderNo);
        } else {
          refuse(`bet refused with code ${answer.code}`);
        }
      }

      /** Settles a pick's market (the first outcome won), or rolls a settled one back. */
      async function result(): Promise<void> {
        const pick = rng.pick(picks);
        if (settled.has(pick)) {
          await results.send([results.rollback(pick)]);
          settled.delete(pick);
          counts.rollbacks += 1;
        } else {
          await results.send([results.settlement(pick, { result: 1, voidFactor: 0 })]);
          settled.add(pick);
          counts.settlements += 1;
        }
      }

      async function client(): Promise<void> {
        while (remaining > 0) {
          remaining -= 1;
          const roll = rng.next();
          if (roll < 0.48) await transfer();
          else if (roll < 0.99) await bet();
          else await result();
        }
      }

      async function reader(): Promise<void> {
        while (isWriting) {
          const seen = await snapshot();
          snapshots += 1;
          if (seen.total !== 0)
            violations.push(`snapshot ${snapshots}: accounts sum to ${seen.total}`);
          if (seen.inPlay !== start.inPlay)
            violations.push(`snapshot ${snapshots}: ${seen.inPlay} in play, not ${start.inPlay}`);
          if (seen.lowestMember < 0)
            violations.push(`snapshot ${snapshots}: a member account holds ${seen.lowestMember}`);
          // The embedded database has one connection: a reader that never paused would hold it.
          await sleep(readerPauseMs);
        }
      }

      const reading = reader();
      await Promise.all(Array.from({ length: clientCount }, client)).finally(() => {
        isWriting = false;
      });
      await reading;
      await results.worker.idle();

      expect(violations).toEqual([]);
      const end = await snapshot();
      expect(end).toMatchObject({ total: 0, inPlay: start.inPlay });
      expect(end.lowestMember).toBeGreaterThanOrEqual(0);
      expect(snapshots).toBeGreaterThan(10);
      expect(counts.transfers).toBeGreaterThan(0);
      expect(counts.bets).toBeGreaterThan(0);

      // Every acknowledged write is there: each transfer's key, each order with its held stake.
      const { db } = results.testApp.database;
      const foundTransfers = await db
        .select({ key: ledgerTransactions.idempotencyKey })
        .from(ledgerTransactions)
        .where(inArray(ledgerTransactions.idempotencyKey, acknowledged.transfers));
      expect(foundTransfers).toHaveLength(acknowledged.transfers.length);
      const foundOrders = await db
        .select({ orderNo: orders.orderNo })
        .from(orders)
        .where(inArray(orders.orderNo, acknowledged.orders));
      expect(foundOrders).toHaveLength(acknowledged.orders.length);
      const stakeKeys = acknowledged.orders.map((orderNo) => `order-stake:${orderNo}`);
      const foundStakes = await db
        .select({ key: ledgerTransactions.idempotencyKey })
        .from(ledgerTransactions)
        .where(inArray(ledgerTransactions.idempotencyKey, stakeKeys));
      expect(foundStakes).toHaveLength(stakeKeys.length);
      await expectLedgerBalanced(results.testApp);

      recordFigures('bank', results.testApp.database.kind, {
        title: 'Bank test',
        method: `${memberCount} hot members, ${clientCount} concurrent clients, ${operationCount} operations (transfers, bets through the HTTP call, settlements and rollbacks), a reader checking repeatable-read snapshots throughout; seed ${seed}.`,
        figures: {
          'transfers acknowledged / found': `${acknowledged.transfers.length} / ${foundTransfers.length}`,
          'orders acknowledged / found (with stake held)': `${acknowledged.orders.length} / ${foundOrders.length} (${foundStakes.length})`,
          refused:
            [...refusals].map(([reason, times]) => `${times} × ${reason}`).join('; ') || 'none',
          'settlements / rollbacks': `${counts.settlements} / ${counts.rollbacks}`,
          'snapshots checked': snapshots,
          violations: violations.length,
        },
        checks: [
          'every snapshot: accounts sum to zero, money in play unchanged, no member below zero',
          'every acknowledged transfer and order found, every order with its stake',
          'ledger:check passed',
        ],
      });
    },
    sized(120_000, 900_000),
  );
});
