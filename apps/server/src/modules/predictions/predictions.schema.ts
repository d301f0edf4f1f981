import { bigint, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/**
 * Members' score predictions: one row per member and match, changed in place until kick-off.
 * `kick_off_at` is the match's start when last entered, which puts the prediction in its week;
 * points are worked out when read, from the catalogue's result (docs/predictions.md).
 */
export const matchPredictions = pgTable(
  'match_predictions',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    matchId: bigint('match_id', { mode: 'number' }).notNull(),
    sportId: integer('sport_id').notNull(),
    homeScore: integer('home_score').notNull(),
    awayScore: integer('away_score').notNull(),
    kickOffAt: timestamp('kick_off_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.matchId] }),
    // The split of a match's picks, and scoring a match.
    index('match_predictions_match').on(table.matchId),
    // A week's leaderboard.
    index('match_predictions_kick_off').on(table.kickOffAt),
  ],
);

export type MatchPredictionRow = typeof matchPredictions.$inferSelect;
