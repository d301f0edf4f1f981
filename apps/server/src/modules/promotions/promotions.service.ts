import { randomBytes } from 'node:crypto';
import {
  type ActivityRule,
  type activityCampaignCreate,
  type CampaignKind,
  type CampaignStatus,
  type DeskCampaign,
  type EnvelopeClaim,
  type EnvelopeEvent,
  type envelopeCampaignCreate,
  errorCatalogue,
  type Language,
  type MemberEnvelope,
} from '@sb/contract';
import { decodeOptionId, envelopeCommitment, findCurrencyById, splitEnvelopes } from '@sb/domain';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { AuthenticatedUser } from '../../http/request-context';
import type { IdentityService } from '../identity/identity.service';
import {
  EntityFundsShortError,
  type Ledger,
  type PromotionBudgetCode,
  promotionBudget,
} from '../ledger/ledger.service';
import type { AuditService, AuditWithin } from '../operators/audit.service';
import { type ActivitiesRepository, activitiesQueries } from './activities.repository';
import {
  freeBetFigureFields,
  grantEnvelopeFreeBet,
  type PromotionFreeBets,
} from './free-bet-grants';
import type { PromotionsQueries, PromotionsRepository } from './promotions.repository';
import type { PromotionCampaignRow, PromotionEnvelopeRow } from './promotions.schema';

export type DeskCampaignInput = z.output<(typeof envelopeCampaignCreate)['input']>;
export type ActivityCampaignInput = z.output<(typeof activityCampaignCreate)['input']>;

/**
 * What the promotions module uses of the bonus module (docs/promotions.md, Bonus money): a bonus
 * granted from a campaign's budget inside the grab's transaction, the campaign's bonuses told
 * that it closed (what comes back of them then goes to the house), and the bonus figures of
 * campaigns.
 */
export interface PromotionBonuses extends PromotionFreeBets {
  grantWithin(
    tx: Database,
    request: {
      key: string;
      userId: number;
      currencyId: number;
      campaignId: number;
      amount: number;
      rolloverMultiple: number;
      maxStake: number;
      expiresAt: number;
    },
  ): Promise<{ bonusId: number; replayed: boolean }>;
  campaignClosedWithin(tx: Database, campaignId: number): Promise<void>;
  figuresOf(
    ids: number[],
  ): Promise<Map<number, { converted: number; forfeited: number; active: number }>>;
}

/** The ledger kinds of a campaign's money (docs/ledger.md, Kinds that may move an account). */
export const promotionKinds = {
  fund: 'promotion_fund',
  payout: 'promotion_payout',
  close: 'promotion_close',
} as const;

/**
 * The ledger kinds that credit a member's deposits (deposits' crediting books `deposit`), which
 * a minimum deposit counts over the look-back.
 */
const depositKinds = ['deposit'] as const;

/**
 * How long after its window a qualifying activity is left ended before the clock closes it:
 * bets placed in the window settle, are counted and their rewards paid meanwhile.
 */
export const qualifyCloseGraceMs = 3 * 86_400_000;

/** Closed campaigns stay in members' list this long. */
export const closedShownMs = 30 * 86_400_000;
const dayMs = 86_400_000;

/** Statuses that are pushed to members as they happen. */
const pushedStatuses = new Set<CampaignStatus>(['running', 'paused', 'ended', 'closed']);

/** A desk action's audit entry, built once the campaign's id is known. */
export type CampaignAudit = (campaignId: number) => AuditWithin;

export interface PromotionsServiceOptions {
  repository: PromotionsRepository;
  /** The activities' rules and figures (docs/promotions.md, Activities that pay). */
  activities: ActivitiesRepository;
  /** The site post of an activity, to check an activity names one: its kind, or undefined. */
  postKindOf: (postId: number) => Promise<string | undefined>;
  ledger: Ledger;
  identity: Pick<IdentityService, 'walletMember'>;
  /** The bonus module: what bonus-money envelopes grant through. */
  bonus: PromotionBonuses;
  /** The audit log, for what the clock does by itself (closing an ended campaign). */
  audit: AuditService;
  /** Tells every member connected that a campaign's status changed (after the commit). */
  publish: (event: EnvelopeEvent) => void;
  /** The wallet's balance push, after a cash envelope was paid. */
  notifyBalanceChanged: (userId: number) => Promise<void>;
  now: () => Date;
  onError: (error: unknown, what: string) => void;
}

/** A unique index the database refused a row by, if that is why `error` was thrown. */
function uniqueViolationOf(error: unknown): string | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const fields = cause as Error & { code?: unknown; constraint?: unknown };
    if (fields.code !== '23505') continue;
    if (typeof fields.constraint === 'string') return fields.constraint;
    return cause.message;
  }
  return undefined;
}

const budgetOf = (campaign: Pick<PromotionCampaignRow, 'id'>): PromotionBudgetCode =>
  promotionBudget(String(campaign.id));

function titleIn(campaign: PromotionCampaignRow, language: Language): string {
  if (language === 'zh') return campaign.titleZh;
  if (language === 'zht') return campaign.titleZht;
  return campaign.titleEn;
}

