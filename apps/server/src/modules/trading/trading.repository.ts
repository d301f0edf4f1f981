import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { transactionWithQueries } from '../../db/transaction';
import { bookMargins, tradingHolds } from './trading.schema';

export type HoldRow = typeof tradingHolds.$inferSelect;
export type MarginRow = typeof bookMargins.$inferSelect;

export interface HoldTarget {
  eventId: number;
  /** 0 = the whole match. */
  playId: number;
  specifiers: string;
}

export interface MarginTarget {
  sportId: number;
  /** 0 = every play of the sport without a margin of its own. */
  playId: number;
}

const holdWhere = (target: HoldTarget) =>
  and(
    eq(tradingHolds.eventId, target.eventId),
    eq(tradingHolds.playId, target.playId),
    eq(tradingHolds.specifiers, target.specifiers),
  );

const marginWhere = (target: MarginTarget) =>
  and(eq(bookMargins.sportId, target.sportId), eq(bookMargins.playId, target.playId));

/** The trading desk's queries, on the database or inside a caller's transaction. */
export function tradingQueries(db: Database) {
  return {
    /** Every hold (holds are few: one row each). */
    holds(): Promise<HoldRow[]> {
      return db.select().from(tradingHolds);
    },

    /** The hold on a target, its row locked until the transaction ends. */
    async lockedHold(target: HoldTarget): Promise<HoldRow | undefined> {
      const [row] = await db.select().from(tradingHolds).where(holdWhere(target)).for('update');
      return row;
    },

    /** Inserts a hold unless one stands on the target; answers the row inserted, else null. */
    async insertHold(row: HoldRow): Promise<HoldRow | null> {
      const [inserted = null] = await db
        .insert(tradingHolds)
        .values(row)
        .onConflictDoNothing()
        .returning();
      return inserted;
    },

    async deleteHold(target: HoldTarget): Promise<void> {
      await db.delete(tradingHolds).where(holdWhere(target));
    },

    /** Every margin set. */
    margins(): Promise<MarginRow[]> {
      return db.select().from(bookMargins);
    },

    /** The margin of a target, its row locked until the transaction ends. */
    async lockedMargin(target: MarginTarget): Promise<MarginRow | undefined> {
      const [row] = await db.select().from(bookMargins).where(marginWhere(target)).for('update');
      return row;
    },

    async upsertMargin(
      target: MarginTarget,
      values: Pick<MarginRow, 'margin' | 'operatorId' | 'updatedAt'>,
    ): Promise<MarginRow | null> {
      const [row = null] = await db
        .insert(bookMargins)
        .values({ ...target, ...values })
        .onConflictDoUpdate({ target: [bookMargins.sportId, bookMargins.playId], set: values })
        .returning();
      return row;
    },

    async deleteMargin(target: MarginTarget): Promise<void> {
      await db.delete(bookMargins).where(marginWhere(target));
    },
  };
}

export type TradingQueries = ReturnType<typeof tradingQueries>;

export function createTradingRepository(db: Database) {
  return {
    ...tradingQueries(db),

    /** The queries bound to a caller's transaction (a void records its hold with the catalogue). */
    within: (tx: Database): TradingQueries => tradingQueries(tx),

    /**
     * Runs `work` in one transaction with the queries bound to it, handing over the transaction
     * for the audit entry that commits with the change.
     */
    transaction: transactionWithQueries(db, tradingQueries),
  };
}

export type TradingRepository = ReturnType<typeof createTradingRepository>;
