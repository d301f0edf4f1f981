import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  not,
  notExists,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  communityFollows,
  communityHiddenTipsters,
  communityKeys,
  communityRankVersion,
  communityShareCopies,
  communityShares,
  communityTipsterDays,
  type NewShare,
  type ShareRow,
  type TipsterDayRow,
} from './community.schema';

/** Which shares a feed lists. */
export interface FeedFilter {
  feed: 'latest' | 'most_copied' | 'following';
  sportId?: number | undefined;
  /** The follower, for the `following` feed. */
  followerId?: number | undefined;
  offset: number;
  limit: number;
}

/** What the desk lists shares by. */
export interface DeskFilter {
  /** The code's beginning, upper case. */
  code?: string | undefined;
  tipsterId?: number | undefined;
  hidden?: boolean | undefined;
  offset: number;
  limit: number;
}

const tipsterHidden: SQL = sql`exists (select 1 from ${communityHiddenTipsters} where ${communityHiddenTipsters.userId} = ${communityShares.userId})`;

/** Not withdrawn, not hidden, and not of a hidden tipster: what readers may see. */
const visible: SQL = and(
  isNull(communityShares.withdrawnAt),
  isNull(communityShares.hiddenAt),
  notExists(
    sql`(select 1 from ${communityHiddenTipsters} where ${communityHiddenTipsters.userId} = ${communityShares.userId})`,
  ),
) as SQL;

/**
 * What the following feed lists of a followed tipster: not withdrawn, not hidden, naming them
 * (an anonymous share names nobody). Written as `community_shares_following`'s condition, so
 * the planner reads that index; the tipster's own hiding is checked on the follow.
 */
const listedByFollowing: SQL = sql`${communityShares.withdrawnAt} is null and ${communityShares.hiddenAt} is null and ${communityShares.privacy} <> 'anonymous'`;

/** Ten-thousandths: a return equal to the stake. */
const evenUnits = 10_000;

/** The shares of a tipster's profile: naming them, and visible to readers. */
const profileShares = (userId: number): SQL =>
  and(eq(communityShares.userId, userId), ne(communityShares.privacy, 'anonymous'), visible) as SQL;

