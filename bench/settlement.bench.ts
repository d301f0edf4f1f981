import { performance } from 'node:perf_hooks';
import { orderStatus } from '@sb/contract';
import { encodeOptionId, requireCurrency } from '@sb/domain';
import type { FeedMessage } from '@sb/feed-sim';
import { count, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/database';
import { createCatalogue } from '../apps/server/src/modules/catalogue/catalogue.service';
import { users } from '../apps/server/src/modules/identity/identity.schema';
import { createLedger } from '../apps/server/src/modules/ledger/ledger.service';
import { checkLedger } from '../apps/server/src/modules/ledger/ledger-check';
import {
  orderLegs,
  orderStatusHistory,
  orders,
} from '../apps/server/src/modules/orders/orders.schema';
import { createSettlementService } from '../apps/server/src/modules/settlement/settlement.service';
import { createScratchDatabase } from './bet-placement.bench';
import type { BenchResult } from './report';

const betCount = Number(process.env.BENCH_SETTLEMENT_BETS ?? 100_000);
const memberCount = 1_000;
const stakeMinor = 1_000;
const eventId = 90_000_001;
const outcomes = ['home', 'draw', 'away'] as const;
const oddsUnits = { home: 21_000, draw: 33_000, away: 36_000 } as const;
/** Rows per insert: 14 parameters a row stay under the protocol's 65 535. */
const insertBatch = 2_000;

/**
 * 100 000 accepted singles on the 1X2 market of one match, written straight into the order
 * tables (their stakes held by the ledger), then the match's result recorded in the catalogue
 * and the settlement service timed settling every bet, as the settlement worker does.
 */
export async function benchSettlement(): Promise<BenchResult> {
  const scratch = await createScratchDatabase('sb_bench_settle');
  const database = await openDatabase({
    databaseUrl: scratch.url,
    dataDir: 'memory',
    poolSize: 4,
  });
  try {
    const { db } = database;
    const ledger = createLedger(db);
    const currencyId = requireCurrency('CNY').currencyId;
    const members = await db
      .insert(users)
      .values(
        Array.from({ length: memberCount }, (_, index) => ({
          uid: `bench-settle-${index}`,
          type: 1,
          currencyId,
        })),
      )
      .returning({ id: users.id });
    const acceptedAt = new Date(Date.now() - 3_600_000);
    for (let from = 0; from < betCount; from += insertBatch) {
      const size = Math.min(insertBatch, betCount - from);
      const rows = await db
        .insert(orders)
        .values(
          Array.from({ length: size }, (_, index) => ({
            orderNo: `BENCH${(from + index).toString().padStart(10, '0')}`,
            userId: members[(from + index) % memberCount]?.id ?? 0,
            requestDigest: 'bench',
            currencyId,
            betType: 0,
            stakeMinor,
            totalOddsUnits: 20_000,
            potentialPayoutMinor: 2 * stakeMinor,
            acceptOdds: 0,
            status: orderStatus.accepted,
            isLive: false,
            oddsConfig: [0, 0, 0],
            createdAt: acceptedAt,
            updatedAt: acceptedAt,
          })),
        )
        .returning({ id: orders.id });
      await db.insert(orderLegs).values(
        rows.map((row, index) => {
          const outcomeId = outcomes[(from + index) % outcomes.length] ?? 'home';
          return {
            orderId: row.id,
            legIndex: 0,
            eventId,
            sportId: 1,
            leagueId: 1,
            playId: 3,
            specifiers: '',
            outcomeId,
            optionId: encodeOptionId({ eventId, playId: 3, specifiers: '', outcomeId }),
            requestedOddsUnits: oddsUnits[outcomeId],
            oddsUnits: oddsUnits[outcomeId],
            marketStatus: 'active',
          };
        }),
      );
      await db.insert(orderStatusHistory).values(
        rows.map((row) => ({
          orderId: row.id,
          toStatus: orderStatus.accepted,
          actor: 'member',
          at: acceptedAt,
        })),
      );
    }
    // The stakes, held as placement holds them (here in one movement from the house).
    await ledger.transfer({
      idempotencyKey: 'bench-settle-stakes',
      kind: 'bench_grant',
      postings: [
        { account: { systemCode: 'house', currencyId }, amount: -betCount * stakeMinor },
        { account: { systemCode: 'stakes_held', currencyId }, amount: betCount * stakeMinor },
      ],
    });
    await db.execute(sql`analyze`);

    const catalogue = createCatalogue(db);
    const recorder = catalogue.startRecording('bench:settlement');
    const result: FeedMessage = {
      type: 'bet_settlement',
      eventId,
      sportId: 1,
      timestamp: Date.now(),
      seq: 10,
      result: { homeScore: 2, awayScore: 1, periodScores: [] },
      markets: [
        {
          playId: 3,
          specifiers: '',
          outcomes: [
            { id: 'home', result: 1, voidFactor: 0 },
            { id: 'draw', result: 0, voidFactor: 0 },
            { id: 'away', result: 0, voidFactor: 0 },
          ],
        },
      ],
    };
    recorder.record([result], { callerTime: Date.now(), feedTime: Date.now() });
    await recorder.flush();
    const service = createSettlementService({ db, ledger, catalogue, now: () => new Date() });

    const startedAt = performance.now();
    const changes = await service.reconcileEvent(eventId);
    const seconds = (performance.now() - startedAt) / 1000;
    // Settling the same result again finds nothing to do: how long that look takes.
    const againAt = performance.now();
    const again = await service.reconcileEvent(eventId);
    const againSeconds = (performance.now() - againAt) / 1000;

    const [settled] = await db
      .select({ rows: count() })
      .from(orders)
      .where(eq(orders.status, orderStatus.settled));
    const ledgerCheck = await checkLedger(db);
    const perSecond = changes.length / seconds;
    return {
      name: 'Settlement of one match',
      method: `${betCount} accepted singles of ${memberCount} members on the 1X2 market of one match (PostgreSQL, a fresh database dropped afterwards), the match's result recorded in the catalogue, then \`reconcileEvent\` of the settlement service timed settling them all: 500 bets to a database transaction (settlement-batch.ts: rows locked in id order, and for each bet its settlement row, its own balanced ledger transaction, status and history; the account balances updated once per batch). Other work shares the machine's 2 cores, so the figures are noisy.`,
      figures: {
        'bets settled': String(changes.length),
        'orders settled in the database': String(settled?.rows ?? 0),
        'settlement time': `${seconds.toFixed(1)} s`,
        'bets settled/s': perSecond.toFixed(0),
        'the same result again (nothing to do)': `${againSeconds.toFixed(2)} s, ${again.length} changes`,
        'ledger check after the run': ledgerCheck.ok ? 'passed' : 'FAILED',
      },
      target: 'at least 5000 bets settled a second, every bet settled, ledger sound',
      isMet: perSecond >= 5_000 && changes.length === betCount && ledgerCheck.ok,
    };
  } finally {
    await database.close();
    await scratch.drop();
  }
}
