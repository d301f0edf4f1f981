import {
  bigint,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A user's favourite leagues and matches (SPEC §4). One row per user, kind and subject, so adding
 * the same favourite twice finds the same row and answers the same record id.
 */
export const favourites = pgTable(
  'favourites',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** 0 league, 1 match. */
    kind: smallint('kind').notNull(),
    /** The league id or the match id. */
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    sportId: integer('sport_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('favourites_subject').on(table.userId, table.kind, table.subjectId)],
);

/**
 * Site-wide settings an operator may change while the site runs, as JSON by key: the control
 * switches of SPEC §4 and the static file address. A key without a row has its default.
 */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
