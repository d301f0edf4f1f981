import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { idArrayParam } from '../../db/statement';
import { captchas, partnerSettings, sessions, users } from './identity.schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Queries on the identity tables; no rules live here. */
export function createIdentityRepository(db: Database) {
  const findLiveSessionsStatement = db
    .select({
      tokenHash: sessions.tokenHash,
      sessionId: sessions.id,
      user: users,
      /** False while an operator has the player's partner turned off; null for everyone else. */
      partnerEnabled: partnerSettings.isEnabled,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(partnerSettings, eq(partnerSettings.channel, users.partnerChannel))
    .where(
      and(
        sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`,
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('identity_find_live_sessions');
  // Every member call that needs more than its caller's identity reads the user row.
  const findUserByIdStatement = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('identity_find_user_by_id');
  // Balance pushes read the users whose money moved together (see balance-notifier.ts).
  const findUsersByIdsStatement = db
    .select()
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::bigint[])`)
    .prepare('identity_find_users_by_ids');

  return {
    async insertUser(values: NewUser): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('insert into users returned no row');
      return row;
    },

    /** Inserts the user unless the account key is taken; null when it is. */
    async insertUserUnlessAccountTaken(values: NewUser): Promise<UserRow | null> {
      const [row] = await db
        .insert(users)
        .values(values)
        .onConflictDoNothing({ target: users.accountKey })
        .returning();
      return row ?? null;
    },

    async findUserById(id: number): Promise<UserRow | undefined> {
      const [row] = await findUserByIdStatement.execute({ id });
      return row;
    },

    /** The users of these ids that exist, in no particular order. */
    async findUsersByIds(ids: readonly number[]): Promise<UserRow[]> {
      return findUsersByIdsStatement.execute({ ids: idArrayParam(ids) });
    },

    async findUserByAccountKey(accountKey: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.accountKey, accountKey));
      return row;
    },

    /** An operator's settings of a partner channel; undefined while the defaults stand. */
    async findPartnerSettings(channel: string) {
      const [row] = await db
        .select()
        .from(partnerSettings)
        .where(eq(partnerSettings.channel, channel));
      return row;
    },

    /**
     * Finds or creates the partner's player in one statement, safe when two logins race. Only a
     * new player takes `values`' settings; an existing one keeps its own, bar the agent id.
     */
    async upsertPartnerUser(values: NewUser): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        .values(values)
        .onConflictDoUpdate({
          target: [users.partnerChannel, users.principal],
          set: { agentId: values.agentId ?? 0 },
        })
        .returning();
      if (!row) throw new Error('upsert into users returned no row');
      return row;
    },

    async updateUser(id: number, values: Partial<NewUser>): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
      return row;
    },

    /** Sets a quick account's first own password; false when it no longer has the placeholder. */
    async replacePlaceholderPassword(id: number, passwordHash: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ passwordHash, hasPlaceholderPassword: false })
        .where(and(eq(users.id, id), eq(users.hasPlaceholderPassword, true)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async insertSession(
      values: typeof sessions.$inferInsert,
    ): Promise<{ id: number; expiresAt: Date }> {
      const [row] = await db
        .insert(sessions)
        .values(values)
        .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
      if (!row) throw new Error('insert into sessions returned no row');
      return row;
    },

    /**
     * The live sessions of token hashes (hex digits only), each with its user's row, by hash;
     * expired and revoked ones are not found. Every member call starts here, so the statement is
     * prepared once and reads several callers' sessions at a time (see lookup-batcher.ts); it
     * reads the whole row so that a call needing more of the user than their identity (placing a
     * bet) need not read it again.
     */
    async findLiveSessions(tokenHashes: readonly string[], now: Date) {
      const rows = await findLiveSessionsStatement.execute({
        tokenHashes: `{${tokenHashes.join(',')}}`,
        now,
      });
      return new Map(rows.map((row) => [row.tokenHash, row]));
    },

    async extendSession(sessionId: number, expiresAt: Date): Promise<void> {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
    },

    async revokeSession(sessionId: number, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    async revokeAllSessions(userId: number, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    async insertCaptcha(values: typeof captchas.$inferInsert): Promise<void> {
      await db.insert(captchas).values(values);
    },

    async findUsableCaptcha(id: string, now: Date, maxFailedAttempts: number) {
      const [row] = await db
        .select()
        .from(captchas)
        .where(
          and(
            eq(captchas.id, id),
            isNull(captchas.usedAt),
            gt(captchas.expiresAt, now),
            lt(captchas.failedAttempts, maxFailedAttempts),
          ),
        );
      return row;
    },

    /** Marks the captcha used; false when another request used it first. */
    async consumeCaptcha(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(captchas)
        .set({ usedAt: now })
        .where(and(eq(captchas.id, id), isNull(captchas.usedAt)))
        .returning({ id: captchas.id });
      return rows.length === 1;
    },

    async recordCaptchaFailure(id: string): Promise<void> {
      await db
        .update(captchas)
        .set({ failedAttempts: sql`${captchas.failedAttempts} + 1` })
        .where(eq(captchas.id, id));
    },

    async deleteExpiredCaptchas(now: Date): Promise<void> {
      await db.delete(captchas).where(lt(captchas.expiresAt, now));
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
