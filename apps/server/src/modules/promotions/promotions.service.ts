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
import { createLookupBatcher } from '../../db/lookup-batcher';
import { AppError } from '../../http/app-error';
import type { AuthenticatedUser } from '../../http/request-context';
import type { IdentityService } from '../identity/identity.service';
import {
  EntityFundsShortError,
  type Ledger,
  type PromotionBudgetCode,
  promotionBudget,
  type TransferRequest,
} from '../ledger/ledger.service';
import type { AuditService, AuditWithin } from '../operators/audit.service';
import { type ActivitiesRepository, activitiesQueries } from './activities.repository';
import {
  freeBetFigureFields,
  grantEnvelopeFreeBet,
  type PromotionFreeBets,
} from './free-bet-grants';
import type {
  ClaimedEnvelope,
  PromotionsQueries,
  PromotionsRepository,
} from './promotions.repository';
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
  identity: Pick<IdentityService, 'walletMember' | 'walletMembers'>;
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

/**
 * The member claiming holds an envelope of the campaign already (a grab of theirs beside this
 * one took it): the grab answers it as a retry with its key, or refuses it.
 */
class EnvelopeHeldError extends Error {
  constructor(readonly envelope: PromotionEnvelopeRow) {
    super(`the member holds envelope ${envelope.id} of the campaign`);
    this.name = 'EnvelopeHeldError';
  }
}

/** A member's claim of an envelope, past the grab's checks. */
interface ClaimRequest {
  campaignId: number;
  userId: number;
  claimKey: string | null;
}

/**
 * How the grabs of one campaign are gathered (docs/promotions.md, Grabs together): at most
 * `maxClaims` in one transaction, and at most `maxBatchesRunning` of a campaign's under way at
 * once in a process; grabs arriving meanwhile wait for one to end and then go together.
 */
export const grabBatch = { maxClaims: 200, maxBatchesRunning: 1 } as const;

/**
 * Gathers claims that arrive together, per group (a campaign), so that they share one
 * transaction; like the placement batcher of the orders module, every claim still answers as it
 * would have alone:
 *
 * - a claim goes at once when fewer than `maxBatchesRunning` batches of its group are under way
 *   (a quiet server adds no wait); otherwise it waits for one of them to end, and every claim
 *   waiting by then goes in the next batch (up to `maxClaims`);
 * - `claimTogether` answers each claim's own outcome: its answer, its own refusal, or undefined
 *   for a claim to make again, first in the next batch;
 * - two claims of one twin key (a member) are never in one batch, nor in two batches under way
 *   at once: the later one is made alone after its batch, judged on what the first left;
 * - when the batch fails (a refusal that is not every claim's, or a fault), nothing of it was
 *   written and each of its claims is made alone.
 *
 * A batch of one is made alone. `afterEach` runs once after every batch or claim alone, before
 * their answers are given.
 */
