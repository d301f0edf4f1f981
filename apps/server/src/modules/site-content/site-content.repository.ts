import {
  and,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { type NewSitePost, type SitePostRow, sitePosts } from './site-content.schema';

/** What the back office filters posts by. */
export interface PostFilter {
  kind?: string | undefined;
  language?: string | undefined;
  isPublished?: boolean | undefined;
  isDeleted: boolean;
  q?: string | undefined;
  limit: number;
  offset: number;
}

/** What members see: posts of some kinds shown now in one language. */
export interface ShownFilter {
  kinds: readonly string[];
  language: string;
  now: Date;
}

/** Escapes LIKE's wildcards, so a search for `50%` finds exactly that. */
const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Published, not deleted, in the window at `now`, in the language or for every language. */
function shownNow(filter: ShownFilter): SQL | undefined {
  return and(
    inArray(sitePosts.kind, [...filter.kinds]),
    eq(sitePosts.isPublished, true),
    isNull(sitePosts.deletedAt),
    lte(sitePosts.startsAt, filter.now),
    or(isNull(sitePosts.endsAt), gt(sitePosts.endsAt, filter.now)),
    inArray(sitePosts.language, [filter.language, 'all']),
  );
}

/** Queries on `site_posts`; no rules live here. */
export function createSiteContentRepository(db: Database) {
  return {
    transaction: <T>(work: (tx: Database) => Promise<T>): Promise<T> => inTransaction(db, work),

    async insert(tx: Database, values: NewSitePost): Promise<SitePostRow> {
      const [row] = await tx.insert(sitePosts).values(values).returning();
      if (!row) throw new Error('insert into site_posts returned no row');
      return row;
    },

    /** The post, whatever its state. */
    async findById(id: number): Promise<SitePostRow | undefined> {
      const [row] = await db.select().from(sitePosts).where(eq(sitePosts.id, id));
      return row;
    },

    /** The post, its row locked until the transaction ends. */
    async findForUpdate(tx: Database, id: number): Promise<SitePostRow | undefined> {
      const [row] = await tx.select().from(sitePosts).where(eq(sitePosts.id, id)).for('update');
      return row;
    },

    async update(tx: Database, id: number, values: Partial<NewSitePost>): Promise<SitePostRow> {
      const [row] = await tx.update(sitePosts).set(values).where(eq(sitePosts.id, id)).returning();
      if (!row) throw new Error(`update of site post ${id} returned no row`);
      return row;
    },

    /** The back office's list: newest first, with the total the filters match. */
    async list(filter: PostFilter): Promise<{ rows: SitePostRow[]; total: number }> {
      const where = and(
        filter.kind ? eq(sitePosts.kind, filter.kind) : undefined,
        filter.language ? eq(sitePosts.language, filter.language) : undefined,
        filter.isPublished === undefined
          ? undefined
          : eq(sitePosts.isPublished, filter.isPublished),
        filter.isDeleted ? isNotNull(sitePosts.deletedAt) : isNull(sitePosts.deletedAt),
        filter.q ? ilike(sitePosts.title, likeContaining(filter.q)) : undefined,
      );
      const rows = await db
        .select()
        .from(sitePosts)
        .where(where)
        .orderBy(desc(sitePosts.id))
        .limit(filter.limit)
        .offset(filter.offset);
      const [total] = await db.select({ rows: count() }).from(sitePosts).where(where);
      return { rows, total: total?.rows ?? 0 };
    },

    /**
     * Posts members see now: by sort weight (highest first) or newest first, then newest id,
     * with the total.
     */
    async listShown(
      filter: ShownFilter & { order: 'weight' | 'newest'; limit: number; offset: number },
    ): Promise<{ rows: SitePostRow[]; total: number }> {
      const where = shownNow(filter);
      const order =
        filter.order === 'weight'
          ? [desc(sitePosts.sortWeight), desc(sitePosts.startsAt), desc(sitePosts.id)]
          : [desc(sitePosts.startsAt), desc(sitePosts.id)];
      const rows = await db
        .select()
        .from(sitePosts)
        .where(where)
        .orderBy(...order)
        .limit(filter.limit)
        .offset(filter.offset);
      const [total] = await db.select({ rows: count() }).from(sitePosts).where(where);
      return { rows, total: total?.rows ?? 0 };
    },

    /** One post members see now, or undefined whatever else it is. */
    async findShown(id: number, filter: ShownFilter): Promise<SitePostRow | undefined> {
      const [row] = await db
        .select()
        .from(sitePosts)
        .where(and(eq(sitePosts.id, id), shownNow(filter)));
      return row;
    },
  };
}

export type SiteContentRepository = ReturnType<typeof createSiteContentRepository>;
