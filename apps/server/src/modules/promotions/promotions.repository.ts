import type { CampaignKind, CampaignStatus } from '@sb/contract';
import { and, count, desc, eq, gte, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { repositoryWithTransaction } from '../../db/transaction';
import {
  type PromotionCampaignRow,
  type PromotionEnvelopeRow,
  promotionCampaigns,
  promotionEnvelopes,
} from './promotions.schema';

export type NewCampaign = typeof promotionCampaigns.$inferInsert;

/** Rows of a raw query; both drivers answer them as `{ rows }`, the shared type does not say so. */
const rowsOf = async <Row>(executor: Database, query: SQL): Promise<Row[]> =>
  ((await executor.execute(query)) as unknown as { rows: Row[] }).rows;

/** A claimed envelope as the grab statement answers it. */
export interface ClaimedEnvelope {
  id: number;
  idx: number;
  amount: number;
}

/** What members see of campaigns: every status but a draft, closed ones for 30 days. */
function shownToMembers(closedSince: Date): SQL | undefined {
  return or(
    inArray(promotionCampaigns.status, ['scheduled', 'running', 'paused', 'ended']),
    and(
      eq(promotionCampaigns.status, 'closed'),
      isNotNull(promotionCampaigns.fundedAt),
      gte(promotionCampaigns.closedAt, closedSince),
    ),
  );
}

/** The promotions module's queries, on the database or a caller's transaction. */
export function promotionsQueries(db: Database) {
  return {
    async insertCampaign(values: NewCampaign): Promise<PromotionCampaignRow> {
      const [row] = await db.insert(promotionCampaigns).values(values).returning();
      if (!row) throw new Error('campaign insert answered no row');
      return row;
    },

    async campaignByCreateKey(
      createdBy: number,
      createKey: string,
    ): Promise<PromotionCampaignRow | undefined> {
      const [row] = await db
        .select()
        .from(promotionCampaigns)
        .where(
          and(
            eq(promotionCampaigns.createdBy, createdBy),
            eq(promotionCampaigns.createKey, createKey),
          ),
        );
      return row;
    },

    /** The split's envelopes in draw order, in one statement whatever their number. */
    async insertEnvelopes(campaignId: number, amounts: readonly number[]): Promise<void> {
      await db.execute(sql`
        insert into promotion_envelopes (campaign_id, idx, amount)
        select ${campaignId}, (t.ord - 1)::integer, t.amount
        from unnest(${`{${amounts.join(',')}}`}::bigint[]) with ordinality as t(amount, ord)`);
    },

    async campaign(id: number): Promise<PromotionCampaignRow | undefined> {
      const [row] = await db.select().from(promotionCampaigns).where(eq(promotionCampaigns.id, id));
      return row;
    },

    /**
     * The campaign's row, held against status changes until the transaction ends: grabs share
     * the lock, so they run side by side, while a pause or a close (which update the row) waits
     * for the grabs in flight and every later grab sees the new status.
     */
    async campaignSharedLock(id: number): Promise<PromotionCampaignRow | undefined> {
      const [row] = await db
        .select()
        .from(promotionCampaigns)
        .where(eq(promotionCampaigns.id, id))
        .for('share');
      return row;
    },

    /**
     * Moves a campaign from one of `from` to `to`, with the times given, only if it is still in
     * one of them: of two processes making the same change, one gets the row, the other none.
     */
    async changeStatus(
      id: number,
      from: readonly CampaignStatus[],
      to: CampaignStatus,
      times: Partial<
        Pick<PromotionCampaignRow, 'fundedAt' | 'startedAt' | 'endedAt' | 'closedAt'>
      > = {},
    ): Promise<PromotionCampaignRow | undefined> {
      const [row] = await db
        .update(promotionCampaigns)
        .set({ status: to, ...times })
        .where(and(eq(promotionCampaigns.id, id), inArray(promotionCampaigns.status, [...from])))
        .returning();
      return row;
    },

    /**
     * Claims the first unclaimed envelope of a campaign for a member in one statement, and
     * answers it; none when every envelope is claimed (or, with `skipLocked`, held by grabs in
     * flight). The unique index on (campaign, member) fails the statement for a member who
     * already holds one, whatever ran beside it.
     */
    async claimEnvelope(claim: {
      campaignId: number;
      userId: number;
      claimKey: string | null;
      at: Date;
      skipLocked: boolean;
    }): Promise<ClaimedEnvelope | undefined> {
      const [row] = await rowsOf<{ id: unknown; idx: unknown; amount: unknown }>(
        db,
        sql`update promotion_envelopes
            set user_id = ${claim.userId}, claim_key = ${claim.claimKey},
                claimed_at = ${claim.at.toISOString()}
            where id = (
              select id from promotion_envelopes
              where campaign_id = ${claim.campaignId} and user_id is null
              order by idx
              limit 1
              for update ${claim.skipLocked ? sql`skip locked` : sql``}
            )
            returning id, idx, amount`,
      );
      return row && { id: Number(row.id), idx: Number(row.idx), amount: Number(row.amount) };
    },

    async setEnvelopeBonus(envelopeId: number, bonusId: number): Promise<void> {
      await db
        .update(promotionEnvelopes)
        .set({ bonusId })
        .where(eq(promotionEnvelopes.id, envelopeId));
    },

    /** The free bet a free-bet envelope granted (docs/promotions.md, Free bets). */
    async setEnvelopeFreeBet(envelopeId: number, freeBetId: number): Promise<void> {
      await db
        .update(promotionEnvelopes)
        .set({ freeBetId })
        .where(eq(promotionEnvelopes.id, envelopeId));
    },

    async memberEnvelope(
      campaignId: number,
      userId: number,
    ): Promise<PromotionEnvelopeRow | undefined> {
      const [row] = await db
        .select()
        .from(promotionEnvelopes)
        .where(
          and(eq(promotionEnvelopes.campaignId, campaignId), eq(promotionEnvelopes.userId, userId)),
        );
      return row;
    },

    async memberEnvelopes(
      campaignIds: readonly number[],
      userId: number,
    ): Promise<Map<number, PromotionEnvelopeRow>> {
      if (campaignIds.length === 0) return new Map();
      const rows = await db
        .select()
        .from(promotionEnvelopes)
        .where(
          and(
            inArray(promotionEnvelopes.campaignId, [...campaignIds]),
            eq(promotionEnvelopes.userId, userId),
          ),
        );
      return new Map(rows.map((row) => [row.campaignId, row]));
    },

    /** Envelopes claimed and the amount they paid, per campaign. */
    async claimFigures(
      campaignIds: readonly number[],
    ): Promise<Map<number, { granted: number; claimedCount: number }>> {
      if (campaignIds.length === 0) return new Map();
      const rows = await db
        .select({
          campaignId: promotionEnvelopes.campaignId,
          granted: sql<string>`coalesce(sum(${promotionEnvelopes.amount}), 0)`,
          claimedCount: count(),
        })
        .from(promotionEnvelopes)
        .where(
          and(
            inArray(promotionEnvelopes.campaignId, [...campaignIds]),
            isNotNull(promotionEnvelopes.userId),
          ),
        )
        .groupBy(promotionEnvelopes.campaignId);
      return new Map(
        rows.map((row) => [
          row.campaignId,
          { granted: Number(row.granted), claimedCount: Number(row.claimedCount) },
        ]),
      );
    },

    /** The split in draw order: published once the campaign is closed. */
    async amountsOf(campaignId: number): Promise<number[]> {
      const rows = await db
        .select({ amount: promotionEnvelopes.amount })
        .from(promotionEnvelopes)
        .where(eq(promotionEnvelopes.campaignId, campaignId))
        .orderBy(promotionEnvelopes.idx);
      return rows.map((row) => row.amount);
    },

    /** A page of campaigns, newest first, by status; and how many in all. */
    async campaignPage(query: {
      kind?: CampaignKind | undefined;
      status?: CampaignStatus | undefined;
      offset: number;
      limit: number;
    }): Promise<{ rows: PromotionCampaignRow[]; total: number }> {
      const where = and(
        query.status ? eq(promotionCampaigns.status, query.status) : undefined,
        query.kind ? eq(promotionCampaigns.kind, query.kind) : undefined,
      );
      const rows = await db
        .select()
        .from(promotionCampaigns)
        .where(where)
        .orderBy(desc(promotionCampaigns.id))
        .offset(query.offset)
        .limit(query.limit);
      const [counted] = await db.select({ total: count() }).from(promotionCampaigns).where(where);
      return { rows, total: Number(counted?.total ?? 0) };
    },

    /**
     * A page of the campaigns a member is shown, newest first: every funded one not yet closed
     * and those closed since `closedSince`; with `mine`, only those the member holds an
     * envelope of, however old.
     */
    async memberCampaignPage(query: {
      userId: number;
      mine: boolean;
      closedSince: Date;
      offset: number;
      limit: number;
    }): Promise<{ rows: PromotionCampaignRow[]; total: number }> {
      const where = and(
        eq(promotionCampaigns.kind, 'envelope'),
        query.mine
          ? sql`exists (select 1 from promotion_envelopes e where e.campaign_id = ${promotionCampaigns.id} and e.user_id = ${query.userId})`
          : shownToMembers(query.closedSince),
      );
      const rows = await db
        .select()
        .from(promotionCampaigns)
        .where(where)
        .orderBy(desc(promotionCampaigns.id))
        .offset(query.offset)
        .limit(query.limit);
      const [counted] = await db.select({ total: count() }).from(promotionCampaigns).where(where);
      return { rows, total: Number(counted?.total ?? 0) };
    },

    /**
     * Campaigns whose status the clock changes now: scheduled ones whose window opened, and
     * scheduled, running or paused ones whose window closed.
     */
    async dueForClock(now: Date): Promise<{ toRun: number[]; toEnd: number[] }> {
      const rows = await db
        .select({
          id: promotionCampaigns.id,
          status: promotionCampaigns.status,
          startsAt: promotionCampaigns.startsAt,
          endsAt: promotionCampaigns.endsAt,
        })
        .from(promotionCampaigns)
        .where(inArray(promotionCampaigns.status, ['scheduled', 'running', 'paused']));
      const toRun: number[] = [];
      const toEnd: number[] = [];
      for (const row of rows) {
        if (row.endsAt <= now) toEnd.push(row.id);
        else if (row.status === 'scheduled' && row.startsAt <= now) toRun.push(row.id);
      }
      return { toRun, toEnd };
    },

    /** Running campaigns with no envelope left. */
    async runningAllClaimed(): Promise<number[]> {
      const rows = await rowsOf<{ id: unknown }>(
        db,
        sql`select c.id from promotion_campaigns c
            where c.status = 'running' and c.kind = 'envelope'
              and not exists (
                select 1 from promotion_envelopes e where e.campaign_id = c.id and e.user_id is null
              )`,
      );
      return rows.map((row) => Number(row.id));
    },

    /** Ends a running campaign once its last envelope is claimed; answers whether it did. */
    async endIfAllClaimed(id: number, at: Date): Promise<boolean> {
      const rows = await rowsOf<{ id: unknown }>(
        db,
        sql`update promotion_campaigns set status = 'ended', ended_at = ${at.toISOString()}
            where id = ${id} and status = 'running' and kind = 'envelope'
              and not exists (
                select 1 from promotion_envelopes e where e.campaign_id = ${id} and e.user_id is null
              )
            returning id`,
      );
      return rows.length > 0;
    },

    async endedCampaignIds(): Promise<number[]> {
      const rows = await db
        .select({ id: promotionCampaigns.id })
        .from(promotionCampaigns)
        .where(eq(promotionCampaigns.status, 'ended'));
      return rows.map((row) => row.id);
    },
  };
}

export type PromotionsQueries = ReturnType<typeof promotionsQueries>;

/** The module's queries on the database, and `transaction` with them bound to it. */
export function createPromotionsRepository(db: Database) {
  return repositoryWithTransaction(db, promotionsQueries);
}

export type PromotionsRepository = ReturnType<typeof createPromotionsRepository>;
