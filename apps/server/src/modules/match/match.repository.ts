import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { favourites, siteSettings } from './match.schema';

export type FavouriteRow = typeof favourites.$inferSelect;
export type FavouriteKind = 0 | 1;

/** Queries on the match module's tables; no rules live here. */
export function createMatchRepository(db: Database) {
  return {
    async listFavourites(
      userId: number,
    ): Promise<Pick<FavouriteRow, 'id' | 'kind' | 'subjectId'>[]> {
      return db
        .select({ id: favourites.id, kind: favourites.kind, subjectId: favourites.subjectId })
        .from(favourites)
        .where(eq(favourites.userId, userId));
    },

    async countFavourites(userId: number): Promise<number> {
      const [row] = await db
        .select({ rows: count() })
        .from(favourites)
        .where(eq(favourites.userId, userId));
      return row?.rows ?? 0;
    },

    /**
     * Inserts the favourite or finds the one already there, in one statement so two racing adds
     * answer the same id.
     */
    async upsertFavourite(values: {
      userId: number;
      kind: FavouriteKind;
      subjectId: number;
      sportId: number;
    }): Promise<number> {
      const [row] = await db
        .insert(favourites)
        .values(values)
        .onConflictDoUpdate({
          target: [favourites.userId, favourites.kind, favourites.subjectId],
          set: { sportId: values.sportId },
        })
        .returning({ id: favourites.id });
      if (!row) throw new Error('upsert into favourites returned no row');
      return row.id;
    },

    async deleteFavourite(userId: number, kind: FavouriteKind, subjectId: number): Promise<void> {
      await db
        .delete(favourites)
        .where(
          and(
            eq(favourites.userId, userId),
            eq(favourites.kind, kind),
            eq(favourites.subjectId, subjectId),
          ),
        );
    },

    async readSettings(): Promise<Map<string, unknown>> {
      const rows = await db
        .select({ key: siteSettings.key, value: siteSettings.value })
        .from(siteSettings);
      return new Map(rows.map((row) => [row.key, row.value]));
    },

    async writeSetting(key: string, value: unknown, now: Date, tx: Database = db): Promise<void> {
      await tx
        .insert(siteSettings)
        .values({ key, value, updatedAt: now })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: now } });
    },

    /**
     * A setting's stored value read under a row lock; a missing row is first written with
     * `initial`, so two first changes take turns on it too.
     */
    async lockSetting(tx: Database, key: string, initial: unknown, now: Date): Promise<unknown> {
      await tx
        .insert(siteSettings)
        .values({ key, value: initial, updatedAt: now })
        .onConflictDoNothing();
      const [row] = await tx
        .select({ value: siteSettings.value })
        .from(siteSettings)
        .where(eq(siteSettings.key, key))
        .for('update');
      return row?.value;
    },

    transaction: <T>(work: (tx: Database) => Promise<T>): Promise<T> => inTransaction(db, work),
  };
}

export type MatchRepository = ReturnType<typeof createMatchRepository>;
