import { type MemberRisk, memberType } from '@sb/contract';
import { and, count, desc, eq, inArray, isNotNull, isNull, like, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { AuditWithin } from '../operators/audit.service';
import { sessions, users } from './identity.schema';

export type MemberRow = typeof users.$inferSelect;

export const memberRiskOf = (user: MemberRow): MemberRisk => ({
  riskAmount: user.riskAmount,
  riskLevel: user.riskLevel,
  playerOdds: user.playerOdds,
  oddsConfig: user.oddsConfig,
  leagueIds: user.leagueIds,
});

/** What the members desk sets on a member: the risk settings and live video (isShow). */
export type MemberSettings = MemberRisk & { isShow: boolean };

export const memberSettingsOf = (user: MemberRow): MemberSettings => ({
  ...memberRiskOf(user),
  isShow: user.isShow,
});

/** Escapes LIKE's wildcards, so a search for `a_b` finds exactly that prefix. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The fields a caller gave; left-out ones keep their stored value. */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== undefined),
  ) as Partial<T>;
}

/**
 * What the back office does to members' identities: search, read, block and risk settings.
 * Blocking ends every session of the member in the same transaction (a blocked member's token
 * is refused like a revoked one, and their logins are refused); unblocking lets them sign in.
 */
export function createMemberAdmin(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  async function find(tx: Database, userId: number, forUpdate = false): Promise<MemberRow> {
    const query = tx.select().from(users).where(eq(users.id, userId));
    const [user] = forUpdate ? await query.for('update') : await query;
    if (!user) throw new AppError('NOT_FOUND', `userId: no member ${userId}`);
    return user;
  }

  return {
    find: (userId: number) => find(db, userId),

    /**
     * Members whose account starts with `q` (any case), or whose uid or user id is `q`; visitors
     * and try-play accounts, which every first page view and demo click creates, only when asked.
     */
    async search(query: {
      q?: string | undefined;
      blocked?: boolean | undefined;
      withVisitors?: boolean | undefined;
      page: number;
      size: number;
    }) {
      const q = query.q?.trim();
      const filters: (SQL | undefined)[] = [];
      if (q) {
        const matches: (SQL | undefined)[] = [
          eq(users.uid, q),
          like(users.accountKey, likePrefix(q.toLowerCase())),
        ];
        if (/^\d{1,15}$/.test(q)) matches.push(eq(users.id, Number(q)));
        filters.push(or(...matches));
      }
      if (query.blocked !== undefined)
        filters.push(query.blocked ? isNotNull(users.blockedAt) : isNull(users.blockedAt));
      if (!query.withVisitors)
        filters.push(inArray(users.type, [memberType.member, memberType.partner]));
      const where = and(...filters);
      const rows = await db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.id))
        .offset((query.page - 1) * query.size)
        .limit(query.size);
      const [total] = await db.select({ rows: count() }).from(users).where(where);
      return { rows, total: total?.rows ?? 0 };
    },

    /** Blocks or unblocks; `applied` false when the member already stood so. */
    setBlocked(userId: number, blocked: boolean, audit: AuditWithin) {
      return db.transaction(async (tx) => {
        const before = await find(tx, userId, true);
        if (blocked === (before.blockedAt !== null)) return { member: before, applied: false };
        const at = now();
        const blockedAt = blocked ? at : null;
        const [after] = await tx
          .update(users)
          .set({ blockedAt })
          .where(eq(users.id, userId))
          .returning();
        if (blocked)
          await tx
            .update(sessions)
            .set({ revokedAt: at })
            .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
        await audit(tx, {
          before: { blockedAt: before.blockedAt?.toISOString() ?? null },
          after: { blockedAt: blockedAt?.toISOString() ?? null },
        });
        return { member: after ?? before, applied: true };
      });
    },

    /** Changes the risk settings and isShow given; the others keep their value. */
    setRisk(
      userId: number,
      changes: Partial<MemberSettings>,
      audit: AuditWithin,
    ): Promise<MemberSettings> {
      return db.transaction(async (tx) => {
        const before = await find(tx, userId, true);
        const after: MemberSettings = { ...memberSettingsOf(before), ...definedOnly(changes) };
        await tx.update(users).set(after).where(eq(users.id, userId));
        await audit(tx, { before: memberSettingsOf(before), after });
        return after;
      });
    },
  };
}

export type MemberAdmin = ReturnType<typeof createMemberAdmin>;