export function createClaimBatcher<Input, Output>(options: {
  maxClaims: number;
  maxBatchesRunning: number;
  groupOf: (input: Input) => number;
  twinKeyOf: (input: Input) => number;
  claimTogether: (
    group: number,
    inputs: readonly Input[],
  ) => Promise<(Output | Error | undefined)[]>;
  claimAlone: (input: Input) => Promise<Output>;
  afterEach: (group: number) => Promise<void>;
  onBatchFailed: (error: unknown, size: number) => void;
}) {
  interface Waiting {
    input: Input;
    resolve: (output: Output) => void;
    reject: (error: unknown) => void;
  }
  interface Group {
    queue: Waiting[];
    running: number;
    /** Twin keys of the batches under way, with how many of them hold each. */
    busy: Map<number, number>;
  }
  const groups = new Map<number, Group>();

  async function alone(group: number, entries: readonly Waiting[]): Promise<void> {
    await Promise.all(
      entries.map(async (entry) => {
        let outcome: { output: Output } | { error: unknown };
        try {
          outcome = { output: await options.claimAlone(entry.input) };
        } catch (error) {
          outcome = { error };
        }
        await options.afterEach(group);
        if ('output' in outcome) entry.resolve(outcome.output);
        else entry.reject(outcome.error);
      }),
    );
  }

  async function run(
    group: number,
    state: Group,
    batch: Waiting[],
    twins: Waiting[],
  ): Promise<void> {
    if (batch.length === 1) await alone(group, batch);
    else {
      let outputs: (Output | Error | undefined)[] | undefined;
      try {
        outputs = await options.claimTogether(
          group,
          batch.map((entry) => entry.input),
        );
      } catch (error) {
        // Nothing of the batch stands: each claim is made alone, and answers as it does there.
        options.onBatchFailed(error, batch.length);
      }
      if (!outputs) await alone(group, batch);
      else {
        await options.afterEach(group);
        const again: Waiting[] = [];
        batch.forEach((entry, index) => {
          const output = outputs[index];
          if (output === undefined) again.push(entry);
          else if (output instanceof Error) entry.reject(output);
          else entry.resolve(output);
        });
        // First in the next batch, which finds what the grabs in flight elsewhere left.
        state.queue.unshift(...again);
      }
    }
    for (const twin of twins) await alone(group, [twin]);
  }

  function send(group: number, state: Group): void {
    const taken = state.queue.splice(0, options.maxClaims);
    const seen = new Set<number>();
    const batch: Waiting[] = [];
    const twins: Waiting[] = [];
    for (const entry of taken) {
      const key = options.twinKeyOf(entry.input);
      if (seen.has(key) || state.busy.has(key)) twins.push(entry);
      else {
        seen.add(key);
        batch.push(entry);
      }
    }
    for (const key of seen) state.busy.set(key, (state.busy.get(key) ?? 0) + 1);
    state.running += 1;
    void run(group, state, batch, twins).finally(() => {
      state.running -= 1;
      for (const key of seen) {
        const holders = (state.busy.get(key) ?? 1) - 1;
        if (holders > 0) state.busy.set(key, holders);
        else state.busy.delete(key);
      }
      pump(group, state);
    });
  }

  function pump(group: number, state: Group): void {
    while (state.running < options.maxBatchesRunning && state.queue.length > 0) send(group, state);
    if (state.running === 0 && state.queue.length === 0) groups.delete(group);
  }

  return {
    /** Makes the claim with the others of its group arriving about now; answers its outcome. */
    claim(input: Input): Promise<Output> {
      return new Promise<Output>((resolve, reject) => {
        const group = options.groupOf(input);
        let state = groups.get(group);
        if (!state) {
          state = { queue: [], running: 0, busy: new Map() };
          groups.set(group, state);
        }
        state.queue.push({ input, resolve, reject });
        pump(group, state);
      });
    },
  };
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

  /** Whether a grab may claim from the campaign at `at`: running, inside its window. */
  const isRunningAt = (campaign: PromotionCampaignRow, at: Date) =>
    campaign.status === 'running' && at >= campaign.startsAt && at < campaign.endsAt;

  /**
   * The refusal of a grab of a campaign not running: `ENVELOPES_GONE` when every envelope is
   * claimed, `ENVELOPE_NOT_RUNNING` otherwise. A campaign ended by its last envelope says so by
   * its end (ended before its window's, which only that end does), so the refusals of a rush
   * read nothing; any other status probes for one unclaimed envelope, never counts them.
   */
  async function stoppedRefusal(
    queries: Pick<PromotionsQueries, 'hasUnclaimed'>,
    campaign: PromotionCampaignRow,
  ): Promise<'ENVELOPES_GONE' | 'ENVELOPE_NOT_RUNNING'> {
    if (campaign.status === 'ended' && campaign.endedAt && campaign.endedAt < campaign.endsAt)
      return 'ENVELOPES_GONE';
    if (campaign.kind === 'envelope' && !(await queries.hasUnclaimed(campaign.id)))
      return 'ENVELOPES_GONE';
    return 'ENVELOPE_NOT_RUNNING';
  }

  /** A cash envelope's payout: from the campaign's budget to the member's main balance. */
  function payoutOf(
    campaign: PromotionCampaignRow,
    userId: number,
    claimed: ClaimedEnvelope,
  ): TransferRequest {
    return {
      idempotencyKey: `${promotionKinds.payout}:${campaign.id}:${userId}`,
      kind: promotionKinds.payout,
      reference: `campaign:${campaign.id}`,
      metadata: { campaignId: campaign.id, envelope: claimed.idx },
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
    };
  }

  /**
   * A bonus envelope's grant through the bonus module, its bonus id kept on the envelope; a
   * free-bet envelope's likewise, answering the free bet's id (docs/promotions.md, Free bets).
   */
  async function grantOf(
    queries: PromotionsQueries,
    tx: Database,
    campaign: PromotionCampaignRow,
    userId: number,
    claimed: ClaimedEnvelope,
    at: Date,
  ): Promise<number> {
    if (campaign.money === 'free_bet')
      return grantEnvelopeFreeBet({ bonus, queries, tx }, campaign, claimed, userId, at);
    const granted = await bonus.grantWithin(tx, {
      key: `envelope:${campaign.id}:${userId}`,
      userId,
      currencyId: campaign.currencyId,
      campaignId: campaign.id,
      amount: claimed.amount,
      rolloverMultiple: campaign.rolloverMultiple,
      maxStake: campaign.maxStake,
      expiresAt: at.getTime() + campaign.bonusDays * dayMs,
    });
    await queries.setEnvelopeBonus(claimed.id, granted.bonusId);
    return granted.bonusId;
  }

  function answerOf(
    campaign: PromotionCampaignRow,
    claimed: ClaimedEnvelope,
    bonusId: number | null,
    at: Date,
  ): EnvelopeClaim {
    return {
      campaignId: campaign.id,
      amount: claimed.amount,
      currencyId: campaign.currencyId,
      scale: scaleOf(campaign.currencyId),
      money: campaign.money as EnvelopeClaim['money'],
      bonusId: campaign.money === 'free_bet' ? null : bonusId,
      freeBetId: campaign.money === 'free_bet' ? bonusId : null,
      claimedAt: at.getTime(),
    };
  }

  /**
   * Claims an envelope for one member and books its money in one transaction. The campaign row
   * is share-locked (a pause or close waits for the grabs in flight), the claim is one statement
   * the database serialises (skip-locked first, so grabs of one campaign take different rows
   * side by side; then waiting on the rows others hold, in case one of them rolls back), and
   * the money moves from the campaign's budget, which the ledger never takes below zero.
   */
  async function claimAlone(request: ClaimRequest): Promise<EnvelopeClaim> {
    const { campaignId, userId, claimKey } = request;
    return repository.transaction(async (queries, tx) => {
      const campaign = await queries.campaignSharedLock(campaignId);
      if (!campaign) throw new AppError('CAMPAIGN_NOT_FOUND');
      // Made alone after a grab of the same member (or a batch that failed): theirs first.
      const held = await queries.memberEnvelope(campaignId, userId);
      if (held) throw new EnvelopeHeldError(held);
      const at = now();
      if (!isRunningAt(campaign, at)) throw new AppError(await stoppedRefusal(queries, campaign));
      const claim = { campaignId, userId, claimKey, at };
      const claimed =
        (await queries.claimEnvelope({ ...claim, skipLocked: true })) ??
        (await queries.claimEnvelope({ ...claim, skipLocked: false }));
      if (!claimed) throw new AppError('ENVELOPES_GONE');
      let bonusId: number | null = null;
      try {
        if (campaign.money === 'cash')
          await ledger.transferWithin(tx, payoutOf(campaign, userId, claimed), {
            isRefusalFinal: true,
          });
        else bonusId = await grantOf(queries, tx, campaign, userId, claimed, at);
      } catch (error) {
        // The split sums to the total the budget was funded with, so this is never reached; if
        // it were, the member is told the envelopes are gone and nothing is written.
        if (error instanceof EntityFundsShortError) throw new AppError('ENVELOPES_GONE');
        throw error;
      }
      return answerOf(campaign, claimed, bonusId, at);
    });
  }

  /**
   * Claims envelopes for several members of one campaign (each once in the batch) in one
   * transaction (docs/promotions.md, The grab, Grabs together): the campaign row share-locked
   * once, every member's envelope claimed in one statement, their payouts booked together (the
   * budget's row updated once) or their bonuses granted one after another, one commit. Answers
   * each member's envelope or refusal, or undefined for a member to claim alone afterwards (no
   * envelope was free here but one held by a grab in flight elsewhere might be rolled back). A
   * refusal that is not the same for every member (a member holding an envelope already, a key
   * the ledger holds) fails the statement and so the batch: nothing of it is written, and the
   * caller claims each alone.
   */
  async function claimTogether(
    campaignId: number,
    requests: readonly ClaimRequest[],
  ): Promise<(EnvelopeClaim | Error | undefined)[]> {
    return repository.transaction(async (queries, tx) => {
      const campaign = await queries.campaignSharedLock(campaignId);
      if (!campaign) return requests.map(() => new AppError('CAMPAIGN_NOT_FOUND'));
      const at = now();
      if (!isRunningAt(campaign, at)) {
        const refusal = await stoppedRefusal(queries, campaign);
        return refusedOrHeld(queries, campaignId, requests, () => new AppError(refusal));
      }
      const claimants = requests.map(({ userId, claimKey }) => ({ userId, claimKey }));
      let claimed = await queries.claimEnvelopes({ campaignId, claimants, at, skipLocked: true });
      // Nothing free to take without waiting: wait on the rows other grabs hold, as a grab alone
      // does (holding none, so no two batches wait on each other). Fewer found then: no row is
      // left, whoever's transaction ends how.
      let isRestGone = false;
      if (claimed.length === 0) {
        claimed = await queries.claimEnvelopes({ campaignId, claimants, at, skipLocked: false });
        isRestGone = claimed.length < requests.length;
      } else if (claimed.length < requests.length) {
        isRestGone = !(await queries.hasUnclaimed(campaignId));
      }
      const byMember = new Map(claimed.map((row) => [row.userId, row]));
      const bonusIds = new Map<number, number>();
      if (claimed.length > 0) {
        if (campaign.money === 'cash')
          await ledger.bookBatchWithin(
            tx,
            claimed.map((row) => payoutOf(campaign, row.userId, row)),
          );
        else {
          // Each grant locks its member's bonus account, then the budget: the members' accounts
          // are locked first, in the ledger's key order, so that holding the budget the batch
          // never waits for a member's account (as a transfer alone never does).
          // A free-bet grant likewise locks the member's free_bet account (Free bets).
          const bucket = campaign.money === 'free_bet' ? 'free_bet' : 'bonus';
          const keyOf = (userId: number) => `u:${userId}:${bucket}:${campaign.currencyId}`;
          const members = claimed
            .map((row) => row.userId)
            .sort((left, right) => (keyOf(left) < keyOf(right) ? -1 : 1));
          const lock = bucket === 'free_bet' ? ledger.lockFreeBetBalance : ledger.lockBonusBalance;
          for (const userId of members) await lock(tx, userId, campaign.currencyId);
          for (const row of claimed)
            bonusIds.set(row.userId, await grantOf(queries, tx, campaign, row.userId, row, at));
        }
      }
      const answers = requests.map(({ userId }) => {
        const row = byMember.get(userId);
        return row ? answerOf(campaign, row, bonusIds.get(userId) ?? null, at) : undefined;
      });
      if (!isRestGone) return answers;
      const rest = requests.filter((_, index) => answers[index] === undefined);
      const refused = await refusedOrHeld(
        queries,
        campaignId,
        rest,
        () => new AppError('ENVELOPES_GONE'),
      );
      return answers.map((answer) => answer ?? (refused.shift() as Error));
    });
  }

  /**
   * The refusal of each claim of a batch the campaign refuses, but for a member who holds an
   * envelope already (taken by a grab of theirs beside the batch): theirs, as alone. One read.
   */
  async function refusedOrHeld(
    queries: PromotionsQueries,
    campaignId: number,
    requests: readonly ClaimRequest[],
    refusal: () => Error,
  ): Promise<Error[]> {
    const held = await queries.envelopesOfMembers(
      requests.map(({ userId }) => ({ campaignId, userId })),
    );
    return requests.map(({ userId }) => {
      const envelope = held.get(`${campaignId}:${userId}`);
      return envelope ? new EnvelopeHeldError(envelope) : refusal();
    });
  }

  /** After a claim or a batch of them: the last envelope ends the campaign at once. */
  async function endIfAllClaimed(campaignId: number): Promise<void> {
    try {
      if (await repository.endIfAllClaimed(campaignId, now())) publish(campaignId, 'ended');
    } catch (error) {
      options.onError(error, 'ending a campaign all claimed');
    }
  }

  const claims = createClaimBatcher<ClaimRequest, EnvelopeClaim>({
    maxClaims: grabBatch.maxClaims,
    maxBatchesRunning: grabBatch.maxBatchesRunning,
    groupOf: (request) => request.campaignId,
    twinKeyOf: (request) => request.userId,
    claimTogether,
    claimAlone,
    afterEach: endIfAllClaimed,
    onBatchFailed: (error, size) => {
      // A member holding an envelope already is what a batch meets in a race; anything else
      // is worth a line. Either way the claims are made alone.
      if (!uniqueViolationOf(error)?.includes('promotion_envelopes_one_per_member'))
        options.onError(error, `a batch of ${size} grabs (claimed alone instead)`);
    },
  });

  /** The campaign read for a grab, shared by the grabs asking at once. */
  const campaignForGrab = createLookupBatcher<number, PromotionCampaignRow>({
    maxKeys: 100,
    readMany: (ids) => repository.campaignsByIds(ids),
  });

  /** The member grabbing, read in reads shared by the grabs asking at once. */
  const memberForGrab = createLookupBatcher({
    maxKeys: 500,
    readMany: (userIds: readonly number[]) => options.identity.walletMembers(userIds),
  });

  /** A member's envelope of a campaign, read for a grab, shared by the grabs asking at once. */
  const envelopeForGrab = createLookupBatcher<string, PromotionEnvelopeRow>({
    maxKeys: 500,
    readMany: (keys) =>
      repository.envelopesOfMembers(
        keys.map((key) => {
          const [campaignId, userId] = key.split(':').map(Number);
          return { campaignId: campaignId as number, userId: userId as number };
        }),
      ),
  });

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

  /**
   * A desk's move of a campaign's status (a pause, a resume): answered as it is when already
   * `settled`, refused when not in one of `from`; else moved to what `target` says, with the
   * times it sets, together with its audit entry in one transaction, then pushed (and the clock
   * run, with `isClockRun`, so a campaign due now moves at once). When another change took the
   * row first, `missed` answers: it refuses, or lets the campaign answer as it is.
   */
  async function changeByDesk(
    id: number,
    audit: AuditWithin,
    change: {
      settled: CampaignStatus;
      from: readonly CampaignStatus[];
      target: (current: PromotionCampaignRow) => {
        to: CampaignStatus;
        times: Partial<Pick<PromotionCampaignRow, 'startedAt' | 'endedAt'>>;
      };
      missed: () => Promise<void>;
      isClockRun: boolean;
    },
  ): Promise<DeskCampaign> {
    const current = await requireCampaign(id);
    if (current.status === change.settled) return deskView(id);
    if (!change.from.includes(current.status as CampaignStatus))
      throw new AppError('CAMPAIGN_STATUS_CONFLICT', `it is ${current.status}`);
    const { to, times } = change.target(current);
    const moved = await repository.transaction(async (queries, tx) => {
      const row = await queries.changeStatus(id, change.from, to, times);
      if (!row) return undefined;
      await audit(tx, { before: { status: current.status }, after: { status: to } });
      return row;
    });
    if (!moved) await change.missed();
    else {
      publish(id, to);
      if (change.isClockRun) await runClockAfterChange();
    }
    return deskView(id);
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

    /**
     * Pauses a scheduled or running campaign; a paused one answers as it is, as does one paused
     * by someone else meanwhile.
     */
    pause: (id: number, audit: AuditWithin): Promise<DeskCampaign> =>
      changeByDesk(id, audit, {
        settled: 'paused',
        from: ['scheduled', 'running'],
        target: () => ({ to: 'paused', times: {} }),
        missed: async () => {
          const after = await requireCampaign(id);
          if (after.status !== 'paused')
            throw new AppError('CAMPAIGN_STATUS_CONFLICT', `it is ${after.status}`);
        },
        isClockRun: false,
      }),

    /**
     * Resumes a paused campaign: running inside its window, scheduled before it, ended after
     * it. A campaign not paused answers as it is if running, and is refused otherwise.
     */
    resume: (id: number, audit: AuditWithin): Promise<DeskCampaign> =>
      changeByDesk(id, audit, {
        settled: 'running',
        from: ['paused'],
        target: (current) => {
          const at = now();
          if (at < current.startsAt) return { to: 'scheduled', times: {} };
          if (at < current.endsAt)
            return { to: 'running', times: { startedAt: current.startedAt ?? at } };
          return { to: 'ended', times: { endedAt: at } };
        },
        missed: async () => {
          throw new AppError('CAMPAIGN_STATUS_CONFLICT', 'its status changed');
        },
        isClockRun: true,
      }),

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
      const campaign = await campaignForGrab(campaignId);
      if (!campaign?.fundedAt || campaign.kind !== 'envelope')
        throw new AppError('CAMPAIGN_NOT_FOUND');
      // One the shared read leaves out (blocked) is read alone, to be refused as it is there.
      const member =
        (await memberForGrab(user.userId)) ?? (await options.identity.walletMember(user));
      if (member.isDemo || member.isVisitor) throw new AppError('PROMOTION_MEMBERS_ONLY');
      const earlier = await envelopeForGrab(`${campaignId}:${user.userId}`);
      if (earlier) return replayOrRefuse(campaign, earlier, claimKey);
      const refusal = await refusalFor(member, campaign, undefined, undefined);
      if (refusal === 'ENVELOPE_NOT_RUNNING')
        throw new AppError(await stoppedRefusal(repository, campaign));
      if (refusal) throw new AppError(refusal);
      let claim: EnvelopeClaim;
      try {
        // With the grabs of the campaign arriving about now, in one transaction (claimTogether).
        claim = await claims.claim({ campaignId, userId: user.userId, claimKey });
      } catch (error) {
        // A grab of the same member beside this one took an envelope first.
        if (error instanceof EnvelopeHeldError)
          return replayOrRefuse(campaign, error.envelope, claimKey);
        // Two grabs of one member at once: the index let one envelope through.
        if (uniqueViolationOf(error)?.includes('promotion_envelopes_one_per_member')) {
          const held = await repository.memberEnvelope(campaignId, user.userId);
          if (held) return replayOrRefuse(campaign, held, claimKey);
        }
        throw error;
      }
      if (campaign.money === 'cash') void options.notifyBalanceChanged(user.userId);
      return claim;
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
