import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { type MatchPredictionRow, matchPredictions } from './predictions.schema';

/** How a match's predictions split by the result they pick. */
export interface PickCounts {
  home: number;
  draw: number;
  away: number;
}

/** Queries on `match_predictions`; no rules live here. */
export function createPredictionsRepository(db: Database) {
  return {
    /**
     * Enters a member's prediction, or changes the one they made: the first entry's time is
     * kept. Answers the row as it stands.
     */
    async upsert(values: {
      userId: number;
      matchId: number;
      sportId: number;
      homeScore: number;
      awayScore: number;
      kickOffAt: Date;
      at: Date;
    }): Promise<MatchPredictionRow> {
      const { at, ...fields } = values;
      const [row] = await db
        .insert(matchPredictions)
        .values({ ...fields, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: [matchPredictions.userId, matchPredictions.matchId],
          set: {
            homeScore: fields.homeScore,
            awayScore: fields.awayScore,
            kickOffAt: fields.kickOffAt,
            updatedAt: at,
          },
        })
        .returning();
      if (!row) throw new Error('upsert into match_predictions returned no row');
      return row;
    },

    /** The member's predictions of these matches. */
    async ofMember(userId: number, matchIds: readonly number[]): Promise<MatchPredictionRow[]> {
      if (matchIds.length === 0) return [];
      return db
        .select()
        .from(matchPredictions)
        .where(
          and(
            eq(matchPredictions.userId, userId),
            inArray(matchPredictions.matchId, [...matchIds]),
          ),
        );
    },

    /** Per match, how many predictions pick home, draw and away. */
    async pickCounts(matchIds: readonly number[]): Promise<Map<number, PickCounts>> {
      const counts = new Map<number, PickCounts>();
      if (matchIds.length === 0) return counts;
      const rows = await db
        .select({
          matchId: matchPredictions.matchId,
          home: sql<number>`count(*) filter (where ${matchPredictions.homeScore} > ${matchPredictions.awayScore})`.mapWith(
            Number,
          ),
          draw: sql<number>`count(*) filter (where ${matchPredictions.homeScore} = ${matchPredictions.awayScore})`.mapWith(
            Number,
          ),
          away: sql<number>`count(*) filter (where ${matchPredictions.homeScore} < ${matchPredictions.awayScore})`.mapWith(
            Number,
          ),
        })
        .from(matchPredictions)
        .where(inArray(matchPredictions.matchId, [...matchIds]))
        .groupBy(matchPredictions.matchId);
      for (const { matchId, ...split } of rows) counts.set(matchId, split);
      return counts;
    },

    /** A page of the member's predictions, latest kick-off first, and how many they have. */
    async pageOfMember(
      userId: number,
      limit: number,
      offset: number,
    ): Promise<{ rows: MatchPredictionRow[]; total: number }> {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(matchPredictions)
          .where(eq(matchPredictions.userId, userId))
          .orderBy(desc(matchPredictions.kickOffAt), desc(matchPredictions.matchId))
          .limit(limit)
          .offset(offset),
        db
          .select({ total: count() })
          .from(matchPredictions)
          .where(eq(matchPredictions.userId, userId)),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    /** Every prediction of matches kicking off in [from, before). */
    async inWindow(from: Date, before: Date): Promise<MatchPredictionRow[]> {
      return db
        .select()
        .from(matchPredictions)
        .where(and(gte(matchPredictions.kickOffAt, from), lt(matchPredictions.kickOffAt, before)));
    },
  };
}

export type PredictionsRepository = ReturnType<typeof createPredictionsRepository>;
