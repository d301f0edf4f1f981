import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Operators' holds: a whole match (play 0) or one market suspended by hand. Every process reads
 * them into its read model, so a held market reads suspended in lists, sockets, bets and cash out.
 */
export const tradingHolds = pgTable(
  'trading_holds',
  {
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    /** 0 holds the whole match. */
    playId: integer('play_id').notNull(),
    specifiers: text('specifiers').notNull(),
    reason: text('reason').notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.playId, table.specifiers] })],
);

/**
 * The book's margins set by operators: extra thousandths of implied probability on the feed's
 * prices of a sport (play 0: every play without its own row) or one play of it. Every process
 * reads them into its read model, where lists, sockets, bets and cash out all price with them.
 */
export const bookMargins = pgTable(
  'book_margins',
  {
    sportId: integer('sport_id').notNull(),
    /** 0 for the whole sport. */
    playId: integer('play_id').notNull(),
    margin: integer('margin').notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.sportId, table.playId] })],
);
