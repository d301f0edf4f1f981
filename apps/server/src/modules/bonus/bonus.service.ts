import {
  type Bonus,
  type BonusStatus,
  type deskBonusList,
  type memberBonusList,
  promotionLimits,
} from '@sb/contract';
import { findCurrencyById } from '@sb/domain';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import {
  type AccountRef,
  type DecidedWager,
  type Ledger,
  promotionBudget,
} from '../ledger/ledger.service';
import type { AuditWithin } from '../operators/audit.service';
import type { BonusRepository } from './bonus.repository';
import type { BonusGrantRow } from './bonus.schema';
import type { FreeBetFigures, FreeBetGrantRequest, FreeBets } from './free-bets.service';
import {
  countedAmountOf,
  type RolloverRules,
  rolloverRules,
  termsQualify,
  type WagerTerms,
  type WagerTermsReader,
} from './rollover-rules';

export type { FreeBetFigures, FreeBetGrantRequest } from './free-bets.service';
export type { RolloverRules, WagerTerms, WagerTermsReader } from './rollover-rules';

type MemberListInput = z.output<(typeof memberBonusList)['input']>;
type DeskListInput = z.output<(typeof deskBonusList)['input']>;

/** What a promotion hands over to grant bonus money (docs/promotions.md, Bonus money). */
export interface BonusGrantRequest {
  /** Makes the grant idempotent: the same key answers the same bonus. */
  key: string;
  userId: number;
  currencyId: number;
  campaignId: number;
  /** Minor units, above zero. */
  amount: number;
  /** 1–10: the stakes to play through are amount × multiple. */
  rolloverMultiple: number;
  /** The largest stake that counts; 0 for none. */
  maxStake: number;
  /** Epoch ms. */
  expiresAt: number;
}

/** A campaign's bonus money by how it stands (docs/promotions.md). */
export interface BonusFigures {
  /** Converted to cash once played through. */
  converted: number;
  /** Expired or forfeited and returned. */
  forfeited: number;
  /** Still being played through. */
  active: number;
}

/** What one rollover pass did. */
export interface RolloverPass {
  /** Decided wagers read from the wagering record. */
  read: number;
  /** Wagers counted towards a grant in this pass. */
  counted: number;
  /** Grants converted to cash in this pass. */
  converted: number;
}

/** Decided wagers one rollover pass reads at most. */
export const rolloverPassLimit = 500;
/** Grants one expiry pass ends at most. */
export const expiryPassLimit = 200;
/**
 * How long ago a decision's transaction must have begun before the pass moves past it for good
 * (the ledger's wagering.ts: transactions shorter than half of it have committed below it).
 */
export const rolloverSettledForMs = 120_000;

type EndStatus = Exclude<BonusStatus, 'active'>;

/** The ledger step of each end: its kind and the key's step name. */
const endSteps = {
  converted: { kind: 'bonus_convert', step: 'convert' },
  expired: { kind: 'bonus_expire', step: 'expire' },
  forfeited: { kind: 'bonus_expire', step: 'forfeit' },
} as const satisfies Record<EndStatus, { kind: string; step: string }>;

function assertGrantRequest(request: BonusGrantRequest): void {
  const whole = (value: number, min: number, max: number) =>
    Number.isSafeInteger(value) && value >= min && value <= max;
  if (!request.key) throw new Error('a bonus grant needs a key');
  if (!whole(request.amount, 1, Number.MAX_SAFE_INTEGER))
    throw new Error(
      `a bonus grant's amount must be a whole number above zero, got ${request.amount}`,
    );
  if (!whole(request.rolloverMultiple, 1, promotionLimits.rolloverMultipleMax))
    throw new Error(`a rollover multiple must be 1–10, got ${request.rolloverMultiple}`);
  if (!whole(request.maxStake, 0, Number.MAX_SAFE_INTEGER))
    throw new Error(`a bonus's max stake must be 0 or more, got ${request.maxStake}`);
  if (!Number.isSafeInteger(request.expiresAt))
    throw new Error(`a bonus's expiry must be epoch ms, got ${request.expiresAt}`);
  if (!Number.isSafeInteger(request.amount * request.rolloverMultiple))
    throw new Error('a rollover beyond a safe integer');
}