function scaleOf(currencyId: number): number {
  return findCurrencyById(currencyId)?.scale ?? 2;
}

function eligibilityOf(campaign: PromotionCampaignRow) {
  return {
    minDeposit: campaign.minDeposit,
    minTurnover: campaign.minTurnover,
    days: campaign.eligibilityDays,
    riskLevels: [...campaign.riskLevels],
  };
}

function claimOf(campaign: PromotionCampaignRow, envelope: PromotionEnvelopeRow): EnvelopeClaim {
  if (!envelope.claimedAt) throw new Error(`envelope ${envelope.id} is not claimed`);
  return {
    campaignId: campaign.id,
    amount: envelope.amount,
    currencyId: campaign.currencyId,
    scale: scaleOf(campaign.currencyId),
    money: campaign.money as EnvelopeClaim['money'],
    bonusId: envelope.bonusId,
    freeBetId: envelope.freeBetId,
    claimedAt: envelope.claimedAt.getTime(),
  };
}

/** Whether the terms of a retried create are those of the campaign the key made. */
function sameTerms(row: PromotionCampaignRow, input: DeskCampaignInput): boolean {
  return (
    row.titleEn === input.titleEn &&
    row.currencyId === input.currencyId &&
    row.money === input.money &&
    row.total === input.total &&
    row.count === input.count &&
    row.minAmount === input.minAmount &&
    row.maxAmount === input.maxAmount &&
    row.startsAt.getTime() === input.startsAt &&
    row.endsAt.getTime() === input.endsAt
  );
}

/**
 * Red-envelope campaigns (docs/promotions.md): created as drafts with their split drawn and
 * committed to, funded from the house into their budget, opened and ended by the clock, grabbed
 * once per member, closed with the rest returned and the seed published.
 */
