import { and, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { repositoryWithTransaction } from '../../db/transaction';
import {
  type PromotionActivityMemberRow,
  type PromotionActivityRow,
  type PromotionCampaignRow,
  type PromotionReservationRow,
  promotionActivities,
  promotionActivityCounts,
  promotionActivityCursor,
  promotionActivityMembers,
  promotionActivityReservations,
  promotionCampaigns,
} from './promotions.schema';

const rowsOf = async <Row>(executor: Database, query: SQL): Promise<Row[]> =>
  ((await executor.execute(query)) as unknown as { rows: Row[] }).rows;

/** An activity's figures beyond the campaign's (docs/promotions.md, Activities that pay). */
export interface ActivityFigureRow {
  rewardsPaid: number;
  rewardsCount: number;
  membersRewarded: number;
  membersUnpaid: number;
  topUpsPaid: number;
  topUpsCount: number;
  topUpMembers: number;
  reserved: number;
}

/** The activities' queries, on the database or a caller's transaction. */
export function activitiesQueries(db: Database) {
  return {
    async insertActivity(values: typeof promotionActivities.$inferInsert): Promise<void> {
      await db.insert(promotionActivities).values(values);
    },

    async activities(ids: readonly number[]): Promise<Map<number, PromotionActivityRow>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select()
        .from(promotionActivities)
        .where(inArray(promotionActivities.campaignId, [...ids]));
      return new Map(rows.map((row) => [row.campaignId, row]));
    },

    /** The activity's row locked for update: placements of one activity run one at a time. */
    async lockActivity(id: number): Promise<PromotionActivityRow | undefined> {
      const [row] = await db
        .select()
        .from(promotionActivities)
        .where(eq(promotionActivities.campaignId, id))
        .for('update');
      return row;
    },

    /** Activity campaigns (with their rules) in these statuses, optionally of one post. */
    async activitiesIn(
      statuses: readonly string[],
      postId?: number,
    ): Promise<{ campaign: PromotionCampaignRow; activity: PromotionActivityRow }[]> {
      const rows = await db
        .select({ campaign: promotionCampaigns, activity: promotionActivities })
        .from(promotionCampaigns)
        .innerJoin(promotionActivities, eq(promotionActivities.campaignId, promotionCampaigns.id))
        .where(
          and(
            eq(promotionCampaigns.kind, 'activity'),
            inArray(promotionCampaigns.status, [...statuses]),
            postId === undefined ? undefined : eq(promotionActivities.postId, postId),
          ),
        )
        .orderBy(promotionCampaigns.id);
      return rows;
    },

    async figures(ids: readonly number[]): Promise<Map<number, ActivityFigureRow>> {
      const result = new Map<number, ActivityFigureRow>();
      if (ids.length === 0) return result;
      const list = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      const members = await rowsOf<Record<string, unknown>>(
        db,
        sql`select campaign_id,
                   coalesce(sum(reward_amount) filter (where rewarded_at is not null), 0) as paid,
                   count(*) filter (where rewarded_at is not null) as rewarded,
                   count(*) filter (where reached_at is not null and rewarded_at is null) as unpaid
            from promotion_activity_members where campaign_id in (${list}) group by campaign_id`,
      );
      const reservations = await rowsOf<Record<string, unknown>>(
        db,
        sql`select campaign_id,
                   coalesce(sum(paid), 0) as paid,
                   count(*) filter (where paid > 0) as paid_count,
                   count(distinct user_id) filter (where paid > 0) as paid_members,
                   coalesce(sum(reserved) filter (where state = 'held'), 0) as reserved
            from promotion_activity_reservations where campaign_id in (${list})
            group by campaign_id`,
      );
      const empty = (): ActivityFigureRow => ({
        rewardsPaid: 0,
        rewardsCount: 0,
        membersRewarded: 0,
        membersUnpaid: 0,
        topUpsPaid: 0,
        topUpsCount: 0,
        topUpMembers: 0,
        reserved: 0,
      });
      for (const row of members) {
        const id = Number(row.campaign_id);
        result.set(id, {
          ...empty(),
          rewardsPaid: Number(row.paid),
          rewardsCount: Number(row.rewarded),
          membersRewarded: Number(row.rewarded),
          membersUnpaid: Number(row.unpaid),
        });
      }
      for (const row of reservations) {
        const id = Number(row.campaign_id);
        result.set(id, {
          ...(result.get(id) ?? empty()),
          topUpsPaid: Number(row.paid),
          topUpsCount: Number(row.paid_count),
          topUpMembers: Number(row.paid_members),
          reserved: Number(row.reserved),
        });
      }
      return result;
    },

    // --- qualifying ------------------------------------------------------------------------

    async cursor(): Promise<number> {
      const [row] = await db
        .select()
        .from(promotionActivityCursor)
        .where(eq(promotionActivityCursor.id, 1));
      return row?.afterTransactionId ?? 0;
    },

    /** Moves the cursor forward only: a pass that read less never takes it back. */
    async advanceCursor(to: number, at: Date): Promise<void> {
      await db.execute(sql`
        insert into promotion_activity_cursor (id, after_transaction_id, moved_at)
        values (1, ${to}, ${at.toISOString()})
        on conflict (id) do update set after_transaction_id = excluded.after_transaction_id,
          moved_at = excluded.moved_at
        where promotion_activity_cursor.after_transaction_id < excluded.after_transaction_id`);
    },

    /** (activity, order) pairs already counted, as `<activity>:<order>`. */
    async countedPairs(ids: readonly number[], orderNos: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0 || orderNos.length === 0) return new Set();
      const rows = await db
        .select({
          campaignId: promotionActivityCounts.campaignId,
          orderNo: promotionActivityCounts.orderNo,
        })
        .from(promotionActivityCounts)
        .where(
          and(
            inArray(promotionActivityCounts.campaignId, [...ids]),
            inArray(promotionActivityCounts.orderNo, [...orderNos]),
          ),
        );
      return new Set(rows.map((row) => `${row.campaignId}:${row.orderNo}`));
    },

    /** The member's row of the activity, made if missing, locked for update. */
    async lockMember(campaignId: number, userId: number): Promise<PromotionActivityMemberRow> {
      await db
        .insert(promotionActivityMembers)
        .values({ campaignId, userId })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(promotionActivityMembers)
        .where(
          and(
            eq(promotionActivityMembers.campaignId, campaignId),
            eq(promotionActivityMembers.userId, userId),
          ),
        )
        .for('update');
      if (!row) throw new Error('activity member row missing after insert');
      return row;
    },

    /** Counts an order once: false when this (activity, order) was counted before. */
    async insertCount(values: typeof promotionActivityCounts.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(promotionActivityCounts)
        .values(values)
        .onConflictDoNothing()
        .returning({ orderNo: promotionActivityCounts.orderNo });
      return rows.length > 0;
    },

    async updateMember(
      campaignId: number,
      userId: number,
      values: Partial<
        Pick<
          PromotionActivityMemberRow,
          'counted' | 'reachedAt' | 'rewardedAt' | 'rewardAmount' | 'bonusId' | 'freeBetId'
        >
      >,
    ): Promise<void> {
      await db
        .update(promotionActivityMembers)
        .set(values)
        .where(
          and(
            eq(promotionActivityMembers.campaignId, campaignId),
            eq(promotionActivityMembers.userId, userId),
          ),
        );
    },

    async members(
      ids: readonly number[],
      userId: number,
    ): Promise<Map<number, PromotionActivityMemberRow>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select()
        .from(promotionActivityMembers)
        .where(
          and(
            inArray(promotionActivityMembers.campaignId, [...ids]),
            eq(promotionActivityMembers.userId, userId),
          ),
        );
      return new Map(rows.map((row) => [row.campaignId, row]));
    },

    /** Members who reached a target and are not yet paid, of campaigns not closed. */
    async unpaid(limit: number): Promise<{ campaignId: number; userId: number }[]> {
      const rows = await rowsOf<{ campaign_id: unknown; user_id: unknown }>(
        db,
        sql`select m.campaign_id, m.user_id from promotion_activity_members m
            join promotion_campaigns c on c.id = m.campaign_id
            where m.reached_at is not null and m.rewarded_at is null
              and c.status in ('running', 'ended')
            order by m.reached_at limit ${limit}`,
      );
      return rows.map((row) => ({
        campaignId: Number(row.campaign_id),
        userId: Number(row.user_id),
      }));
    },

    // --- special bets ----------------------------------------------------------------------

    async reservationByKey(
      campaignId: number,
      userId: number,
      key: string,
    ): Promise<PromotionReservationRow | undefined> {
      const [row] = await db
        .select()
        .from(promotionActivityReservations)
        .where(
          and(
            eq(promotionActivityReservations.campaignId, campaignId),
            eq(promotionActivityReservations.userId, userId),
            eq(promotionActivityReservations.key, key),
          ),
        );
      return row;
    },

    /** What the member's stakes take of their cap: every reservation not released. */
    async stakedBy(campaignId: number, userId: number): Promise<number> {
      const [row] = await rowsOf<{ staked: unknown }>(
        db,
        sql`select coalesce(sum(stake), 0) as staked from promotion_activity_reservations
            where campaign_id = ${campaignId} and user_id = ${userId} and state <> 'released'`,
      );
      return Number(row?.staked ?? 0);
    },

    async heldTotal(campaignId: number): Promise<number> {
      const [row] = await rowsOf<{ held: unknown }>(
        db,
        sql`select coalesce(sum(reserved), 0) as held from promotion_activity_reservations
            where campaign_id = ${campaignId} and state = 'held'`,
      );
      return Number(row?.held ?? 0);
    },

    async heldCount(campaignId: number): Promise<number> {
      const [row] = await rowsOf<{ held: unknown }>(
        db,
        sql`select count(*) as held from promotion_activity_reservations
            where campaign_id = ${campaignId} and state = 'held'`,
      );
      return Number(row?.held ?? 0);
    },

    async insertReservation(
      values: typeof promotionActivityReservations.$inferInsert,
    ): Promise<PromotionReservationRow> {
      const [row] = await db.insert(promotionActivityReservations).values(values).returning();
      if (!row) throw new Error('reservation insert answered no row');
      return row;
    },

    /** Changes a held reservation; undefined when it is no longer held. */
    async updateHeld(
      id: number,
      values: Partial<
        Pick<
          PromotionReservationRow,
          'state' | 'orderNo' | 'struckOdds' | 'reserved' | 'paid' | 'decidedAt'
        >
      >,
    ): Promise<PromotionReservationRow | undefined> {
      const [row] = await db
        .update(promotionActivityReservations)
        .set(values)
        .where(
          and(
            eq(promotionActivityReservations.id, id),
            eq(promotionActivityReservations.state, 'held'),
          ),
        )
        .returning();
      return row;
    },

    async lockReservation(id: number): Promise<PromotionReservationRow | undefined> {
      const [row] = await db
        .select()
        .from(promotionActivityReservations)
        .where(eq(promotionActivityReservations.id, id))
        .for('update');
      return row;
    },

    /** Removes a held reservation that has no order (a refused placement); whether it did. */
    async deleteHeldWithoutOrder(id: number): Promise<boolean> {
      const rows = await db
        .delete(promotionActivityReservations)
        .where(
          and(
            eq(promotionActivityReservations.id, id),
            eq(promotionActivityReservations.state, 'held'),
            isNull(promotionActivityReservations.orderNo),
          ),
        )
        .returning({ id: promotionActivityReservations.id });
      return rows.length > 0;
    },

    /** Held reservations with an order, to follow until their bet is decided. */
    async heldWithOrder(limit: number): Promise<PromotionReservationRow[]> {
      return db
        .select()
        .from(promotionActivityReservations)
        .where(
          and(
            eq(promotionActivityReservations.state, 'held'),
            sql`${promotionActivityReservations.orderNo} is not null`,
          ),
        )
        .orderBy(promotionActivityReservations.id)
        .limit(limit);
    },

    /** Held reservations without an order made before `before`: a placement that never ended. */
    async orphans(before: Date, limit: number): Promise<PromotionReservationRow[]> {
      return db
        .select()
        .from(promotionActivityReservations)
        .where(
          and(
            eq(promotionActivityReservations.state, 'held'),
            isNull(promotionActivityReservations.orderNo),
            lt(promotionActivityReservations.createdAt, before),
          ),
        )
        .orderBy(promotionActivityReservations.id)
        .limit(limit);
    },
  };
}

export type ActivitiesQueries = ReturnType<typeof activitiesQueries>;

export function createActivitiesRepository(db: Database) {
  return repositoryWithTransaction(db, activitiesQueries);
}

export type ActivitiesRepository = ReturnType<typeof createActivitiesRepository>;
