import { randomUUID } from 'node:crypto';
import {
  type ActivityRule,
  acceptOddsChoice,
  betType,
  type CampaignStatus,
  type Language,
  type MemberActivity,
  type OrderRecord,
  orderStatus,
  type QualifyRule,
  type SpecialRule,
} from '@sb/contract';
import { decodeOptionId, findCurrencyById, formatMinorUnits } from '@sb/domain';
import { AppError } from '../../http/app-error';
import type { AuthenticatedUser } from '../../http/request-context';
import type { ReadModel } from '../feed/feed.types';
import type { Bettor, IdentityService } from '../identity/identity.service';
import { EntityFundsShortError, type Ledger, promotionBudget } from '../ledger/ledger.service';
import type { OrderTerms, OrderTermsRow } from '../orders/order-terms.service';
import {
  isRefusal,
  type OrdersService,
  type PlacedOrder,
  priceSelection,
} from '../orders/orders.service';
import {
  type ActivitiesQueries,
  type ActivitiesRepository,
  activitiesQueries,
} from './activities.repository';
import { freeBetGrantOf } from './free-bet-grants';
import type { PromotionsRepository } from './promotions.repository';
import type { PromotionCampaignRow } from './promotions.schema';
import {
  errorKeyOf,
  type PromotionBonuses,
  type PromotionsService,
  promotionKinds,
} from './promotions.service';

/** Decided wagers one qualifying pass reads at most. */
export const qualifyPassLimit = 500;
/** As the rollover's: the pass moves past a decision for good once its transaction is this old. */
export const qualifySettledForMs = 120_000;
/** Reservations one pass follows at most. */
export const reservationPassLimit = 500;
/** A reservation without an order this old is a placement that never finished. */
export const orphanAfterMs = 5 * 60_000;
/** How often the activities' pass runs. */
export const activityPassEveryMs = 5_000;

const dayMs = 86_400_000;
const oddsOne = 10_000n;

/** Statuses in which a wager still counts towards an activity (not a draft, not closed). */
const countingStatuses: CampaignStatus[] = ['scheduled', 'running', 'paused', 'ended'];
/** Statuses in which a reached target is paid: running, or ended and not yet closed. */
const payingStatuses = new Set<string>(['running', 'ended']);

/**
 * The top-up of a win at boosted odds over the book's: the winnings scaled from the struck odds
 * to the boosted odds, less the winnings; 0 when not positive. In BigInt: winnings times odds
 * can pass 2^53.
 */
export function topUpOf(winnings: number, struckOdds: number, boostedOdds: number): number {
  if (winnings <= 0 || boostedOdds <= struckOdds || struckOdds <= 10_000) return 0;
  const won = BigInt(winnings);
  const scaled = (won * (BigInt(boostedOdds) - oddsOne)) / (BigInt(struckOdds) - oddsOne);
  const topUp = Number(scaled - won);
  return Math.max(topUp, 0);
}

/** A single's payout at these odds, stake included, rounded down as placement rounds it. */
function payoutAt(stake: number, odds: number): number {
  return Number((BigInt(stake) * BigInt(odds)) / oddsOne);
}

export interface ActivitiesServiceOptions {
  repository: ActivitiesRepository;
  campaigns: PromotionsRepository;
  promotions: Pick<PromotionsService, 'conditionsRefusal'>;
  ledger: Ledger;
  bonus: PromotionBonuses;
  identity: Pick<IdentityService, 'walletMember' | 'bettor'>;
  orders: Pick<OrdersService, 'place' | 'recordOf'>;
  orderTerms: OrderTerms;
  /** The order rate every placement is counted against, order-create's too. */
  orderRate: { take(userId: number): boolean; describe(): string };
  /** After a new special bet commits, as after order-create: `H`, balance push, bet delay. */
  onPlaced: (placed: PlacedOrder) => void;
  readModel: ReadModel;
  postTitleOf: (postId: number) => Promise<string | undefined>;
  notifyBalanceChanged: (userId: number) => Promise<void>;
  now: () => Date;
  onError: (error: unknown, what: string) => void;
}