/** Queries on the community tables; no rules live here. */
export function createCommunityRepository(db: Database) {
  return {
    transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx as Database));
    },

    async findKey(id: string) {
      const [row] = await db.select().from(communityKeys).where(eq(communityKeys.id, id));
      return row;
    },

    /** Keeps the key unless one of this id exists already (another process made it first). */
    async insertKey(values: typeof communityKeys.$inferInsert): Promise<void> {
      await db.insert(communityKeys).values(values).onConflictDoNothing();
    },

    /** The new share, or undefined when its order already has a live share or its code is taken. */
    async insertShare(values: NewShare): Promise<ShareRow | undefined> {
      const [row] = await db
        .insert(communityShares)
        .values(values)
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async findLiveByOrder(orderId: number): Promise<ShareRow | undefined> {
      const [row] = await db
        .select()
        .from(communityShares)
        .where(and(eq(communityShares.orderId, orderId), isNull(communityShares.withdrawnAt)));
      return row;
    },

    async findByCode(code: string, tx: Database = db): Promise<ShareRow | undefined> {
      const [row] = await tx.select().from(communityShares).where(eq(communityShares.code, code));
      return row;
    },

    async findByCodeForUpdate(tx: Database, code: string): Promise<ShareRow | undefined> {
      const [row] = await tx
        .select()
        .from(communityShares)
        .where(eq(communityShares.code, code))
        .for('update');
      return row;
    },

    /** Whether readers may see the share: not withdrawn, not hidden, its tipster not hidden. */
    async isVisible(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: communityShares.id })
        .from(communityShares)
        .where(and(eq(communityShares.id, id), visible));
      return row !== undefined;
    },

    /**
     * Writes how the order ended (or that it is open again), once: only while the share still
     * stands as read, open (`seenSettledAt` null: not frozen yet) or frozen at `seenSettledAt`.
     * Undefined when another reader or pass changed it first.
     */
    async setEnding(
      tx: Database,
      id: number,
      seenSettledAt: Date | null,
      values: Pick<
        ShareRow,
        'settled' | 'status' | 'outcome' | 'returnUnits' | 'signature' | 'settledAt'
      >,
    ): Promise<ShareRow | undefined> {
      const [row] = await tx
        .update(communityShares)
        .set(values)
        .where(
          and(
            eq(communityShares.id, id),
            seenSettledAt === null
              ? isNull(communityShares.settled)
              : eq(communityShares.settledAt, seenSettledAt),
          ),
        )
        .returning();
      return row;
    },

    /** Every share of these orders, open or frozen, withdrawn ones too (`community_shares_order`). */
    async sharesOfOrders(orderIds: readonly number[]): Promise<ShareRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(communityShares)
        .where(inArray(communityShares.orderId, [...orderIds]))
        .orderBy(asc(communityShares.id));
    },

    /** Shares still open (withdrawn ones too), oldest first, after the id given. */
    async openShares(afterId: number, limit: number): Promise<ShareRow[]> {
      return db
        .select()
        .from(communityShares)
        .where(and(isNull(communityShares.settled), gt(communityShares.id, afterId)))
        .orderBy(asc(communityShares.id))
        .limit(limit);
    },

    /**
     * Holds the tipster's day until the transaction ends, so two shares of one tipster freezing
     * at once rewrite the day one after the other, the second seeing the first.
     */
    async lockTipsterDay(tx: Database, userId: number, day: string): Promise<void> {
      await tx
        .insert(communityTipsterDays)
        .values({
          userId,
          sportId: 0,
          day,
          orders: 0,
          wins: 0,
          losses: 0,
          sumR: 0,
          sumR2: 0,
          winPrefix: 0,
          winSuffix: 0,
          bestStreak: 0,
        })
        .onConflictDoNothing();
      await tx
        .select({ userId: communityTipsterDays.userId })
        .from(communityTipsterDays)
        .where(
          and(
            eq(communityTipsterDays.userId, userId),
            eq(communityTipsterDays.sportId, 0),
            eq(communityTipsterDays.day, day),
          ),
        )
        .for('update');
    },

    /** The tipster's shares that froze their ending in [from, to), in the order they froze. */
    async sharesSettledBetween(tx: Database, userId: number, from: Date, to: Date) {
      return tx
        .select()
        .from(communityShares)
        .where(
          and(
            eq(communityShares.userId, userId),
            gte(communityShares.settledAt, from),
            lt(communityShares.settledAt, to),
          ),
        )
        .orderBy(asc(communityShares.settledAt), asc(communityShares.id));
    },

    /** Writes the tipster's rows of the day, one per sport key, and drops the keys left out. */
    async replaceTipsterDay(
      tx: Database,
      userId: number,
      day: string,
      rows: ReadonlyMap<number, Omit<TipsterDayRow, 'userId' | 'sportId' | 'day'>>,
    ): Promise<void> {
      await tx
        .delete(communityTipsterDays)
        .where(
          and(
            eq(communityTipsterDays.userId, userId),
            eq(communityTipsterDays.day, day),
            notInArray(communityTipsterDays.sportId, [...rows.keys()]),
          ),
        );
      for (const [sportId, figures] of rows)
        await tx
          .insert(communityTipsterDays)
          .values({ userId, sportId, day, ...figures })
          .onConflictDoUpdate({
            target: [
              communityTipsterDays.userId,
              communityTipsterDays.sportId,
              communityTipsterDays.day,
            ],
            set: figures,
          });
    },

    /**
     * The window's sums per tipster of one sport key (0: every sport), for tipsters not hidden
     * with at least `minOrders` counted shares in it.
     */
    async rankSums(sportId: number, fromDay: string, minOrders: number) {
      const days = communityTipsterDays;
      const orders = sql<number>`sum(${days.orders})::float8`.mapWith(Number);
      return db
        .select({
          userId: days.userId,
          orders,
          wins: sql<number>`sum(${days.wins})::float8`.mapWith(Number),
          losses: sql<number>`sum(${days.losses})::float8`.mapWith(Number),
          sumR: sql<number>`sum(${days.sumR})::float8`.mapWith(Number),
          sumR2: sql<number>`sum(${days.sumR2})::float8`.mapWith(Number),
        })
        .from(days)
        .where(
          and(
            eq(days.sportId, sportId),
            gte(days.day, fromDay),
            notExists(
              sql`(select 1 from ${communityHiddenTipsters} where ${communityHiddenTipsters.userId} = ${days.userId})`,
            ),
          ),
        )
        .groupBy(days.userId)
        .having(sql`sum(${days.orders}) >= ${minOrders}`);
    },

    /** The ranking's version now: raised by every change of what it is computed from. */
    async rankVersion(): Promise<number> {
      const [row] = await db
        .select({ version: communityRankVersion.version })
        .from(communityRankVersion)
        .where(eq(communityRankVersion.id, 1));
      return row?.version ?? 0;
    },

    /**
     * Raises the ranking's version in the transaction of a change to its day rows or hidden
     * tipsters. Called once, last, after every day row lock the transaction takes, so two such
     * transactions wait on the version's row in the order they took their days.
     */
    async bumpRankVersion(tx: Database): Promise<void> {
      await tx
        .insert(communityRankVersion)
        .values({ id: 1, version: 1 })
        .onConflictDoUpdate({
          target: communityRankVersion.id,
          set: { version: sql`${communityRankVersion.version} + 1` },
        });
    },

    /** The tipsters' day rows of a sport key in the window, each tipster's in day order. */
    async tipsterDays(userIds: readonly number[], sportId: number, fromDay: string) {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(communityTipsterDays)
        .where(
          and(
            inArray(communityTipsterDays.userId, [...userIds]),
            eq(communityTipsterDays.sportId, sportId),
            gte(communityTipsterDays.day, fromDay),
          ),
        )
        .orderBy(asc(communityTipsterDays.userId), asc(communityTipsterDays.day));
    },

    async setStatus(id: number, status: number): Promise<void> {
      await db
        .update(communityShares)
        .set({ status })
        .where(and(eq(communityShares.id, id), isNull(communityShares.settled)));
    },

    /** Withdraws the member's live share; undefined when it is not theirs or already withdrawn. */
    async withdraw(userId: number, code: string, at: Date): Promise<ShareRow | undefined> {
      const [row] = await db
        .update(communityShares)
        .set({ withdrawnAt: at })
        .where(
          and(
            eq(communityShares.code, code),
            eq(communityShares.userId, userId),
            isNull(communityShares.withdrawnAt),
          ),
        )
        .returning();
      return row;
    },

    /**
     * The feed's page, and its shares counted only so far: at most `totalCap` past the page's
     * start (the count reads at most offset + cap + 1 rows, never the whole feed). `total` is
     * the count, `totalCapped` whether more shares follow it.
     */
    async feed(
      filter: FeedFilter,
      totalCap: number,
    ): Promise<{ rows: ShareRow[]; total: number; totalCapped: boolean }> {
      const upTo = filter.offset + totalCap;
      const ofSport =
        filter.sportId === undefined
          ? undefined
          : sql`${filter.sportId} = any(${communityShares.sportIds})`;
      let page: Promise<ShareRow[]>;
      let counted: Promise<{ rows: number }[]>;
      if (filter.feed === 'following') {
        // Each followed tipster's newest listed shares, as many as the page's end, off
        // `community_shares_following`; the page is the newest of those. A tipster with more
        // shares than that has none further on in the page, so it is the same page as the
        // newest of all their shares, without reading them all.
        const follows = and(
          eq(communityFollows.followerId, filter.followerId ?? 0),
          notExists(
            sql`(select 1 from ${communityHiddenTipsters} where ${communityHiddenTipsters.userId} = ${communityFollows.tipsterId})`,
          ),
        );
        const newest = db
          .select({ id: communityShares.id })
          .from(communityShares)
          .where(
            and(eq(communityShares.userId, communityFollows.tipsterId), listedByFollowing, ofSport),
          )
          .orderBy(desc(communityShares.id))
          .limit(filter.offset + filter.limit)
          .as('newest');
        const pageIds = db
          .select({ id: newest.id })
          .from(communityFollows)
          .crossJoinLateral(newest)
          .where(follows)
          .orderBy(desc(newest.id))
          .offset(filter.offset)
          .limit(filter.limit);
        page = db
          .select()
          .from(communityShares)
          .where(inArray(communityShares.id, pageIds))
          .orderBy(desc(communityShares.id));
        const listed = db
          .select({ one: sql`1`.as('one') })
          .from(communityFollows)
          .innerJoin(
            communityShares,
            and(eq(communityShares.userId, communityFollows.tipsterId), listedByFollowing, ofSport),
          )
          .where(follows)
          .limit(upTo + 1)
          .as('counted');
        counted = db.select({ rows: count() }).from(listed);
      } else {
        const where = and(visible, ofSport);
        page = db
          .select()
          .from(communityShares)
          .where(where)
          .orderBy(
            ...(filter.feed === 'most_copied'
              ? [desc(communityShares.copies), desc(communityShares.id)]
              : [desc(communityShares.id)]),
          )
          .offset(filter.offset)
          .limit(filter.limit);
        const listed = db
          .select({ one: sql`1`.as('one') })
          .from(communityShares)
          .where(where)
          .limit(upTo + 1)
          .as('counted');
        counted = db.select({ rows: count() }).from(listed);
      }
      const [rows, [found]] = await Promise.all([page, counted]);
      const rowsCounted = found?.rows ?? 0;
      return {
        rows,
        total: Math.min(rowsCounted, upTo),
        totalCapped: rowsCounted > upTo,
      };
    },

    /** Every share the filter keeps (withdrawn and hidden ones too), newest first. */
    async deskShares(
      filter: DeskFilter,
    ): Promise<{ rows: (ShareRow & { tipsterHidden: boolean })[]; total: number }> {
      const hiddenEither = or(isNotNull(communityShares.hiddenAt), tipsterHidden) as SQL;
      const where = and(
        filter.code === undefined
          ? undefined
          : sql`starts_with(${communityShares.code}, ${filter.code})`,
        filter.tipsterId === undefined ? undefined : eq(communityShares.userId, filter.tipsterId),
        filter.hidden === undefined ? undefined : filter.hidden ? hiddenEither : not(hiddenEither),
      );
      const found = await db
        .select({ share: communityShares, tipsterHidden: sql<boolean>`${tipsterHidden}` })
        .from(communityShares)
        .where(where)
        .orderBy(desc(communityShares.id))
        .offset(filter.offset)
        .limit(filter.limit);
      const [total] = await db.select({ rows: count() }).from(communityShares).where(where);
      return {
        rows: found.map((row) => ({ ...row.share, tipsterHidden: row.tipsterHidden === true })),
        total: total?.rows ?? 0,
      };
    },

    /** A tipster's newest shares that name them and readers may see, at most `limit`. */
    async profileRecent(userId: number, limit: number): Promise<ShareRow[]> {
      return db
        .select()
        .from(communityShares)
        .where(profileShares(userId))
        .orderBy(desc(communityShares.id))
        .limit(limit);
    },

    /**
     * A tipster's figures over the shares that name them and readers may see, summed in SQL:
     * every share, the decided ones (won, lost, push), wins, losses and Σ(return − stake) in
     * ten-thousandths of the stake (docs/community.md, "Figures of a profile").
     */
    async profileFigures(userId: number) {
      const decided = inArray(communityShares.outcome, ['won', 'lost', 'push']);
      const [row] = await db
        .select({
          shares: count(),
          decided: sql<number>`count(*) filter (where ${decided})`.mapWith(Number),
          wins: sql<number>`count(*) filter (where ${communityShares.outcome} = 'won')`.mapWith(
            Number,
          ),
          losses: sql<number>`count(*) filter (where ${communityShares.outcome} = 'lost')`.mapWith(
            Number,
          ),
          profitUnits:
            sql<number>`coalesce(sum(coalesce(${communityShares.returnUnits}, ${evenUnits}) - ${evenUnits}) filter (where ${decided}), 0)::float8`.mapWith(
              Number,
            ),
        })
        .from(communityShares)
        .where(profileShares(userId));
      return row ?? { shares: 0, decided: 0, wins: 0, losses: 0, profitUnits: 0 };
    },

    /**
     * The longest run of won shares in the order their bets were placed (then by id), a loss
     * ending a run and a push neither ending nor extending it: the won and lost shares are
     * numbered by the losses before them, and the largest count of wins of one number wins.
     */
    async profileLongestWinStreak(userId: number): Promise<number> {
      const runs = db
        .select({
          outcome: communityShares.outcome,
          run: sql<number>`sum(case when ${communityShares.outcome} = 'lost' then 1 else 0 end) over (order by (${communityShares.placed}->>'placedAt')::bigint, ${communityShares.id})`.as(
            'run',
          ),
        })
        .from(communityShares)
        .where(and(profileShares(userId), inArray(communityShares.outcome, ['won', 'lost'])))
        .as('runs');
      const wins = db
        .select({ wins: sql<number>`count(*) filter (where ${runs.outcome} = 'won')`.as('wins') })
        .from(runs)
        .groupBy(runs.run)
        .as('wins');
      const [row] = await db
        .select({ best: sql<number>`coalesce(max(${wins.wins}), 0)::float8`.mapWith(Number) })
        .from(wins);
      return row?.best ?? 0;
    },

    /** Each sport of a tipster's shares with the number of shares holding a leg of it. */
    async profileSports(userId: number): Promise<{ sportId: number; shares: number }[]> {
      const legs = db
        .select({ sportId: sql<number>`unnest(${communityShares.sportIds})`.as('sport_id') })
        .from(communityShares)
        .where(profileShares(userId))
        .as('legs');
      const rows = await db
        .select({ sportId: sql<number>`${legs.sportId}`.mapWith(Number), shares: count() })
        .from(legs)
        .groupBy(legs.sportId);
      return rows.sort((a, b) => b.shares - a.shares || a.sportId - b.sportId);
    },

    async isTipsterHidden(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: communityHiddenTipsters.userId })
        .from(communityHiddenTipsters)
        .where(eq(communityHiddenTipsters.userId, userId));
      return row !== undefined;
    },

    async hasShared(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: communityShares.id })
        .from(communityShares)
        .where(eq(communityShares.userId, userId))
        .limit(1);
      return row !== undefined;
    },

    async followers(tipsterId: number): Promise<number> {
      const [row] = await db
        .select({ rows: count() })
        .from(communityFollows)
        .where(eq(communityFollows.tipsterId, tipsterId));
      return row?.rows ?? 0;
    },

    async isFollowing(followerId: number, tipsterId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: communityFollows.tipsterId })
        .from(communityFollows)
        .where(
          and(
            eq(communityFollows.followerId, followerId),
            eq(communityFollows.tipsterId, tipsterId),
          ),
        );
      return row !== undefined;
    },

    async follow(followerId: number, tipsterId: number, at: Date): Promise<void> {
      await db
        .insert(communityFollows)
        .values({ followerId, tipsterId, createdAt: at })
        .onConflictDoNothing();
    },

    async unfollow(followerId: number, tipsterId: number): Promise<void> {
      await db
        .delete(communityFollows)
        .where(
          and(
            eq(communityFollows.followerId, followerId),
            eq(communityFollows.tipsterId, tipsterId),
          ),
        );
    },

    /** Counts the member's copy once: the share's copies after it, and whether this one counted. */
    async copy(shareId: number, userId: number, at: Date) {
      return db.transaction(async (tx) => {
        const [added] = await tx
          .insert(communityShareCopies)
          .values({ shareId, userId, createdAt: at })
          .onConflictDoNothing()
          .returning();
        if (added) {
          const [row] = await tx
            .update(communityShares)
            .set({ copies: sql`${communityShares.copies} + 1` })
            .where(eq(communityShares.id, shareId))
            .returning({ copies: communityShares.copies });
          return { copies: row?.copies ?? 0, isCounted: true };
        }
        const [row] = await tx
          .select({ copies: communityShares.copies })
          .from(communityShares)
          .where(eq(communityShares.id, shareId));
        return { copies: row?.copies ?? 0, isCounted: false };
      });
    },

    async setShareHidden(tx: Database, id: number, hiddenBy: number | null, at: Date | null) {
      const [row] = await tx
        .update(communityShares)
        .set({ hiddenAt: at, hiddenBy })
        .where(eq(communityShares.id, id))
        .returning();
      return row;
    },

    async findHiddenTipsterForUpdate(tx: Database, userId: number) {
      const [row] = await tx
        .select()
        .from(communityHiddenTipsters)
        .where(eq(communityHiddenTipsters.userId, userId))
        .for('update');
      return row;
    },

    async hideTipster(tx: Database, userId: number, hiddenBy: number, at: Date) {
      const [row] = await tx
        .insert(communityHiddenTipsters)
        .values({ userId, hiddenBy, hiddenAt: at })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async showTipster(tx: Database, userId: number) {
      const [row] = await tx
        .delete(communityHiddenTipsters)
        .where(eq(communityHiddenTipsters.userId, userId))
        .returning();
      return row;
    },
  };
}

export type CommunityRepository = ReturnType<typeof createCommunityRepository>;
