import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Site posts: notices, news, banners and activities that operators write and members read.
 * Nothing is ever removed: unpublishing clears `is_published` and deleting sets `deleted_at`, so
 * the row (and the audit log's entries about it) stays. `version` grows by one with each change.
 */
export const sitePosts = pgTable(
  'site_posts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** zh, zht, en, or all. */
    language: text('language').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    imageUrl: text('image_url'),
    linkUrl: text('link_url'),
    matchId: bigint('match_id', { mode: 'number' }),
    rules: text('rules'),
    sortWeight: integer('sort_weight').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    isPublished: boolean('is_published').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    // Members' reads: one kind, shown now, in a window.
    index('site_posts_kind_starts').on(table.kind, table.startsAt),
    check('site_posts_kind', sql`${table.kind} in ('notice', 'news', 'banner', 'activity')`),
    check('site_posts_language', sql`${table.language} in ('zh', 'zht', 'en', 'all')`),
    check('site_posts_window', sql`${table.endsAt} is null or ${table.endsAt} > ${table.startsAt}`),
  ],
);

export type SitePostRow = typeof sitePosts.$inferSelect;
export type NewSitePost = typeof sitePosts.$inferInsert;
