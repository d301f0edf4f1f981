import { memberType } from '@sb/contract';
import { and, count, desc, eq, inArray, isNotNull, isNull, like, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { repositoryWithTransaction } from '../../db/transaction';
import { sessions, users } from './identity.schema';

export type MemberRow = typeof users.$inferSelect;

export interface MemberSearch {
  /** An account prefix (any case), a uid or a user id. */
  q?: string | undefined;
  blocked?: boolean | undefined;
  withVisitors?: boolean | undefined;
}

/** Escapes LIKE's wildcards, so a search for `a_b` finds exactly that prefix. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function searchConditions(search: MemberSearch): SQL | undefined {
  const q = search.q?.trim();
  const filters: (SQL | undefined)[] = [];
  if (q) {
    const matches: (SQL | undefined)[] = [
      eq(users.uid, q),
      like(users.accountKey, likePrefix(q.toLowerCase())),
    ];
    if (/^\d{1,15}$/.test(q)) matches.push(eq(users.id, Number(q)));
    filters.push(or(...matches));
  }
  if (search.blocked !== undefined)
    filters.push(search.blocked ? isNotNull(users.blockedAt) : isNull(users.blockedAt));
  if (!search.withVisitors)
    filters.push(inArray(users.type, [memberType.member, memberType.partner]));
  return and(...filters);
}

/** The members desk's queries, on the database or inside a transaction; no rules live here. */
function createMemberAdminQueries(db: Database) {
  return {
    async find(userId: number): Promise<MemberRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row;
    },

    /** The member, locked until the transaction ends. */
    async lock(userId: number): Promise<MemberRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
      return row;
    },

    /** A page of the members found, newest first, with how many are found in all. */
    async search(search: MemberSearch, offset: number, limit: number) {
      const where = searchConditions(search);
      const rows = await db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.id))
        .offset(offset)
        .limit(limit);
      const [total] = await db.select({ rows: count() }).from(users).where(where);
      return { rows, total: total?.rows ?? 0 };
    },

    async update(
      userId: number,
      values: Partial<typeof users.$inferInsert>,
    ): Promise<MemberRow | undefined> {
      const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
      return row;
    },

    /** Ends every live session of the member. */
    async revokeSessions(userId: number, at: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}

export type MemberAdminQueries = ReturnType<typeof createMemberAdminQueries>;

/**
 * The queries, and `transaction`: runs `work` in one transaction, with the queries and the
 * transaction for the audit.
 */
export function createMemberAdminRepository(db: Database) {
  return repositoryWithTransaction(db, createMemberAdminQueries);
}

export type MemberAdminRepository = ReturnType<typeof createMemberAdminRepository>;