/** A grant as the wire shows it. */
export function toBonus(row: BonusGrantRow): Bonus {
  return {
    id: row.id,
    userId: row.userId,
    campaignId: row.campaignId,
    currencyId: row.currencyId,
    scale: findCurrencyById(row.currencyId)?.scale ?? 2,
    amount: row.amount,
    status: row.status as BonusStatus,
    rolloverMultiple: row.rolloverMultiple,
    rolloverRequired: row.required,
    rolloverCounted: Math.min(row.counted, row.required),
    maxStake: row.maxStake,
    grantedAt: row.grantedAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    endedAt: row.endedAt?.getTime() ?? null,
    reason: row.reason,
  };
}

/**
 * Bonus money: grants from a campaign's budget into the member's bonus bucket, the rollover
 * counted from settled wagers of the wagering record, and the ends (converted to cash, expired
 * or forfeited back to the budget, or to the house once the campaign closed). Every movement is
 * one balanced ledger transaction under a key of the grant's and step's, in the same database
 * transaction as the grant's row (docs/promotions.md, Bonus money).
 */
export function createBonusService(deps: {
  repository: BonusRepository;
  ledger: Ledger;
  /** Per product, what the rollover reads of a wager beyond the record (sports: its order). */
  wagerTerms: Readonly<Record<string, WagerTermsReader>>;
  /** Tells a member their balances changed, after a committed end. */
  notifyBalanceChanged?: (userId: number) => Promise<void>;
  /** The contribution table: the real one (rollover-rules.ts) unless a test gives its own. */
  rules?: RolloverRules;
  /** Free bets (docs/promotions.md, Free bets); a service without them grants none. */
  freeBets?: FreeBets;
  now: () => Date;
}) {
  const { repository, ledger, now } = deps;
  const requireFreeBets = (): FreeBets => {
    if (!deps.freeBets) throw new Error('this bonus service has no free bets');
    return deps.freeBets;
  };
  const rules = deps.rules ?? rolloverRules;
  const notify = (userIds: Iterable<number>) =>
    Promise.all([...new Set(userIds)].map((userId) => deps.notifyBalanceChanged?.(userId)));

  /**
   * Books the end a claim won: the grant's amount (or what the bonus bucket holds, if less)
   * from the member's bonus to main for a conversion; to the campaign's budget for an expiry or
   * a forfeit, or to the house once the campaign closed (a closed budget never moves again).
   *
   * The member's last active grant in the currency takes the whole bucket: what stakes of bonus
   * money won beyond the grants is bonus money too, converted with the last grant played
   * through, or, on an expiry or a forfeit, returned with it, the part beyond the grant's amount
   * to the house (the budget gets back at most what it granted). Docs/promotions.md, Stakes of
   * bonus money.
   */
  async function bookEnd(tx: Database, grant: BonusGrantRow, status: EndStatus): Promise<number> {
    const { userId, currencyId } = grant;
    const held = await ledger.lockBonusBalance(tx, userId, currencyId);
    // Read under the bucket's lock: of two grants ending at once, the later one sees the other.
    const isLast = !(await repository.hasActive(tx, userId, currencyId));
    const amount = isLast ? held : Math.min(grant.amount, held);
    if (amount > 0) {
      const house = { systemCode: 'house' as const, currencyId };
      const toBudget = Math.min(grant.amount, amount);
      const returned: { account: AccountRef; amount: number }[] =
        status === 'converted'
          ? [{ account: { userId, bucket: 'main', currencyId }, amount }]
          : grant.budgetOpen
            ? [
                {
                  account: { systemCode: promotionBudget(String(grant.campaignId)), currencyId },
                  amount: toBudget,
                },
                ...(amount > toBudget ? [{ account: house, amount: amount - toBudget }] : []),
              ]
            : [{ account: house, amount }];
      const { kind, step } = endSteps[status];
      await ledger.transferWithin(
        tx,
        {
          idempotencyKey: `bonus-${step}:${grant.id}`,
          kind,
          reference: `bonus:${grant.id}`,
          metadata: { bonusId: grant.id, campaignId: grant.campaignId },
          postings: [
            { account: { userId, bucket: 'bonus', currencyId }, amount: -amount },
            ...returned,
          ],
        },
        { isRefusalFinal: true },
      );
    }
    await repository.setEndedAmount(tx, grant.id, amount);
    return amount;
  }

  /** Claims the grant's end and books it; the grant as ended, undefined if no longer active. */
  async function endWithin(
    tx: Database,
    query: { id: number; status: EndStatus; reason?: string | null; dueAt?: Date },
  ): Promise<BonusGrantRow | undefined> {
    const at = now();
    const claimed = await repository.claimEnd(tx, { ...query, at });
    if (!claimed) return undefined;
    const endedAmount = await bookEnd(tx, claimed, query.status);
    return { ...claimed, endedAmount };
  }

  /** Counts one decided wager towards its member's oldest grant; whether that converted it. */
  async function countWager(
    wager: DecidedWager,
    amount: number,
  ): Promise<{ counted: boolean; converted?: BonusGrantRow }> {
    return repository.transaction(async (tx) => {
      const grant = await repository.lockOldestActiveBefore(tx, {
        userId: wager.userId,
        currencyId: wager.currencyId,
        beforeTransactionId: wager.placedTransactionId,
        // A grant past its expiry takes no more counts; the expiry pass ends it.
        at: now(),
      });
      if (!grant) return { counted: false };
      if (grant.maxStake > 0 && wager.staked > grant.maxStake) return { counted: false };
      const isNew = await repository.insertCounted(tx, {
        grantId: grant.id,
        product: wager.product,
        reference: wager.reference,
        amount,
        at: now(),
      });
      if (!isNew) return { counted: false };
      const after = await repository.addCounted(tx, grant.id, amount);
      if (!after) throw new Error(`bonus ${grant.id} changed under its lock`);
      if (after.counted < after.required) return { counted: true };
      const converted = await endWithin(tx, { id: grant.id, status: 'converted' });
      return { counted: true, ...(converted ? { converted } : {}) };
    });
  }

  /** The terms of the wagers of products with a reader, by product and reference. */
  async function termsOf(wagers: readonly DecidedWager[]) {
    const terms = new Map<string, WagerTerms>();
    const byProduct = new Map<string, string[]>();
    for (const wager of wagers) {
      if (!deps.wagerTerms[wager.product]) continue;
      byProduct.set(wager.product, [...(byProduct.get(wager.product) ?? []), wager.reference]);
    }
    for (const [product, references] of byProduct) {
      const read = deps.wagerTerms[product] as WagerTermsReader;
      for (const [reference, entry] of await read(references))
        terms.set(`${product}:${reference}`, entry);
    }
    return terms;
  }

  return {
    /**
     * The largest stake that may spend the member's bonus money in the currency: the smallest
     * maximum stake of their active grants there that set one; 0 for no limit (docs/promotions.md,
     * Stakes of bonus money).
     */
    bonusStakeCapOf: (userId: number, currencyId: number): Promise<number> =>
      repository.smallestActiveMaxStake(userId, currencyId),

    /**
     * Grants bonus money inside the caller's transaction: `bonus_grant` from the campaign's
     * budget to the member's bonus bucket, and the grant's row, under a savepoint so a refusal
     * leaves nothing. The same key answers the same bonus (`replayed`). A budget that cannot
     * pay throws the ledger's `EntityFundsShortError`.
     */
    grantWithin(
      tx: Database,
      request: BonusGrantRequest,
    ): Promise<{ bonusId: number; replayed: boolean }> {
      assertGrantRequest(request);
      return inTransaction(tx, async (savepoint) => {
        const inserted = await repository.insertGrant(savepoint, {
          grantKey: request.key,
          userId: request.userId,
          currencyId: request.currencyId,
          campaignId: request.campaignId,
          amount: request.amount,
          rolloverMultiple: request.rolloverMultiple,
          required: request.amount * request.rolloverMultiple,
          maxStake: request.maxStake,
          grantedAt: now(),
          expiresAt: new Date(request.expiresAt),
        });
        if (!inserted) {
          const existing = await repository.findByKey(savepoint, request.key);
          if (!existing) throw new Error(`bonus key ${request.key} conflicted but is not found`);
          const isSame =
            existing.userId === request.userId &&
            existing.currencyId === request.currencyId &&
            existing.campaignId === request.campaignId &&
            existing.amount === request.amount;
          if (!isSame) throw new AppError('IDEMPOTENCY_CONFLICT');
          return { bonusId: existing.id, replayed: true };
        }
        const { currencyId, userId, amount } = request;
        const { transactionId } = await ledger.transferWithin(
          savepoint,
          {
            idempotencyKey: `bonus-grant:${inserted.id}`,
            kind: 'bonus_grant',
            reference: `bonus:${inserted.id}`,
            metadata: { bonusId: inserted.id, campaignId: request.campaignId },
            postings: [
              {
                account: { systemCode: promotionBudget(String(request.campaignId)), currencyId },
                amount: -amount,
              },
              { account: { userId, bucket: 'bonus', currencyId }, amount },
            ],
          },
          { isRefusalFinal: true },
        );
        await repository.setGrantTransaction(savepoint, inserted.id, transactionId);
        return { bonusId: inserted.id, replayed: false };
      });
    },

    /**
     * The campaign closes, in the caller's transaction, before its budget's rest is booked back
     * to the house: its grants still active end to the house from now on, never to the closed
     * budget. It waits for an end of one of them in flight, so that end's money is in the
     * budget when the caller reads what to close.
     */
    async campaignClosedWithin(tx: Database, campaignId: number): Promise<void> {
      await repository.closeCampaign(tx, campaignId);
      await deps.freeBets?.campaignClosedWithin(tx, campaignId);
    },

    /**
     * Grants a free bet inside the caller's transaction (docs/promotions.md, Free bets):
     * `free_bet_grant` from the campaign's budget to the member's `free_bet` bucket and the
     * token's row, under a savepoint; the same key answers the same free bet (`replayed`). A
     * budget that cannot pay throws the ledger's `EntityFundsShortError`.
     */
    grantFreeBet(
      tx: Database,
      request: FreeBetGrantRequest,
    ): Promise<{ freeBetId: number; replayed: boolean }> {
      return requireFreeBets().grantFreeBet(tx, request);
    },

    /** Each campaign's free bets granted, used, won and expired, and what the wins paid. */
    freeBetFiguresOf(campaignIds: readonly number[]): Promise<Map<number, FreeBetFigures>> {
      return requireFreeBets().figuresOf(campaignIds);
    },

    /** memberFreeBetList: the member's free bets, available first. */
    memberFreeBetList(
      userId: number,
      input: Parameters<FreeBets['memberList']>[1],
      language: Parameters<FreeBets['memberList']>[2],
    ) {
      return requireFreeBets().memberList(userId, input, language);
    },

    /** deskFreeBetList: a member's free bets, or a campaign's, newest first. */
    deskFreeBetList(
      input: Parameters<FreeBets['deskList']>[0],
      language: Parameters<FreeBets['deskList']>[1],
    ) {
      return requireFreeBets().deskList(input, language);
    },

    /** One expiry pass of free bets: those past their expiry go back to their source. */
    async expireDueFreeBets(options: { limit?: number } = {}): Promise<number> {
      if (!deps.freeBets) return 0;
      const members = await deps.freeBets.expireDue(options);
      return members.length;
    },

    /** Each campaign's bonus money converted, returned (expired or forfeited) and active. */
    async figuresOf(campaignIds: readonly number[]): Promise<Map<number, BonusFigures>> {
      const figures = new Map<number, BonusFigures>(
        campaignIds.map((id) => [id, { converted: 0, forfeited: 0, active: 0 }]),
      );
      for (const row of await repository.sumsByCampaign(campaignIds)) {
        const entry = figures.get(row.campaignId);
        if (!entry) continue;
        if (row.status === 'converted') entry.converted += row.amount;
        else if (row.status === 'active') entry.active += row.amount;
        else entry.forfeited += row.amount;
      }
      return figures;
    },

    /** memberBonusList: the member's bonuses, active first, then newest. */
    async memberList(userId: number, input: MemberListInput) {
      const { rows, total } = await repository.page({
        userId,
        status: input.status,
        isActiveFirst: true,
        offset: (input.page - 1) * input.size,
        limit: input.size,
      });
      return { records: rows.map(toBonus), total };
    },

    /** deskBonusList: a member's bonuses, or a campaign's, newest first. */
    async deskList(input: DeskListInput) {
      const { rows, total } = await repository.page({
        userId: input.userId,
        campaignId: input.campaignId,
        status: input.status,
        offset: (input.page - 1) * input.size,
        limit: input.size,
      });
      return { records: rows.map(toBonus), total };
    },

    /**
     * deskBonusForfeit: ends an active bonus with the operator's reason; its money returns to
     * the campaign's budget (the house once closed), audited in the same transaction.
     */
    async forfeit(id: number, reason: string, audit: AuditWithin): Promise<Bonus> {
      const ended = await repository.transaction(async (tx) => {
        const found = await repository.findById(tx, id);
        if (!found) throw new AppError('NOT_FOUND', `id: no bonus ${id}`);
        const row = await endWithin(tx, { id, status: 'forfeited', reason });
        if (!row) {
          // Read again: an end that won the claim meanwhile has committed by now.
          const status = (await repository.findById(tx, id))?.status ?? found.status;
          throw new AppError('BONUS_NOT_ACTIVE', `id: bonus ${id} is already ${status}`);
        }
        await audit(tx, {
          before: { status: 'active', amount: row.amount, counted: row.counted },
          after: { status: 'forfeited', returned: row.endedAmount },
        });
        return row;
      });
      await notify([ended.userId]);
      return toBonus(ended);
    },

    /**
     * One rollover pass: the wagers decided since the cursor, each counted once towards its
     * member's oldest active grant booked before its stake, converting a grant once played
     * through. Safe with passes of other processes at once: a wager's count is its unique row,
     * a grant's end its conditional claim.
     */
    async countRollover(
      options: { limit?: number; settledForMs?: number } = {},
    ): Promise<RolloverPass> {
      const after = await repository.cursor();
      const page = await ledger.decidedWagers({
        afterTransactionId: after,
        limit: options.limit ?? rolloverPassLimit,
        settledForMs: options.settledForMs ?? rolloverSettledForMs,
      });
      const candidates = page.wagers.filter(
        (wager) =>
          wager.decision === 'result' && countedAmountOf(wager.product, wager.staked, rules) > 0,
      );
      const holders = await repository.activeHolders([
        ...new Set(candidates.map((wager) => wager.userId)),
      ]);
      const held = candidates.filter((wager) => holders.has(`${wager.userId}:${wager.currencyId}`));
      // Decisions the cursor has not moved past yet are read again next pass: those already
      // counted cost one read here, not a transaction each.
      const counted = new Set<string>();
      for (const product of new Set(held.map((wager) => wager.product)))
        for (const reference of await repository.countedReferences(
          product,
          held.filter((wager) => wager.product === product).map((wager) => wager.reference),
        ))
          counted.add(`${product}:${reference}`);
      const uncounted = held.filter((wager) => !counted.has(`${wager.product}:${wager.reference}`));
      const terms = await termsOf(uncounted);
      let countedNow = 0;
      const converted: BonusGrantRow[] = [];
      for (const wager of uncounted) {
        const entry = deps.wagerTerms[wager.product]
          ? terms.get(`${wager.product}:${wager.reference}`)
          : null;
        if (!termsQualify(wager.product, entry, rules)) continue;
        const result = await countWager(wager, countedAmountOf(wager.product, wager.staked, rules));
        if (result.counted) countedNow += 1;
        if (result.converted) converted.push(result.converted);
      }
      if (page.safeAfter > after) await repository.advanceCursor(page.safeAfter, now());
      await notify(converted.map((grant) => grant.userId));
      return { read: page.wagers.length, counted: countedNow, converted: converted.length };
    },

    /** One expiry pass: active grants past their expiry end, their money back to its source. */
    async expireDue(options: { limit?: number } = {}): Promise<number> {
      const at = now();
      const ids = await repository.dueForExpiry(at, options.limit ?? expiryPassLimit);
      const ended: number[] = [];
      for (const id of ids) {
        const row = await repository.transaction((tx) =>
          endWithin(tx, { id, status: 'expired', dueAt: at }),
        );
        if (row) ended.push(row.userId);
      }
      await notify(ended);
      return ended.length;
    },
  };
}

export type BonusService = ReturnType<typeof createBonusService>;