function scaleOf(currencyId: number): number {
  return findCurrencyById(currencyId)?.scale ?? 2;
}

function titleIn(campaign: PromotionCampaignRow, language: Language): string {
  if (language === 'zh') return campaign.titleZh;
  if (language === 'zht') return campaign.titleZht;
  return campaign.titleEn;
}

/** Whether a settled order meets a qualifying rule in the campaign's window. */
export function orderQualifies(
  order: OrderTermsRow,
  staked: number,
  campaign: Pick<PromotionCampaignRow, 'startsAt' | 'endsAt' | 'currencyId'>,
  rule: QualifyRule,
): boolean {
  if (order.status !== orderStatus.settled) return false;
  if (!order.settlement || order.settlement.result === 'void') return false;
  if (order.currencyId !== campaign.currencyId) return false;
  if (order.createdAt < campaign.startsAt || order.createdAt >= campaign.endsAt) return false;
  if (staked <= 0 || staked < rule.minStake) return false;
  if (order.totalOddsUnits < rule.minOdds) return false;
  if (order.legs.length === 0) return false;
  for (const leg of order.legs) {
    if (rule.sportIds.length > 0 && !rule.sportIds.includes(leg.sportId)) return false;
    if (rule.playIds.length > 0 && !rule.playIds.includes(leg.playId)) return false;
  }
  return true;
}

/**
 * Activities that pay (docs/promotions.md, Activities that pay): the members' standing and the
 * special bet's placement, and the pass that counts qualifying wagers, pays reached targets,
 * follows special bets to their decision and releases reservations a placement left behind.
 */