export function createPromotionsService(options: PromotionsServiceOptions) {
  const { repository, ledger, bonus, now } = options;

  function publish(id: number, status: CampaignStatus): void {
    if (!pushedStatuses.has(status)) return;
    try {
      options.publish({ id, status: status as EnvelopeEvent['status'] });
    } catch (error) {
      options.onError(error, 'envelope push');
    }
  }

  async function requireCampaign(id: number): Promise<PromotionCampaignRow> {
    const row = await repository.campaign(id);
    if (!row) throw new AppError('CAMPAIGN_NOT_FOUND');
    return row;
  }

  /** What the desk shows of every campaign, whatever its kind. */
  function commonViewOf(row: PromotionCampaignRow) {
    return {
      id: row.id,
      titleEn: row.titleEn,
      titleZh: row.titleZh,
      titleZht: row.titleZht,
      status: row.status as CampaignStatus,
      currencyId: row.currencyId,
      scale: scaleOf(row.currencyId),
      money: row.money as DeskCampaign['money'],
      rolloverMultiple: row.rolloverMultiple,
      bonusDays: row.bonusDays,
      maxStake: row.maxStake,
      freeBetMinOdds: row.freeBetMinOdds,
      total: row.total,
      startsAt: row.startsAt.getTime(),
      endsAt: row.endsAt.getTime(),
      eligibility: eligibilityOf(row),
      createdBy: row.createdBy,
      createdAt: row.createdAt.getTime(),
    };
  }

  /** The desk's view of campaigns, with their live figures, in one read per source. */
  async function deskViews(rows: readonly PromotionCampaignRow[]): Promise<DeskCampaign[]> {
    const ids = rows.map((row) => row.id);
    const claims = await repository.claimFigures(ids);
    const bonusIds = rows.filter((row) => row.money === 'bonus').map((row) => row.id);
    const bonuses =
      bonusIds.length > 0 ? await bonus.figuresOf(bonusIds) : new Map<number, never>();
    const freeBetIds = rows.filter((row) => row.money === 'free_bet').map((row) => row.id);
    const freeBets =
      freeBetIds.length > 0 ? await bonus.freeBetFiguresOf(freeBetIds) : new Map<number, never>();
    const budgets = await ledger.entityBalances(rows.map(budgetOf));
    const activityIds = rows.filter((row) => row.kind === 'activity').map((row) => row.id);
    const [activities, activityFigures] = await Promise.all([
      options.activities.activities(activityIds),
      options.activities.figures(activityIds),
    ]);
    return rows.map((row) => {
      const ofBonus = bonuses.get(row.id) ?? { converted: 0, forfeited: 0, active: 0 };
      const budgetLeft = budgets.get(budgetOf(row)) ?? 0;
      if (row.kind === 'activity') {
        const activity = activities.get(row.id);
        const figures = activityFigures.get(row.id);
        const rewards = figures?.rewardsPaid ?? 0;
        const topUps = figures?.topUpsPaid ?? 0;
        return {
          ...commonViewOf(row),
          kind: 'activity' as const,
          envelope: null,
          activity: activity
            ? { postId: activity.postId, rule: activity.rule as ActivityRule }
            : null,
          figures: {
            funded: row.fundedAt ? row.total : 0,
            granted: rewards + topUps,
            claimedCount: (figures?.rewardsCount ?? 0) + (figures?.topUpsCount ?? 0),
            converted: ofBonus.converted,
            forfeited: ofBonus.forfeited,
            active: ofBonus.active,
            cost:
              (row.money === 'cash' ? rewards : 0) +
              topUps +
              ofBonus.converted +
              (freeBets.get(row.id)?.winnings ?? 0),
            budgetLeft,
            membersRewarded: (figures?.membersRewarded ?? 0) + (figures?.topUpMembers ?? 0),
            membersUnpaid: figures?.membersUnpaid ?? 0,
            reserved: figures?.reserved ?? 0,
            ...freeBetFigureFields(freeBets.get(row.id)),
          },
        };
      }
      const claimed = claims.get(row.id) ?? { granted: 0, claimedCount: 0 };
      const cashGranted = row.money === 'cash' ? claimed.granted : 0;
      return {
        ...commonViewOf(row),
        kind: 'envelope' as const,
        envelope: {
          count: row.count,
          minAmount: row.minAmount,
          maxAmount: row.maxAmount,
          commitment: row.commitment,
          seed: row.status === 'closed' ? row.seed : null,
        },
        activity: null,
        figures: {
          funded: row.fundedAt ? row.total : 0,
          granted: claimed.granted,
          claimedCount: claimed.claimedCount,
          converted: ofBonus.converted,
          forfeited: ofBonus.forfeited,
          active: ofBonus.active,
          cost: cashGranted + ofBonus.converted + (freeBets.get(row.id)?.winnings ?? 0),
          budgetLeft: budgets.get(budgetOf(row)) ?? 0,
          membersRewarded: 0,
          membersUnpaid: 0,
          reserved: 0,
          ...freeBetFigureFields(freeBets.get(row.id)),
        },
      };
    });
  }

  async function deskView(id: number): Promise<DeskCampaign> {
    const [view] = await deskViews([await requireCampaign(id)]);
    if (!view) throw new AppError('CAMPAIGN_NOT_FOUND');
    return view;
  }

  /**
   * Why a member may not grab an envelope of a campaign, as a catalogue error name; undefined
   * when they may. The conditions first (members only, risk level, deposits and turnover over
   * the look-back), then the campaign's own state.
   */
  async function refusalFor(
    member: { userId: number; isDemo: boolean; isVisitor: boolean; riskLevel: number },
    campaign: PromotionCampaignRow,
    envelope: PromotionEnvelopeRow | undefined,
    claimedCount: number | undefined,
  ) {
    const condition = await conditionsRefusal(member, campaign);
    if (condition) return condition;
    if (envelope) return 'ENVELOPE_ALREADY_CLAIMED' as const;
    if (claimedCount !== undefined && claimedCount >= campaign.count)
      return 'ENVELOPES_GONE' as const;
    const moment = now();
    if (campaign.status !== 'running' || moment < campaign.startsAt || moment >= campaign.endsAt)
      return 'ENVELOPE_NOT_RUNNING' as const;
    return undefined;
  }

  /**
   * The conditions of a campaign of any kind: members only, risk level, deposits and turnover
   * over the look-back; undefined when the member meets them.
   */
  async function conditionsRefusal(
    member: { userId: number; isDemo: boolean; isVisitor: boolean; riskLevel: number },
    campaign: PromotionCampaignRow,
  ) {
    if (member.isDemo || member.isVisitor) return 'PROMOTION_MEMBERS_ONLY' as const;
    if (campaign.riskLevels.length > 0 && !campaign.riskLevels.includes(member.riskLevel))
      return 'PROMOTION_INELIGIBLE' as const;
    if (campaign.minDeposit > 0 || campaign.minTurnover > 0) {
      const since = new Date(now().getTime() - campaign.eligibilityDays * dayMs);
      const { userId } = member;
      const { currencyId } = campaign;
      if (campaign.minDeposit > 0) {
        const deposited = await ledger.memberKindsTotalSince({
          userId,
          currencyId,
          kinds: depositKinds,
          since,
        });
        if (deposited < campaign.minDeposit) return 'PROMOTION_INELIGIBLE' as const;
      }
      if (campaign.minTurnover > 0) {
        const figures = await ledger.wagering({ userId, currencyId, window: { from: since } });
        const staked = figures.reduce((sum, entry) => sum + entry.staked, 0);
        if (staked < campaign.minTurnover) return 'PROMOTION_INELIGIBLE' as const;
      }
    }
    return undefined;
  }

  /**
   * Claims an envelope and books its money in one transaction. The campaign row is share-locked
   * (a pause or close waits for the grabs in flight), the claim is one statement the database
   * serialises (skip-locked first, so grabs of one campaign take different rows side by side;
   * then waiting on the rows others hold, in case one of them rolls back), and the money moves
   * from the campaign's budget, which the ledger never takes below zero.
   */
  async function claimWithin(
    queries: PromotionsQueries,
    tx: Database,
    campaignId: number,
    userId: number,
    claimKey: string | null,
  ) {
    const campaign = await queries.campaignSharedLock(campaignId);
    if (!campaign) throw new AppError('CAMPAIGN_NOT_FOUND');
    const at = now();
    if (campaign.status !== 'running' || at < campaign.startsAt || at >= campaign.endsAt)
      throw new AppError('ENVELOPE_NOT_RUNNING');
    const claim = { campaignId, userId, claimKey, at };
    const claimed =
      (await queries.claimEnvelope({ ...claim, skipLocked: true })) ??
      (await queries.claimEnvelope({ ...claim, skipLocked: false }));
    if (!claimed) throw new AppError('ENVELOPES_GONE');
    let bonusId: number | null = null;
    let freeBetId: number | null = null;
    try {
      if (campaign.money === 'free_bet')
        freeBetId = await grantEnvelopeFreeBet(
          { bonus, queries, tx },
          campaign,
          claimed,
          userId,
          at,
        );
      else if (campaign.money === 'cash') {
        await ledger.transferWithin(
          tx,
          {
            idempotencyKey: `${promotionKinds.payout}:${campaignId}:${userId}`,
            kind: promotionKinds.payout,
            reference: `campaign:${campaignId}`,
            metadata: { campaignId, envelope: claimed.idx },
            postings: [
              {
                account: { systemCode: budgetOf(campaign), currencyId: campaign.currencyId },
                amount: -claimed.amount,
              },
              {
                account: { userId, bucket: 'main', currencyId: campaign.currencyId },
                amount: claimed.amount,
              },
            ],
          },
          { isRefusalFinal: true },
        );
      } else {
        const granted = await bonus.grantWithin(tx, {
          key: `envelope:${campaignId}:${userId}`,
          userId,
          currencyId: campaign.currencyId,
          campaignId,
          amount: claimed.amount,
          rolloverMultiple: campaign.rolloverMultiple,
          maxStake: campaign.maxStake,
          expiresAt: at.getTime() + campaign.bonusDays * dayMs,
        });
        bonusId = granted.bonusId;
        await queries.setEnvelopeBonus(claimed.id, bonusId);
      }
    } catch (error) {
      // The split sums to the total the budget was funded with, so this is never reached; if
      // it were, the member is told the envelopes are gone and nothing is written.
      if (error instanceof EntityFundsShortError) throw new AppError('ENVELOPES_GONE');
      throw error;
    }
    return {
      campaign,
      claim: {
        campaignId,
        amount: claimed.amount,
        currencyId: campaign.currencyId,
        scale: scaleOf(campaign.currencyId),
        money: campaign.money as EnvelopeClaim['money'],
        bonusId,
        freeBetId,
        claimedAt: at.getTime(),
      } satisfies EnvelopeClaim,
    };
  }

  async function isAllClaimed(campaign: PromotionCampaignRow): Promise<boolean> {
    const figures = await repository.claimFigures([campaign.id]);
    return (figures.get(campaign.id)?.claimedCount ?? 0) >= campaign.count;
  }

  /** The member's envelope answered again for a retry with its key; refused otherwise. */
  function replayOrRefuse(
    campaign: PromotionCampaignRow,
    envelope: PromotionEnvelopeRow,
    claimKey: string | null,
  ): EnvelopeClaim {
    if (claimKey !== null && envelope.claimKey === claimKey) return claimOf(campaign, envelope);
    throw new AppError('ENVELOPE_ALREADY_CLAIMED');
  }

  /**
   * Closes a campaign in one transaction: its status first (which waits for the grabs in
   * flight and stops every later one), then what its budget holds back to the house, the bonus
   * module told, and the audit entry. Answers the row, or undefined when it was already closed.
   */
  async function closeCampaign(id: number, audit: AuditWithin) {
    return repository.transaction(async (queries, tx) => {
      const at = now();
      const before = await queries.campaign(id);
      if (!before) throw new AppError('CAMPAIGN_NOT_FOUND');
      const row = await queries.changeStatus(
        id,
        ['draft', 'scheduled', 'running', 'paused', 'ended'],
        'closed',
        { closedAt: at, endedAt: before.endedAt ?? at },
      );
      if (!row) return undefined;
      // A special bet's top-ups still reserved for open bets: the close waits until every one
      // is decided (the status change above waited for placements in flight, which share-lock
      // the row, so every reservation made is seen here).
      if (row.kind === 'activity') {
        const held = await activitiesQueries(tx).heldCount(id);
        if (held > 0)
          throw new AppError(
            'ACTIVITY_RESERVATIONS_OPEN',
            `${held} special bet${held === 1 ? '' : 's'} still open`,
          );
      }
      let returned = 0;
      if (row.fundedAt) {
        // The bonuses first: from here an expiry or forfeit of one of them goes to the house,
        // and one already in flight has booked its return to the budget before the budget is
        // read, so the close takes it back too and the budget is never moved after it.
        if (row.money !== 'cash') await bonus.campaignClosedWithin(tx, id);
        returned = await ledger.lockEntityBalance(tx, budgetOf(row), row.currencyId);
        if (returned > 0)
          await ledger.transferWithin(tx, {
            idempotencyKey: `${promotionKinds.close}:${id}`,
            kind: promotionKinds.close,
            reference: `campaign:${id}`,
            metadata: { campaignId: id },
            postings: [
              {
                account: { systemCode: budgetOf(row), currencyId: row.currencyId },
                amount: -returned,
              },
              { account: { systemCode: 'house', currencyId: row.currencyId }, amount: returned },
            ],
          });
      }
      await audit(tx, {
        before: { status: before.status },
        after: { status: 'closed', returned },
      });
      return row;
    });
  }

  /** The audit entry of what the clock closes by itself: no operator. */
  const clockAudit =
    (id: number): AuditWithin =>
    async (tx, change) => {
      await options.audit.record(tx, {
        operatorId: null,
        action: 'campaign.close',
        target: { type: 'campaign', id },
        reason: 'ended',
        ...change,
      });
    };

  /**
   * The clock (docs/promotions.md, Statuses): opens scheduled campaigns whose window began,
   * ends those whose window passed or whose envelopes are all claimed, and closes ended ones.
   * Every change is a conditional update, so with several processes each happens once, and each
   * is pushed by the process that made it.
   */
  async function runClock(): Promise<void> {
    const at = now();
    const { toRun, toEnd } = await repository.dueForClock(at);
    for (const id of toRun) {
      const row = await repository.changeStatus(id, ['scheduled'], 'running', { startedAt: at });
      if (row) publish(id, 'running');
    }
    for (const id of toEnd) {
      const row = await repository.changeStatus(id, ['scheduled', 'running', 'paused'], 'ended', {
        endedAt: at,
      });
      if (row) publish(id, 'ended');
    }
    for (const id of await repository.runningAllClaimed()) {
      if (await repository.endIfAllClaimed(id, at)) publish(id, 'ended');
    }
    for (const id of await repository.endedCampaignIds()) {
      // A qualifying activity stays ended for a while so that bets placed in its window can
      // settle and be counted and paid before the rest returns; the desk may close it sooner.
      const rule = (await options.activities.activities([id])).get(id);
      const row = rule?.type === 'qualify' ? await repository.campaign(id) : undefined;
      if (row && at.getTime() < row.endsAt.getTime() + qualifyCloseGraceMs) continue;
      try {
        if (await closeCampaign(id, clockAudit(id))) publish(id, 'closed');
      } catch (error) {
        // An ended activity with special bets still open closes at a later run, once they are.
        if (error instanceof AppError && error.errorName === 'ACTIVITY_RESERVATIONS_OPEN') continue;
        throw error;
      }
    }
  }

  /** The checks of a create's terms every kind shares, past the contract's. */
  function requireCommonTerms(input: {
    currencyId: number;
    money: string;
    rolloverMultiple: number;
    bonusDays: number;
    maxStake: number;
    endsAt: number;
    minDeposit: number;
    minTurnover: number;
    eligibilityDays: number;
  }): void {
    const currency = findCurrencyById(input.currencyId);
    if (!currency || currency.isDemo)
      throw new AppError('CURRENCY_NOT_ALLOWED', `currencyId: ${input.currencyId}`);
    if (input.money === 'cash') {
      for (const field of ['rolloverMultiple', 'bonusDays', 'maxStake'] as const)
        if (input[field] !== 0)
          throw new AppError('INVALID_INPUT', `${field}: for bonus money only; 0 for cash`);
    }
    if (input.endsAt <= now().getTime())
      throw new AppError('INVALID_INPUT', 'endsAt: must be in the future');
    const hasCondition = input.minDeposit > 0 || input.minTurnover > 0;
    if (!hasCondition && input.eligibilityDays !== 0)
      throw new AppError(
        'INVALID_INPUT',
        'eligibilityDays: only with a minimum deposit or turnover; 0 otherwise',
      );
  }

  /** The clock run after a desk change, so a campaign due now opens at once. */
  async function runClockAfterChange(): Promise<void> {
    try {
      await runClock();
    } catch (error) {
      options.onError(error, 'campaign clock');
    }
  }

  return {
    runClock,
    conditionsRefusal,
    deskView,

    /**
     * Creates a draft and draws its split from a fresh seed; the commitment is fixed here. A
     * retry with the same Idempotency-Key answers the same campaign (other terms under it are
     * refused).
     */
    async create(
      input: DeskCampaignInput,
      operatorId: number,
      createKey: string | undefined,
      auditOf: CampaignAudit,
    ): Promise<DeskCampaign> {
      requireCommonTerms(input);
      const key = createKey ?? null;
      if (key) {
        const earlier = await repository.campaignByCreateKey(operatorId, key);
        if (earlier) {
          if (!sameTerms(earlier, input)) throw new AppError('IDEMPOTENCY_CONFLICT');
          return deskView(earlier.id);
        }
      }
      const seed = randomBytes(32).toString('hex');
      const amounts = splitEnvelopes({
        seed,
        total: input.total,
        count: input.count,
        minAmount: input.minAmount,
        maxAmount: input.maxAmount,
      });
      let created: PromotionCampaignRow;
      try {
        created = await repository.transaction(async (queries, tx) => {
          const row = await queries.insertCampaign({
            kind: 'envelope',
            titleEn: input.titleEn,
            titleZh: input.titleZh,
            titleZht: input.titleZht,
            currencyId: input.currencyId,
            money: input.money,
            rolloverMultiple: input.rolloverMultiple,
            bonusDays: input.bonusDays,
            maxStake: input.maxStake,
            freeBetMinOdds: input.freeBetMinOdds,
            total: input.total,
            count: input.count,
            minAmount: input.minAmount,
            maxAmount: input.maxAmount,
            startsAt: new Date(input.startsAt),
            endsAt: new Date(input.endsAt),
            minDeposit: input.minDeposit,
            minTurnover: input.minTurnover,
            eligibilityDays: input.eligibilityDays,
            riskLevels: [...new Set(input.riskLevels)].sort((a, b) => a - b),
            seed,
            commitment: envelopeCommitment(seed, amounts),
            status: 'draft',
            createdBy: operatorId,
            createKey: key,
            createdAt: now(),
          });
          await queries.insertEnvelopes(row.id, amounts);
          await auditOf(row.id)(tx, {
            before: null,
            after: {
              status: 'draft',
              money: row.money,
              currencyId: row.currencyId,
              total: row.total,
              count: row.count,
              commitment: row.commitment,
            },
          });
          return row;
        });
      } catch (error) {
        // The same key sent twice at once: the first made it, the second answers it.
        if (key && uniqueViolationOf(error)?.includes('promotion_campaigns_create_key')) {
          const earlier = await repository.campaignByCreateKey(operatorId, key);
          if (earlier && sameTerms(earlier, input)) return deskView(earlier.id);
          throw new AppError('IDEMPOTENCY_CONFLICT');
        }
        throw error;
      }
      return deskView(created.id);
    },

    /**
     * Creates a draft activity campaign with its rule (docs/promotions.md, Activities that pay):
     * the post must be a site post of kind `activity`. A retry with the same Idempotency-Key
     * answers the same campaign (other terms under it are refused).
     */
    async createActivity(
      input: ActivityCampaignInput,
      operatorId: number,
      createKey: string | undefined,
      auditOf: CampaignAudit,
    ): Promise<DeskCampaign> {
      requireCommonTerms(input);
      const key = createKey ?? null;
      const rule = normalRule(input.rule);
      const same = async (row: PromotionCampaignRow) => {
        const activity = (await options.activities.activities([row.id])).get(row.id);
        return (
          row.kind === 'activity' &&
          row.titleEn === input.titleEn &&
          row.currencyId === input.currencyId &&
          row.money === input.money &&
          row.total === input.total &&
          row.startsAt.getTime() === input.startsAt &&
          row.endsAt.getTime() === input.endsAt &&
          activity?.postId === input.postId &&
          canonical(activity.rule) === canonical(rule)
        );
      };
      if (key) {
        const earlier = await repository.campaignByCreateKey(operatorId, key);
        if (earlier) {
          if (!(await same(earlier))) throw new AppError('IDEMPOTENCY_CONFLICT');
          return deskView(earlier.id);
        }
      }
      if (rule.type === 'special') {
        const ref = decodeOptionId(rule.optId);
        if (!ref) throw new AppError('INVALID_INPUT', 'rule.optId: not an option id');
        if (ref.eventId !== rule.gameId)
          throw new AppError('INVALID_INPUT', `rule.gameId: the option is of match ${ref.eventId}`);
      }
      const postKind = await options.postKindOf(input.postId);
      if (postKind === undefined)
        throw new AppError('NOT_FOUND', `postId: no site post ${input.postId}`);
      if (postKind !== 'activity')
        throw new AppError(
          'INVALID_INPUT',
          `postId: post ${input.postId} is a ${postKind}, not an activity`,
        );
      let created: PromotionCampaignRow;
      try {
        created = await repository.transaction(async (queries, tx) => {
          const row = await queries.insertCampaign({
            kind: 'activity',
            titleEn: input.titleEn,
            titleZh: input.titleZh,
            titleZht: input.titleZht,
            currencyId: input.currencyId,
            money: input.money,
            rolloverMultiple: input.rolloverMultiple,
            bonusDays: input.bonusDays,
            maxStake: input.maxStake,
            freeBetMinOdds: input.freeBetMinOdds,
            total: input.total,
            count: 0,
            minAmount: 0,
            maxAmount: 0,
            startsAt: new Date(input.startsAt),
            endsAt: new Date(input.endsAt),
            minDeposit: input.minDeposit,
            minTurnover: input.minTurnover,
            eligibilityDays: input.eligibilityDays,
            riskLevels: [...new Set(input.riskLevels)].sort((a, b) => a - b),
            seed: '',
            commitment: '',
            status: 'draft',
            createdBy: operatorId,
            createKey: key,
            createdAt: now(),
          });
          await activitiesQueries(tx).insertActivity({
            campaignId: row.id,
            postId: input.postId,
            type: rule.type,
            rule,
          });
          await auditOf(row.id)(tx, {
            before: null,
            after: {
              status: 'draft',
              kind: 'activity',
              money: row.money,
              currencyId: row.currencyId,
              total: row.total,
              postId: input.postId,
              rule,
            },
          });
          return row;
        });
      } catch (error) {
        if (key && uniqueViolationOf(error)?.includes('promotion_campaigns_create_key')) {
          const earlier = await repository.campaignByCreateKey(operatorId, key);
          if (earlier && (await same(earlier))) return deskView(earlier.id);
          throw new AppError('IDEMPOTENCY_CONFLICT');
        }
        throw error;
      }
      return deskView(created.id);
    },

    /**
     * Funds a draft: the total moves from the house to the campaign's budget in the same
     * transaction as its status, under a key of the campaign's, so it is funded once. A funded
     * campaign answers as it is.
     */
    async fund(id: number, audit: AuditWithin): Promise<DeskCampaign> {
      const current = await requireCampaign(id);
      if (current.status === 'draft' && current.endsAt <= now())
        throw new AppError('CAMPAIGN_STATUS_CONFLICT', 'its window has passed');
      const funded = await repository.transaction(async (queries, tx) => {
        const row = await queries.changeStatus(id, ['draft'], 'scheduled', { fundedAt: now() });
        if (!row) return undefined;
        await ledger.transferWithin(tx, {
          idempotencyKey: `${promotionKinds.fund}:${id}`,
          kind: promotionKinds.fund,
          reference: `campaign:${id}`,
          metadata: { campaignId: id },
          postings: [
            { account: { systemCode: 'house', currencyId: row.currencyId }, amount: -row.total },
            {
              account: { systemCode: budgetOf(row), currencyId: row.currencyId },
              amount: row.total,
            },
          ],
        });
        await audit(tx, {
          before: { status: 'draft' },
          after: { status: 'scheduled', funded: row.total },
        });
        return row;
      });
      if (!funded) {
        const after = await requireCampaign(id);
        if (!after.fundedAt)
          throw new AppError('CAMPAIGN_STATUS_CONFLICT', `it is ${after.status}`);
      } else await runClockAfterChange();
      return deskView(id);
    },

    /** Pauses a scheduled or running campaign; a paused one answers as it is. */
    async pause(id: number, audit: AuditWithin): Promise<DeskCampaign> {
      const current = await requireCampaign(id);
      if (current.status === 'paused') return deskView(id);
      const paused = await repository.transaction(async (queries, tx) => {
        const row = await queries.changeStatus(id, ['scheduled', 'running'], 'paused');
        if (!row) return undefined;
        await audit(tx, { before: { status: current.status }, after: { status: 'paused' } });
        return row;
      });
      if (!paused) {
        const after = await requireCampaign(id);
        if (after.status !== 'paused')
          throw new AppError('CAMPAIGN_STATUS_CONFLICT', `it is ${after.status}`);
      } else publish(id, 'paused');
      return deskView(id);
    },

    /**
     * Resumes a paused campaign: running inside its window, scheduled before it, ended after
     * it. A campaign not paused answers as it is if running, and is refused otherwise.
     */
    async resume(id: number, audit: AuditWithin): Promise<DeskCampaign> {
      const current = await requireCampaign(id);
      if (current.status === 'running') return deskView(id);
      if (current.status !== 'paused')
        throw new AppError('CAMPAIGN_STATUS_CONFLICT', `it is ${current.status}`);
      const at = now();
      const to: CampaignStatus =
        at < current.startsAt ? 'scheduled' : at < current.endsAt ? 'running' : 'ended';
      const times =
        to === 'running'
          ? { startedAt: current.startedAt ?? at }
          : to === 'ended'
            ? { endedAt: at }
            : {};
      const resumed = await repository.transaction(async (queries, tx) => {
        const row = await queries.changeStatus(id, ['paused'], to, times);
        if (!row) return undefined;
        await audit(tx, { before: { status: 'paused' }, after: { status: to } });
        return row;
      });
      if (!resumed) throw new AppError('CAMPAIGN_STATUS_CONFLICT', 'its status changed');
      publish(id, to);
      await runClockAfterChange();
      return deskView(id);
    },

    /** Closes a campaign now (see closeCampaign); a closed one answers as it is. */
    async close(id: number, audit: AuditWithin): Promise<DeskCampaign> {
      const closed = await closeCampaign(id, audit);
      if (closed) publish(id, 'closed');
      return deskView(id);
    },

    async deskList(query: {
      kind?: CampaignKind | undefined;
      status?: CampaignStatus | undefined;
      page: number;
      size: number;
    }): Promise<{ records: DeskCampaign[]; total: number }> {
      const { rows, total } = await repository.campaignPage({
        kind: query.kind,
        status: query.status,
        offset: (query.page - 1) * query.size,
        limit: query.size,
      });
      return { records: await deskViews(rows), total };
    },

    /**
     * Grabs an envelope for a member (docs/promotions.md, The grab). A retry with the same
     * Idempotency-Key answers the same envelope; a second grab with another key, or none, is
     * refused, as is every grab the campaign or the member's standing does not allow.
     */
    async grab(
      user: AuthenticatedUser,
      campaignId: number,
      idempotencyKey: string | undefined,
    ): Promise<EnvelopeClaim> {
      const claimKey = idempotencyKey ?? null;
      const campaign = await repository.campaign(campaignId);
      if (!campaign?.fundedAt || campaign.kind !== 'envelope')
        throw new AppError('CAMPAIGN_NOT_FOUND');
      const member = await options.identity.walletMember(user);
      if (member.isDemo || member.isVisitor) throw new AppError('PROMOTION_MEMBERS_ONLY');
      const earlier = await repository.memberEnvelope(campaignId, user.userId);
      if (earlier) return replayOrRefuse(campaign, earlier, claimKey);
      const refusal = await refusalFor(member, campaign, undefined, undefined);
      if (refusal === 'ENVELOPE_NOT_RUNNING' && (await isAllClaimed(campaign)))
        throw new AppError('ENVELOPES_GONE');
      if (refusal) throw new AppError(refusal);
      let claimed: Awaited<ReturnType<typeof claimWithin>>;
      try {
        claimed = await repository.transaction((queries, tx) =>
          claimWithin(queries, tx, campaignId, user.userId, claimKey),
        );
      } catch (error) {
        // Ended because the last envelope went while this grab waited: they are gone.
        if (error instanceof AppError && error.errorName === 'ENVELOPE_NOT_RUNNING')
          throw new AppError((await isAllClaimed(campaign)) ? 'ENVELOPES_GONE' : error.errorName);
        // Two grabs of one member at once: the index let one envelope through.
        if (uniqueViolationOf(error)?.includes('promotion_envelopes_one_per_member')) {
          const held = await repository.memberEnvelope(campaignId, user.userId);
          if (held) return replayOrRefuse(campaign, held, claimKey);
        }
        throw error;
      }
      if (campaign.money === 'cash') void options.notifyBalanceChanged(user.userId);
      // The last envelope ends the campaign at once rather than at the clock's next run.
      try {
        if (await repository.endIfAllClaimed(campaignId, now())) publish(campaignId, 'ended');
      } catch (error) {
        options.onError(error, 'ending a campaign all claimed');
      }
      return claimed.claim;
    },

    /**
     * The campaigns a member is shown (or, with `mine`, those they grabbed), each with the
     * member's standing and envelope; the seed and the amounts only once it is closed.
     */
    async memberList(
      user: AuthenticatedUser,
      query: { mine: boolean; page: number; size: number },
      language: Language,
    ): Promise<{ records: MemberEnvelope[]; total: number }> {
      const { rows, total } = await repository.memberCampaignPage({
        userId: user.userId,
        mine: query.mine,
        closedSince: new Date(now().getTime() - closedShownMs),
        offset: (query.page - 1) * query.size,
        limit: query.size,
      });
      const ids = rows.map((row) => row.id);
      const member = await options.identity.walletMember(user);
      const [envelopes, claims] = await Promise.all([
        repository.memberEnvelopes(ids, user.userId),
        repository.claimFigures(ids),
      ]);
      const records: MemberEnvelope[] = [];
      for (const row of rows) {
        const envelope = envelopes.get(row.id);
        const claimedCount = claims.get(row.id)?.claimedCount ?? 0;
        const refusal = await refusalFor(member, row, envelope, claimedCount);
        const isClosed = row.status === 'closed';
        records.push({
          id: row.id,
          title: titleIn(row, language),
          status: row.status as CampaignStatus,
          currencyId: row.currencyId,
          scale: scaleOf(row.currencyId),
          money: row.money as MemberEnvelope['money'],
          rolloverMultiple: row.rolloverMultiple,
          bonusDays: row.bonusDays,
          maxStake: row.maxStake,
          freeBetMinOdds: row.freeBetMinOdds,
          total: row.total,
          count: row.count,
          claimedCount,
          minAmount: row.minAmount,
          maxAmount: row.maxAmount,
          startsAt: row.startsAt.getTime(),
          endsAt: row.endsAt.getTime(),
          eligibility: eligibilityOf(row),
          eligible: refusal === undefined,
          ineligibleReason: refusal === undefined ? null : errorKeyOf(refusal),
          commitment: row.commitment,
          seed: isClosed ? row.seed : null,
          amounts: isClosed ? await repository.amountsOf(row.id) : null,
          claim: envelope ? claimOf(row, envelope) : null,
        });
      }
      return { records, total };
    },
  };
}

/** JSON with its keys sorted: a rule read back from jsonb keeps no key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, entry) =>
    entry && typeof entry === 'object' && !Array.isArray(entry)
      ? Object.fromEntries(Object.entries(entry).sort(([a], [b]) => a.localeCompare(b)))
      : entry,
  );
}

/** A rule as it is stored: its lists of ids sorted and without repeats. */
function normalRule(rule: ActivityRule): ActivityRule {
  if (rule.type === 'special')
    return {
      type: 'special',
      optId: rule.optId,
      gameId: rule.gameId,
      boostedOdds: rule.boostedOdds,
      stakeCap: rule.stakeCap,
    };
  const ids = (list: number[]) => [...new Set(list)].sort((a, b) => a - b);
  return {
    type: 'qualify',
    sportIds: ids(rule.sportIds),
    playIds: ids(rule.playIds),
    minOdds: rule.minOdds,
    minStake: rule.minStake,
    measure: rule.measure,
    target: rule.target,
    reward: rule.reward,
  };
}

export function errorKeyOf(name: keyof typeof errorCatalogue): string {
  return errorCatalogue[name].key;
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
