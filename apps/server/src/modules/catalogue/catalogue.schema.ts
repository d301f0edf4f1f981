import type {
  Competitor,
  Fixture,
  FixtureKind,
  LocalNames,
  MatchResult,
  MatchStatus,
} from '@sb/feed-sim';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/**
 * What the feed has said that must outlive a restart: sports, leagues, events with their last
 * status and result, and every settlement, cancellation and fixture change with its rollback.
 * Odds are not kept here; the read model serves them. Rows are written by the one process that
 * runs the feed, in one transaction per feed tick, and a message written twice changes nothing:
 * facts are unique by event and `seq`, and an event's columns only move to a higher `seq`.
 */

export const sports = pgTable('sports', {
  sportId: integer('sport_id').primaryKey(),
  name: text('name').notNull(),
  isVirtual: boolean('is_virtual').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const leagues = pgTable('leagues', {
  leagueId: bigint('league_id', { mode: 'number' }).primaryKey(),
  sportId: integer('sport_id').notNull(),
  name: text('name').notNull(),
  /** Country or region the league is filed under. */
  category: text('category').notNull(),
  /** The name and the category in Chinese, when the feed gives them. */
  names: jsonb('names').$type<LocalNames>(),
  categoryNames: jsonb('category_names').$type<LocalNames>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One sport event (match, outright or race) as the feed last stated it. The fixture, the status
 * and the result each carry the `seq` of the message that set them, so an older message arriving
 * again never overwrites a newer one.
 */
export const sportEvents = pgTable(
  'sport_events',
  {
    eventId: bigint('event_id', { mode: 'number' }).primaryKey(),
    sportId: integer('sport_id').notNull(),
    leagueId: bigint('league_id', { mode: 'number' }).notNull(),
    kind: text('kind').$type<FixtureKind>().notNull(),
    name: text('name').notNull(),
    /** The name in Chinese, when the feed gives it (competitors carry their own). */
    names: jsonb('names').$type<LocalNames>(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    /** When an outright is decided. */
    endTime: timestamp('end_time', { withTimezone: true }),
    /** Home then away for matches; every entrant for outrights and races. */
    competitors: jsonb('competitors').$type<Competitor[]>().notNull(),
    isVirtual: boolean('is_virtual').notNull(),
    hasLiveOdds: boolean('has_live_odds').notNull(),
    format: jsonb('format').$type<Fixture['format']>().notNull(),
    fixtureSeq: integer('fixture_seq').notNull(),
    /** `not_started`, `live`, `ended`, `closed`, `cancelled`, `postponed` or `abandoned`. */
    status: text('status').notNull(),
    homeScore: integer('home_score').notNull(),
    awayScore: integer('away_score').notNull(),
    /** The whole status as last recorded: periods, their scores, description, clock. */
    matchStatus: jsonb('match_status').$type<MatchStatus>().notNull(),
    statusSeq: integer('status_seq').notNull(),
    /** The figures the last settlement was made from. */
    result: jsonb('result').$type<MatchResult>(),
    resultSeq: integer('result_seq').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sport_events_status_start').on(table.status, table.startTime),
    index('sport_events_league').on(table.leagueId),
  ],
);

/**
 * One outcome's result in one settlement message. A market settled again after a rollback has
 * rows of both settlements; the rolled back ones carry `rolled_back_at`.
 *
 * An operator's settlement by hand is kept here too, with `operator_id` set and `seq` the negative
 * of its version on the market (-1, -2, …), so it never meets a feed message's seq. While one
 * stands it decides the market whatever the feed says, and the feed's rollbacks pass it by
 * (docs/betting.md, Manual settlement).
 */
export const marketSettlements = pgTable(
  'market_settlements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    seq: integer('seq').notNull(),
    playId: integer('play_id').notNull(),
    specifiers: text('specifiers').notNull(),
    outcomeId: text('outcome_id').notNull(),
    /** 1 won, 0 lost (before the void factor). */
    result: smallint('result').notNull(),
    /** Share of the stake returned: 0.5 on a half win or half loss, 1 on a push. */
    voidFactor: doublePrecision('void_factor').notNull(),
    /** Share of the win paid when competitors tie for a place; 1 without a dead heat. */
    deadHeatFactor: doublePrecision('dead_heat_factor').notNull(),
    /** UOF's certainty: 1 from live scouting, 2 confirmed. */
    certainty: smallint('certainty').notNull(),
    /** The feed's time of the message. */
    producedAt: timestamp('produced_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    rolledBackAt: timestamp('rolled_back_at', { withTimezone: true }),
    /** The operator who settled the market by hand; null for the feed's settlements. */
    operatorId: bigint('operator_id', { mode: 'number' }),
  },
  (table) => [
    unique('market_settlements_message').on(
      table.eventId,
      table.seq,
      table.playId,
      table.specifiers,
      table.outcomeId,
    ),
    index('market_settlements_market').on(table.eventId, table.playId, table.specifiers),
  ],
);

/** The reason an operator's void is recorded under; the feed's rollbacks pass it by. */
export const operatorVoidReason = 'operator_void';

/**
 * Bets voided by the feed (or an operator): on one market, or (`play_id` null) on every market
 * of the event; all of them, or only those accepted in `[window_start, window_end)`.
 */
export const betCancellations = pgTable(
  'bet_cancellations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    seq: integer('seq').notNull(),
    playId: integer('play_id'),
    specifiers: text('specifiers'),
    windowStart: timestamp('window_start', { withTimezone: true }),
    windowEnd: timestamp('window_end', { withTimezone: true }),
    /** `match_cancelled`, `match_abandoned`, `odds_error`, or `operatorVoidReason`. */
    reason: text('reason').notNull(),
    producedAt: timestamp('produced_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    rolledBackAt: timestamp('rolled_back_at', { withTimezone: true }),
  },
  (table) => [
    unique('bet_cancellations_message')
      .on(table.eventId, table.seq, table.playId, table.specifiers)
      .nullsNotDistinct(),
    index('bet_cancellations_market').on(table.eventId, table.playId, table.specifiers),
  ],
);

/** Every fixture change the feed sent: listed, moved or cancelled. */
export const fixtureChanges = pgTable(
  'fixture_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    seq: integer('seq').notNull(),
    /** `new`, `start_time` or `cancelled`. */
    changeType: text('change_type').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    previousStartTime: timestamp('previous_start_time', { withTimezone: true }),
    producedAt: timestamp('produced_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [unique('fixture_changes_message').on(table.eventId, table.seq)],
);

/**
 * How far each feed source has been recorded: every message up to this caller time is in the
 * tables above, written in the same transaction. A source started again resumes from here.
 */
export const feedPositions = pgTable('feed_positions', {
  /** `simulator:<seed>`. */
  source: text('source').primaryKey(),
  callerTime: bigint('caller_time', { mode: 'number' }).notNull(),
  /** The feed's own clock at `caller_time` (ahead of it when the simulator runs fast). */
  feedTime: doublePrecision('feed_time').notNull(),
  /** The simulator's fixture calendar, written once with the world's first position. */
  calendar: integer('calendar'),
  /**
   * The simulator's density (FEED_DENSITY), written once with the world's first position: a
   * day's matches depend on it, so the world keeps it. Null in worlds saved before it was
   * recorded, which ran at density 1.
   */
  density: doublePrecision('density'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