export function createActivitiesService(options: ActivitiesServiceOptions) {
  const { repository, campaigns, ledger, bonus, now } = options;
  const budgetOf = (id: number) => promotionBudget(String(id));

  async function requireSpecial(id: number) {
    const campaign = await campaigns.campaign(id);
    const activity = (await repository.activities([id])).get(id);
    if (!campaign?.fundedAt || campaign.kind !== 'activity' || !activity)
      throw new AppError('ACTIVITY_NOT_FOUND');
    if (activity.type !== 'special') throw new AppError('ACTIVITY_NOT_SPECIAL');
    return { campaign, rule: activity.rule as SpecialRule };
  }

  const isRunningNow = (campaign: PromotionCampaignRow, at: Date) =>
    campaign.status === 'running' && at >= campaign.startsAt && at < campaign.endsAt;

  // --- paying a reached target -------------------------------------------------------------

  /**
   * Pays a member's reward in one transaction, if they reached the target, are not paid yet and
   * the campaign pays now (running, or ended and not closed). The campaign's row is share-locked
   * so a pause or close waits for it; the member's row is locked so two passes pay once, and the
   * ledger key is one per member and activity besides. A budget that cannot pay leaves the
   * member reached and unpaid, to be paid by a later pass once the budget holds the reward
   * (bonus money that expires or is forfeited comes back to it), or never once it is closed.
   */
  async function payReward(campaignId: number, userId: number): Promise<boolean> {
    try {
      return await campaigns.transaction(async (queries, tx) => {
        const campaign = await queries.campaignSharedLock(campaignId);
        if (!campaign || !payingStatuses.has(campaign.status)) return false;
        const activity = (await activitiesQueries(tx).activities([campaignId])).get(campaignId);
        if (activity?.type !== 'qualify') return false;
        const rule = activity.rule as QualifyRule;
        const activities = activitiesQueries(tx);
        const member = await activities.lockMember(campaignId, userId);
        if (!member.reachedAt || member.rewardedAt) return false;
        const at = now();
        let bonusId: number | null = null;
        let freeBetId: number | null = null;
        if (campaign.money === 'free_bet') {
          const granted = await bonus.grantFreeBet(
            tx,
            freeBetGrantOf(campaign, {
              key: `activity:${campaignId}:${userId}`,
              userId,
              amount: rule.reward,
              at,
            }),
          );
          freeBetId = granted.freeBetId;
        } else if (campaign.money === 'cash') {
          await ledger.transferWithin(
            tx,
            {
              idempotencyKey: `${promotionKinds.payout}:activity:${campaignId}:${userId}`,
              kind: promotionKinds.payout,
              reference: `campaign:${campaignId}`,
              metadata: { campaignId, activity: 'reward' },
              postings: [
                {
                  account: { systemCode: budgetOf(campaignId), currencyId: campaign.currencyId },
                  amount: -rule.reward,
                },
                {
                  account: { userId, bucket: 'main', currencyId: campaign.currencyId },
                  amount: rule.reward,
                },
              ],
            },
            { isRefusalFinal: true },
          );
        } else {
          const granted = await bonus.grantWithin(tx, {
            key: `activity:${campaignId}:${userId}`,
            userId,
            currencyId: campaign.currencyId,
            campaignId,
            amount: rule.reward,
            rolloverMultiple: campaign.rolloverMultiple,
            maxStake: campaign.maxStake,
            expiresAt: at.getTime() + campaign.bonusDays * dayMs,
          });
          bonusId = granted.bonusId;
        }
        await activities.updateMember(campaignId, userId, {
          rewardedAt: at,
          rewardAmount: rule.reward,
          bonusId,
          freeBetId,
        });
        return true;
      });
    } catch (error) {
      if (error instanceof EntityFundsShortError) return false;
      throw error;
    }
  }

  // --- counting ----------------------------------------------------------------------------

  /** Counts one order towards one activity, once; answers whether the member reached it now. */
  async function countWithin(
    queries: ActivitiesQueries,
    campaignId: number,
    rule: QualifyRule,
    order: { orderNo: string; userId: number },
    amount: number,
  ): Promise<{ counted: boolean; reached: boolean }> {
    const member = await queries.lockMember(campaignId, order.userId);
    const inserted = await queries.insertCount({
      campaignId,
      orderNo: order.orderNo,
      userId: order.userId,
      amount,
      countedAt: now(),
    });
    if (!inserted) return { counted: false, reached: false };
    const counted = member.counted + amount;
    const reached = member.reachedAt === null && counted >= rule.target;
    await queries.updateMember(campaignId, order.userId, {
      counted,
      ...(reached ? { reachedAt: now() } : {}),
    });
    return { counted: true, reached: reached || (member.reachedAt !== null && !member.rewardedAt) };
  }

  /** One qualifying pass: the wagers decided since the cursor, each (activity, order) once. */
  async function countQualifying(
    pass: { limit?: number; settledForMs?: number } = {},
  ): Promise<{ read: number; counted: number; rewarded: number }> {
    const after = await repository.cursor();
    const page = await ledger.decidedWagers({
      afterTransactionId: after,
      limit: pass.limit ?? qualifyPassLimit,
      settledForMs: pass.settledForMs ?? qualifySettledForMs,
    });
    const wagers = page.wagers.filter(
      (wager) => wager.product === 'sports' && wager.decision === 'result' && wager.staked > 0,
    );
    let counted = 0;
    const reached: { campaignId: number; userId: number }[] = [];
    const running = (await repository.activitiesIn(countingStatuses)).filter(
      (entry) => entry.activity.type === 'qualify',
    );
    if (wagers.length > 0 && running.length > 0) {
      const done = await repository.countedPairs(
        running.map((entry) => entry.campaign.id),
        wagers.map((wager) => wager.reference),
      );
      const terms = await options.orderTerms.byOrderNo(wagers.map((wager) => wager.reference));
      for (const wager of wagers) {
        const order = terms.get(wager.reference);
        if (!order) continue;
        for (const { campaign, activity } of running) {
          if (campaign.currencyId !== wager.currencyId) continue;
          if (done.has(`${campaign.id}:${wager.reference}`)) continue;
          const rule = activity.rule as QualifyRule;
          if (!orderQualifies(order, wager.staked, campaign, rule)) continue;
          const amount = rule.measure === 'count' ? 1 : wager.staked;
          const result = await repository.transaction((queries) =>
            countWithin(queries, campaign.id, rule, order, amount),
          );
          if (result.counted) counted += 1;
          if (result.reached) reached.push({ campaignId: campaign.id, userId: order.userId });
        }
      }
    }
    if (page.safeAfter > after) await repository.advanceCursor(page.safeAfter, now());
    let rewarded = 0;
    for (const entry of reached) if (await payReward(entry.campaignId, entry.userId)) rewarded += 1;
    for (const entry of reached) void options.notifyBalanceChanged(entry.userId);
    return { read: page.wagers.length, counted, rewarded };
  }

  /** Reached targets not yet paid (a short budget, a pause), tried again. */
  async function payUnpaid(limit = 200): Promise<number> {
    let paid = 0;
    for (const entry of await repository.unpaid(limit))
      if (await payReward(entry.campaignId, entry.userId)) {
        paid += 1;
        void options.notifyBalanceChanged(entry.userId);
      }
    return paid;
  }

  // --- special bets ------------------------------------------------------------------------

  /**
   * Follows special bets to their decision: a won bet is paid its top-up from the budget (what
   * the boost adds over the book's price, at most what was reserved), a lost or cashed-out bet
   * ends with nothing, a rejected or void one is released (its stake never stood and leaves
   * the member's cap too). Each is changed once, under its row's lock.
   */
  async function followReservations(limit = reservationPassLimit): Promise<number> {
    const held = await repository.heldWithOrder(limit);
    if (held.length === 0) return 0;
    const terms = await options.orderTerms.byOrderNo(held.map((row) => row.orderNo as string));
    const rules = await repository.activities([...new Set(held.map((row) => row.campaignId))]);
    let decided = 0;
    for (const reservation of held) {
      const order = terms.get(reservation.orderNo as string);
      const activity = rules.get(reservation.campaignId);
      if (!order || !activity) continue;
      const rule = activity.rule as SpecialRule;
      if (order.status === orderStatus.pending || order.status === orderStatus.accepted) continue;
      const at = now();
      let state: 'released' | 'done' | 'paid' = 'done';
      let topUp = 0;
      if (order.status === orderStatus.rejected || order.status === orderStatus.void)
        state = 'released';
      else if (order.status === orderStatus.settled && order.settlement) {
        if (order.settlement.result === 'void') state = 'released';
        else {
          topUp = Math.min(
            reservation.reserved,
            topUpOf(
              order.settlement.payoutMinor - order.stakeMinor,
              order.totalOddsUnits,
              rule.boostedOdds,
            ),
          );
          if (topUp > 0) state = 'paid';
        }
      } else if (order.status !== orderStatus.cashedOut) continue;
      const changed = await repository.transaction(async (queries, tx) => {
        const row = await queries.lockReservation(reservation.id);
        if (row?.state !== 'held') return false;
        if (state === 'paid') {
          await ledger.transferWithin(tx, {
            idempotencyKey: `${promotionKinds.payout}:special:${row.id}`,
            kind: promotionKinds.payout,
            reference: `order:${order.orderNo}`,
            metadata: { campaignId: row.campaignId, activity: 'top_up', orderNo: order.orderNo },
            postings: [
              {
                account: { systemCode: budgetOf(row.campaignId), currencyId: order.currencyId },
                amount: -topUp,
              },
              {
                account: { userId: row.userId, bucket: 'main', currencyId: order.currencyId },
                amount: topUp,
              },
            ],
          });
        }
        await queries.updateHeld(row.id, { state, paid: topUp, decidedAt: at });
        return true;
      });
      if (changed) {
        decided += 1;
        if (state === 'paid') void options.notifyBalanceChanged(reservation.userId);
      }
    }
    return decided;
  }

  /**
   * Reservations a placement left without an order (the process stopped between the two): after
   * `orphanAfterMs`, the order of their key is looked for; found, it is attached, else the
   * reservation is released.
   */
  async function releaseOrphans(limit = 200): Promise<number> {
    let released = 0;
    for (const row of await repository.orphans(new Date(now().getTime() - orphanAfterMs), limit)) {
      const orderNo = await options.orderTerms.orderNoByKey(row.userId, row.orderKey);
      if (orderNo) {
        const order = (await options.orderTerms.byOrderNo([orderNo])).get(orderNo);
        await repository.updateHeld(row.id, { orderNo, struckOdds: order?.totalOddsUnits ?? null });
      } else if (await repository.deleteHeldWithoutOrder(row.id)) released += 1;
    }
    return released;
  }

  /** What the caller's bet reserves, read from the opened bet; refusals name the field. */
  function checkSpecialBet(
    bet: {
      betType: number;
      stake: number;
      acceptOdds: number;
      currencyId?: number | undefined;
      freeBetId?: number | undefined;
    },
    selections: { optionId: string; requestedOddsUnits: number }[],
    rule: SpecialRule,
    campaign: PromotionCampaignRow,
    memberCurrencyId: number,
  ): { odds: number } {
    // The top-up is reserved against a stake of the member's own money (docs/promotions.md).
    if (bet.freeBetId !== undefined)
      throw new AppError('FREE_BET_NOT_ALLOWED', 'data.freeBetId: a special bet takes no free bet');
    if (bet.betType !== betType.single || selections.length !== 1)
      throw new AppError('ACTIVITY_SELECTION_MISMATCH', 'data.betType: a special bet is a single');
    const [selection] = selections;
    if (!selection || selection.optionId !== rule.optId)
      throw new AppError(
        'ACTIVITY_SELECTION_MISMATCH',
        'data.selections.0.optId: not the selection of this activity',
      );
    if (bet.acceptOdds === acceptOddsChoice.anyChange)
      throw new AppError(
        'INVALID_INPUT',
        'data.acceptOdds: a special bet takes 1 (only better) or 2 (no change)',
      );
    const currencyId = bet.currencyId ?? memberCurrencyId;
    if (currencyId !== campaign.currencyId)
      throw new AppError(
        'INVALID_INPUT',
        `data.currencyId: this activity takes currency ${campaign.currencyId}`,
      );
    return { odds: selection.requestedOddsUnits };
  }

  async function answerOf(
    placed: PlacedOrder,
    rule: SpecialRule,
    reserved: number,
    language: Language,
  ): Promise<{ order: OrderRecord; boostedOdds: number; reserved: number }> {
    return {
      order: await options.orders.recordOf(placed.order, language),
      boostedOdds: rule.boostedOdds,
      reserved,
    };
  }

  /** After a new special bet commits: what order-create does after its own. */
  function afterPlaced(placed: PlacedOrder): void {
    if (placed.isNew) options.onPlaced(placed);
  }

  return {
    countQualifying,
    payUnpaid,
    followReservations,
    releaseOrphans,

    /** Every pass of the activities, in turn. */
    async runPass(): Promise<void> {
      await countQualifying();
      await payUnpaid();
      await followReservations();
      await releaseOrphans();
    },

    /**
     * trade/activity/order/create: a special bet through the betting engine. The largest
     * top-up the bet could need is reserved first, under the activity row's lock (so reserved
     * and paid never pass the budget, and a member's stakes never pass the cap); then the bet is
     * placed as order-create places it, under a key derived from the member's; a refusal
     * releases the reservation. A retry with the same Idempotency-Key answers the same order
     * and reserves nothing new.
     */
    async placeSpecial(
      user: AuthenticatedUser,
      id: number,
      data: string | Record<string, unknown>,
      context: {
        token: string;
        idempotencyKey: string | undefined;
        isSealingOn: boolean;
        client: { source?: string | undefined };
        language: Language;
      },
    ) {
      // Counted as order-create counts a placement: a special bet is no way round the rate.
      if (!options.orderRate.take(user.userId))
        throw new AppError('RATE_LIMITED', options.orderRate.describe());
      const { campaign, rule } = await requireSpecial(id);
      const member = await options.identity.walletMember(user);
      if (member.isDemo || member.isVisitor) throw new AppError('ACTIVITY_MEMBERS_ONLY');
      const place = (orderKey: string) =>
        options.orders.place(user, data, {
          token: context.token,
          idempotencyKey: orderKey,
          isSealingOn: context.isSealingOn,
          client: context.client,
        });
      const memberKey = context.idempotencyKey;
      const replay = async (earlier: { id: number; orderKey: string; reserved: number }) => {
        const placed = await place(earlier.orderKey);
        afterPlaced(placed);
        return answerOf(placed, rule, earlier.reserved, context.language);
      };
      if (memberKey) {
        const earlier = await repository.reservationByKey(id, user.userId, memberKey);
        if (earlier) return replay(earlier);
      }
      const refusal = await options.promotions.conditionsRefusal(member, campaign);
      if (refusal === 'PROMOTION_MEMBERS_ONLY') throw new AppError('ACTIVITY_MEMBERS_ONLY');
      if (refusal) throw new AppError('ACTIVITY_INELIGIBLE');
      if (!isRunningNow(campaign, now())) throw new AppError('ACTIVITY_NOT_RUNNING');
      const { bet, selections } = await options.orderTerms.openBet(
        data,
        context.token,
        context.isSealingOn,
      );
      const { odds } = checkSpecialBet(bet, selections, rule, campaign, member.currencyId);
      const reserved = topUpOf(payoutAt(bet.stake, odds) - bet.stake, odds, rule.boostedOdds);
      const key = memberKey ?? randomUUID();
      const orderKey = `activity:${id}:${key}`;
      const scale = scaleOf(campaign.currencyId);
      let reservation: { id: number; orderKey: string; reserved: number };
      try {
        reservation = await campaigns.transaction(async (queries, tx) => {
          const locked = await queries.campaignSharedLock(id);
          if (!locked || !isRunningNow(locked, now())) throw new AppError('ACTIVITY_NOT_RUNNING');
          const activities = activitiesQueries(tx);
          await activities.lockActivity(id);
          const staked = await activities.stakedBy(id, user.userId);
          const stakeLeft = Math.max(0, rule.stakeCap - staked);
          if (bet.stake > stakeLeft)
            throw new AppError(
              'ACTIVITY_STAKE_CAP',
              `data.stake: ${formatMinorUnits(stakeLeft, scale)} left of your limit`,
            );
          const budget = await ledger.lockEntityBalance(tx, budgetOf(id), campaign.currencyId);
          const held = await activities.heldTotal(id);
          if (held + reserved > budget)
            throw new AppError(
              'ACTIVITY_LIABILITY_CAP',
              `data.stake: the activity can pay ${formatMinorUnits(Math.max(0, budget - held), scale)} more`,
            );
          return activities.insertReservation({
            campaignId: id,
            userId: user.userId,
            key,
            orderKey,
            isMemberKey: memberKey !== undefined,
            stake: bet.stake,
            reserved,
            createdAt: now(),
          });
        });
      } catch (error) {
        // The same key twice at once: the first reserved, the second answers its order.
        if (memberKey && uniqueViolated(error, 'promotion_activity_reservations_key')) {
          const earlier = await repository.reservationByKey(id, user.userId, memberKey);
          if (earlier) return replay(earlier);
        }
        throw error;
      }
      let placed: PlacedOrder;
      try {
        placed = await place(orderKey);
      } catch (error) {
        // A refused bet: its reservation goes, unless an order of its key exists after all.
        const orderNo = await options.orderTerms.orderNoByKey(user.userId, orderKey);
        if (!orderNo) await repository.deleteHeldWithoutOrder(reservation.id);
        throw error;
      }
      const struck = placed.order.order.totalOddsUnits;
      const exact = Math.min(
        reservation.reserved,
        topUpOf(
          placed.order.order.potentialPayoutMinor - placed.order.order.stakeMinor,
          struck,
          rule.boostedOdds,
        ),
      );
      await repository.updateHeld(reservation.id, {
        orderNo: placed.order.order.orderNo,
        struckOdds: struck,
        reserved: exact,
      });
      afterPlaced(placed);
      return answerOf(placed, rule, exact, context.language);
    },

    /** trade/activity/limit: the member's scheduled and running activities with their standing. */
    async limit(
      user: AuthenticatedUser,
      query: { postId?: number | undefined },
      language: Language,
    ): Promise<{ records: MemberActivity[] }> {
      const rows = await repository.activitiesIn(['scheduled', 'running'], query.postId);
      if (rows.length === 0) return { records: [] };
      const member = await options.identity.walletMember(user);
      const ids = rows.map((row) => row.campaign.id);
      const [progress, budgets] = await Promise.all([
        repository.members(ids, user.userId),
        ledger.entityBalances(ids.map(budgetOf)),
      ]);
      let bettor: Bettor | undefined;
      const records: MemberActivity[] = [];
      for (const { campaign, activity } of rows) {
        const rule = activity.rule as ActivityRule;
        const condition = await options.promotions.conditionsRefusal(member, campaign);
        const refusal =
          condition === 'PROMOTION_MEMBERS_ONLY'
            ? 'ACTIVITY_MEMBERS_ONLY'
            : condition
              ? 'ACTIVITY_INELIGIBLE'
              : !isRunningNow(campaign, now())
                ? 'ACTIVITY_NOT_RUNNING'
                : undefined;
        const base = {
          id: campaign.id,
          postId: activity.postId,
          title: (await options.postTitleOf(activity.postId)) ?? titleIn(campaign, language),
          status: campaign.status as CampaignStatus,
          currencyId: campaign.currencyId,
          scale: scaleOf(campaign.currencyId),
          money: campaign.money as MemberActivity['money'],
          rolloverMultiple: campaign.rolloverMultiple,
          bonusDays: campaign.bonusDays,
          maxStake: campaign.maxStake,
          freeBetMinOdds: campaign.freeBetMinOdds,
          startsAt: campaign.startsAt.getTime(),
          endsAt: campaign.endsAt.getTime(),
          eligibility: {
            minDeposit: campaign.minDeposit,
            minTurnover: campaign.minTurnover,
            days: campaign.eligibilityDays,
            riskLevels: [...campaign.riskLevels],
          },
          rule,
          eligible: refusal === undefined,
          ineligibleReason: refusal === undefined ? null : errorKeyOf(refusal),
        };
        if (rule.type === 'qualify') {
          const own = progress.get(campaign.id);
          records.push({
            ...base,
            progress: {
              counted: own?.counted ?? 0,
              target: rule.target,
              reached: Boolean(own?.reachedAt),
              rewarded: Boolean(own?.rewardedAt),
              rewardAmount: own?.rewardedAt ? own.rewardAmount : 0,
              bonusId: own?.bonusId ?? null,
              freeBetId: own?.freeBetId ?? null,
              rewardedAt: own?.rewardedAt?.getTime() ?? null,
            },
            special: null,
          });
          continue;
        }
        const staked = await repository.stakedBy(campaign.id, user.userId);
        const held = await repository.heldTotal(campaign.id);
        const budget = budgets.get(budgetOf(campaign.id)) ?? 0;
        const ref = decodeOptionId(rule.optId);
        let priced: ReturnType<typeof priceSelection> | undefined;
        if (ref) {
          if (!bettor && !member.isDemo && !member.isVisitor)
            bettor = await options.identity.bettor(user).catch(() => undefined);
          priced = priceSelection(options.readModel, ref, rule.optId, bettor?.oddsConfig ?? []);
        }
        const onOffer = priced !== undefined && !isRefusal(priced);
        const offer = priced && !isRefusal(priced) ? priced : undefined;
        records.push({
          ...base,
          progress: null,
          special: {
            staked,
            stakeLeft: Math.max(0, rule.stakeCap - staked),
            liabilityLeft: Math.max(0, budget - held),
            selection: {
              optId: rule.optId,
              gameId: rule.gameId,
              sportId: offer?.sportId ?? null,
              playId: ref?.playId ?? null,
              home: offer?.names.homeName ?? '',
              away: offer?.names.awayName ?? '',
              optName: offer?.names.outcomeName ?? '',
              odds: offer?.oddsUnits ?? null,
              onOffer,
            },
          },
        });
      }
      return { records };
    },
  };
}

function uniqueViolated(error: unknown, constraint: string): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const fields = cause as Error & { code?: unknown; constraint?: unknown };
    if (fields.code !== '23505') continue;
    const named = typeof fields.constraint === 'string' ? fields.constraint : cause.message;
    return named.includes(constraint);
  }
  return false;
}

export type ActivitiesService = ReturnType<typeof createActivitiesService>;
