import { and, count, desc, eq, gt, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { repositoryWithTransaction } from '../../db/transaction';
import {
  gameLaunches,
  gameProviderSettings,
  gameRounds,
  gameSeeds,
  gameSettings,
  gameTransfers,
} from './games.schema';

export type GameSeedRow = typeof gameSeeds.$inferSelect;
export type GameRoundRow = typeof gameRounds.$inferSelect;
export type NewGameRound = typeof gameRounds.$inferInsert;
export type GameSettingsRow = typeof gameSettings.$inferSelect;
export type GameTransferRow = typeof gameTransfers.$inferSelect;

export interface RoundFilter {
  userId?: number | undefined;
  gameId?: string | undefined;
  roundId?: number | undefined;
  status?: string | undefined;
  /** Epoch milliseconds, inclusive, on the round's start. */
  startTime?: number | undefined;
  endTime?: number | undefined;
}

function roundConditions(filter: RoundFilter): SQL | undefined {
  return and(
    filter.userId === undefined ? undefined : eq(gameRounds.userId, filter.userId),
    filter.gameId === undefined ? undefined : eq(gameRounds.gameId, filter.gameId),
    filter.roundId === undefined ? undefined : eq(gameRounds.id, filter.roundId),
    filter.status === undefined ? undefined : eq(gameRounds.status, filter.status),
    filter.startTime === undefined
      ? undefined
      : gte(gameRounds.createdAt, new Date(filter.startTime)),
    filter.endTime === undefined ? undefined : lte(gameRounds.createdAt, new Date(filter.endTime)),
  );
}

/** Queries on the games tables, on the database or inside a transaction; no rules live here. */
function gameQueries(db: Database) {
  return {
    async providerSettings() {
      return db.select().from(gameProviderSettings);
    },

    async saveProviderSetting(provider: string, enabled: boolean, at: Date) {
      await db
        .insert(gameProviderSettings)
        .values({ provider, enabled, updatedAt: at })
        .onConflictDoUpdate({
          target: gameProviderSettings.provider,
          set: { enabled, updatedAt: at },
        });
    },

    async gameSettings(): Promise<GameSettingsRow[]> {
      return db.select().from(gameSettings);
    },

    /** The game's row locked for a change, if the desk ever set it. */
    async lockGameSettings(gameId: string): Promise<GameSettingsRow | undefined> {
      const [row] = await db
        .select()
        .from(gameSettings)
        .where(eq(gameSettings.gameId, gameId))
        .for('update');
      return row;
    },

    async saveGameSettings(row: Omit<GameSettingsRow, 'updatedAt'>, at: Date) {
      const { gameId, ...set } = row;
      await db
        .insert(gameSettings)
        .values({ ...row, updatedAt: at })
        .onConflictDoUpdate({ target: gameSettings.gameId, set: { ...set, updatedAt: at } });
    },

    /** The member's current seed pair, locked when `lock` (every round takes its nonce so). */
    async currentSeed(userId: number, lock = false): Promise<GameSeedRow | undefined> {
      const query = db
        .select()
        .from(gameSeeds)
        .where(and(eq(gameSeeds.userId, userId), sql`${gameSeeds.revealedAt} is null`));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    /** A new current pair; none when another began at the same moment (the index keeps one). */
    async insertSeed(values: {
      userId: number;
      serverSeed: string;
      serverSeedHash: string;
      clientSeed: string;
    }): Promise<GameSeedRow | undefined> {
      const [row] = await db.insert(gameSeeds).values(values).onConflictDoNothing().returning();
      return row;
    },

    async revealSeed(id: number, at: Date) {
      await db.update(gameSeeds).set({ revealedAt: at }).where(eq(gameSeeds.id, id));
    },

    async takeNonce(id: number) {
      await db
        .update(gameSeeds)
        .set({ nextNonce: sql`${gameSeeds.nextNonce} + 1` })
        .where(eq(gameSeeds.id, id));
    },

    async seedsByIds(ids: readonly number[]): Promise<Map<number, GameSeedRow>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select()
        .from(gameSeeds)
        .where(inArray(gameSeeds.id, [...new Set(ids)]));
      return new Map(rows.map((row) => [row.id, row]));
    },

    async roundByKey(userId: number, idempotencyKey: string): Promise<GameRoundRow | undefined> {
      const [row] = await db
        .select()
        .from(gameRounds)
        .where(and(eq(gameRounds.userId, userId), eq(gameRounds.idempotencyKey, idempotencyKey)));
      return row;
    },

    async round(id: number, lock = false): Promise<GameRoundRow | undefined> {
      const query = db.select().from(gameRounds).where(eq(gameRounds.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async openRound(userId: number, gameId: string): Promise<GameRoundRow | undefined> {
      const [row] = await db
        .select()
        .from(gameRounds)
        .where(
          and(
            eq(gameRounds.userId, userId),
            eq(gameRounds.gameId, gameId),
            eq(gameRounds.status, 'open'),
          ),
        );
      return row;
    },

    async hasOpenRound(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: gameRounds.id })
        .from(gameRounds)
        .where(and(eq(gameRounds.userId, userId), eq(gameRounds.status, 'open')))
        .limit(1);
      return row !== undefined;
    },

    async insertRound(values: NewGameRound): Promise<GameRoundRow> {
      const [row] = await db.insert(gameRounds).values(values).returning();
      if (!row) throw new Error('a game round insert returned no row');
      return row;
    },

    async updateRound(
      id: number,
      set: Partial<
        Pick<
          GameRoundRow,
          'payout' | 'multiplier' | 'status' | 'outcome' | 'touchedAt' | 'settledAt'
        >
      >,
    ): Promise<GameRoundRow> {
      const [row] = await db.update(gameRounds).set(set).where(eq(gameRounds.id, id)).returning();
      if (!row) throw new Error(`game round ${id} is gone`);
      return row;
    },

    async roundPage(filter: RoundFilter, offset: number, limit: number) {
      const where = roundConditions(filter);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(gameRounds)
          .where(where)
          .orderBy(desc(gameRounds.id))
          .offset(offset)
          .limit(limit),
        db.select({ total: count() }).from(gameRounds).where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    /** Open rounds left alone since before `before`, oldest first. */
    async staleOpenRounds(before: Date, limit: number): Promise<GameRoundRow[]> {
      return db
        .select()
        .from(gameRounds)
        .where(and(eq(gameRounds.status, 'open'), lt(gameRounds.touchedAt, before)))
        .orderBy(gameRounds.touchedAt)
        .limit(limit);
    },

    /** Per game and currency, the rounds decided (settled, not refunded) in a window. */
    async figures(window: { start?: Date | undefined; end?: Date | undefined }) {
      return db
        .select({
          gameId: gameRounds.gameId,
          currencyId: gameRounds.currencyId,
          rounds: count(),
          wagered: sql<number>`coalesce(sum(${gameRounds.stake}), 0)`.mapWith(Number),
          paid: sql<number>`coalesce(sum(${gameRounds.payout}), 0)`.mapWith(Number),
        })
        .from(gameRounds)
        .where(
          and(
            inArray(gameRounds.status, ['won', 'lost']),
            window.start === undefined ? undefined : gte(gameRounds.settledAt, window.start),
            window.end === undefined ? undefined : lte(gameRounds.settledAt, window.end),
          ),
        )
        .groupBy(gameRounds.gameId, gameRounds.currencyId)
        .orderBy(gameRounds.gameId, gameRounds.currencyId);
    },

    /**
     * Claims the member's key for a transfer: the new row, or none when the key is taken (a
     * racing call with the key waits here until the first commits, then finds its row).
     */
    async claimTransfer(values: {
      userId: number;
      idempotencyKey: string;
      kind: string;
      request: unknown;
    }): Promise<GameTransferRow | undefined> {
      const [row] = await db.insert(gameTransfers).values(values).onConflictDoNothing().returning();
      return row;
    },

    async transferByKey(userId: number, idempotencyKey: string) {
      const [row] = await db
        .select()
        .from(gameTransfers)
        .where(
          and(eq(gameTransfers.userId, userId), eq(gameTransfers.idempotencyKey, idempotencyKey)),
        );
      return row;
    },

    async saveTransferAnswer(id: number, answer: unknown) {
      await db.update(gameTransfers).set({ answer }).where(eq(gameTransfers.id, id));
    },

    async touchLaunch(userId: number, gameId: string, at: Date) {
      await db
        .insert(gameLaunches)
        .values({ userId, gameId, lastPlayedAt: at })
        .onConflictDoUpdate({
          target: [gameLaunches.userId, gameLaunches.gameId],
          set: { lastPlayedAt: at },
        });
    },

    async recentLaunches(userId: number, limit: number) {
      return db
        .select()
        .from(gameLaunches)
        .where(eq(gameLaunches.userId, userId))
        .orderBy(desc(gameLaunches.lastPlayedAt))
        .limit(limit);
    },

    /** Members who played each game since `since`. */
    async onlineSince(since: Date): Promise<{ gameId: string; online: number }[]> {
      return db
        .select({ gameId: gameLaunches.gameId, online: count() })
        .from(gameLaunches)
        .where(gt(gameLaunches.lastPlayedAt, since))
        .groupBy(gameLaunches.gameId);
    },

    /** Members who played any game since `since`, each once. */
    async playersSince(since: Date): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`count(distinct ${gameLaunches.userId})`.mapWith(Number) })
        .from(gameLaunches)
        .where(gt(gameLaunches.lastPlayedAt, since));
      return row?.total ?? 0;
    },
  };
}

export function createGamesRepository(db: Database) {
  return repositoryWithTransaction(db, gameQueries);
}

export type GamesRepository = ReturnType<typeof createGamesRepository>;
export type GameQueries = ReturnType<typeof gameQueries>;
