import type {
  DeskFreeBet,
  deskFreeBetList,
  FreeBet,
  FreeBetStatus,
  Language,
  memberFreeBetList,
} from '@sb/contract';
import { findCurrencyById } from '@sb/domain';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import { type AccountRef, type Ledger, promotionBudget } from '../ledger/ledger.service';
import type { FreeBetOrder, FreeBetStakes, FreeBetToken } from '../orders/orders.types';
import type { FreeBetRow } from './bonus.schema';
import type { FreeBetsRepository } from './free-bets.repository';

type MemberListInput = z.output<(typeof memberFreeBetList)['input']>;
type DeskListInput = z.output<(typeof deskFreeBetList)['input']>;

/**
 * What a promotion hands over to grant a free bet (docs/promotions.md, Free bets): a token of a
 * stake of `amount` from the campaign's budget, for one bet at `minOdds` or more before
 * `expiresAt`.
 */
export interface FreeBetGrantRequest {
  /** Makes the grant idempotent: `envelope:<id>`, `activity:<campaign>:<member>`. */
  key: string;
  userId: number;
  currencyId: number;
  campaignId: number;
  /** Minor units, above zero. */
  amount: number;
  /** Ten-thousandths; 0 for none. */
  minOdds: number;
  /** Epoch ms. */
  expiresAt: number;
  /** The campaign's titles, for the member's list in their language. */
  titles: { en: string; zh: string; zht: string };
}

/** A campaign's free bets as the desk's figures count them. */
export interface FreeBetFigures {
  granted: number;
  used: number;
  won: number;
  expired: number;
  /** What won free bets paid: returns less stakes. */
  winnings: number;
}

export const noFreeBetFigures: FreeBetFigures = {
  granted: 0,
  used: 0,
  won: 0,
  expired: 0,
  winnings: 0,
};

/** Free bets ended by one expiry pass at most. */
export const freeBetExpiryPassLimit = 200;

const bucket = 'free_bet' as const;

function titleIn(row: FreeBetRow, language: Language): string {
  if (language === 'zh') return row.titleZh;
  if (language === 'zht') return row.titleZht;
  return row.titleEn;
}

export function toFreeBet(row: FreeBetRow, language: Language): FreeBet {
  const currency = findCurrencyById(row.currencyId);
  return {
    id: row.id,
    campaignId: row.campaignId,
    title: titleIn(row, language),
    currencyId: row.currencyId,
    currencyCode: currency?.currencyCode ?? '',
    scale: currency?.scale ?? 0,
    amount: row.amount,
    minOdds: row.minOdds,
    status: row.status as FreeBetStatus,
    grantedAt: row.grantedAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    usedAt: row.usedAt?.getTime() ?? null,
    orderNo: row.orderNo,
  };
}

/** The desk's row: the member's, and whose it is. */
export function toDeskFreeBet(row: FreeBetRow, language: Language): DeskFreeBet {
  return { ...toFreeBet(row, language), userId: row.userId };
}

function tokenOf(row: FreeBetRow): FreeBetToken {
  return {
    id: row.id,
    userId: row.userId,
    currencyId: row.currencyId,
    amount: row.amount,
    minOdds: row.minOdds,
    status: row.status,
    expiresAt: row.expiresAt,
    orderId: row.orderId,
  };
}

/**
 * Free bets (docs/promotions.md, Free bets): granted from a campaign's budget into the member's
 * `free_bet` bucket, staked whole on one order (the orders module reaches them through
 * `stakes`), given back when the order is void or released, expired back to the budget (the
 * house once the campaign closed).
 */
export function createFreeBets(deps: {
  db: Database;
  repository: FreeBetsRepository;
  ledger: Pick<Ledger, 'transferWithin'>;
  now: () => Date;
}) {
  const { repository, ledger, now } = deps;

  /** Where an expired free bet's amount goes: its budget while open, else the house. */
  function returnAccount(row: FreeBetRow): AccountRef {
    return row.budgetOpen
      ? { systemCode: promotionBudget(String(row.campaignId)), currencyId: row.currencyId }
      : { systemCode: 'house', currencyId: row.currencyId };
  }

  /** Ends an available free bet due by `at`: `free_bet_expire`, its amount back to its source. */
  async function expireWithin(tx: Database, id: number, at: Date): Promise<FreeBetRow | undefined> {
    const row = await repository.claimExpiry(tx, id, at);
    if (!row) return undefined;
    await ledger.transferWithin(
      tx,
      {
        idempotencyKey: `free-bet-expire:${row.id}`,
        kind: 'free_bet_expire',
        reference: `free_bet:${row.id}`,
        metadata: { freeBetId: row.id, campaignId: row.campaignId },
        postings: [
          {
            account: { userId: row.userId, bucket, currencyId: row.currencyId },
            amount: -row.amount,
          },
          { account: returnAccount(row), amount: row.amount },
        ],
      },
      { isRefusalFinal: true },
    );
    return row;
  }

  const stakes: FreeBetStakes = {
    async lockWithin(tx, userId, freeBetId) {
      const row = await repository.lock(tx, freeBetId);
      if (!row || row.userId !== userId) return undefined;
      return tokenOf(row);
    },

    async stakeWithin(tx, token, order) {
      if (!(await repository.markUsed(tx, token.id, order, now())))
        throw new AppError('FREE_BET_NOT_AVAILABLE', `data.freeBetId: ${token.id}`);
      await ledger.transferWithin(
        tx,
        {
          idempotencyKey: `order-free-bet-stake:${order.orderNo}`,
          kind: 'order_free_bet_stake',
          reference: order.orderNo,
          metadata: { freeBetId: token.id },
          postings: [
            {
              account: { userId: token.userId, bucket, currencyId: token.currencyId },
              amount: -token.amount,
            },
            {
              account: { systemCode: 'stakes_held', currencyId: token.currencyId },
              amount: token.amount,
            },
          ],
        },
        { isRefusalFinal: true },
      );
    },

    async giveBackWithin(tx, order: FreeBetOrder, step) {
      if (order.freeBetId === null) throw new Error(`order ${order.orderNo} has no free bet`);
      const { userId, currencyId, stakeMinor } = order;
      const row = await repository.lock(tx, order.freeBetId);
      const isHeld = row?.status === 'used' && row.orderId === order.id;
      await ledger.transferWithin(
        tx,
        {
          idempotencyKey: step.idempotencyKey,
          kind: step.kind,
          reference: order.orderNo,
          metadata: { freeBetId: order.freeBetId },
          postings: [
            { account: { systemCode: 'stakes_held', currencyId }, amount: -stakeMinor },
            isHeld
              ? { account: { userId, bucket, currencyId }, amount: stakeMinor }
              : { account: { systemCode: 'house', currencyId }, amount: stakeMinor },
          ],
        },
        { isRefusalFinal: true },
      );
      if (!isHeld) return;
      await repository.markAvailable(tx, order.freeBetId, order.id);
      const at = now();
      if (row && row.expiresAt <= at) await expireWithin(tx, row.id, at);
    },

    async retakeWithin(tx, order: FreeBetOrder, step) {
      if (order.freeBetId === null) throw new Error(`order ${order.orderNo} has no free bet`);
      const { userId, currencyId, stakeMinor } = order;
      const row = await repository.lock(tx, order.freeBetId);
      const isFree = row?.status === 'available' && row.amount === stakeMinor;
      if (isFree) await repository.markUsed(tx, order.freeBetId, order, now());
      await ledger.transferWithin(
        tx,
        {
          idempotencyKey: step.idempotencyKey,
          kind: step.kind,
          reference: order.orderNo,
          metadata: { freeBetId: order.freeBetId },
          postings: [
            isFree
              ? { account: { userId, bucket, currencyId }, amount: -stakeMinor }
              : { account: { systemCode: 'house', currencyId }, amount: -stakeMinor },
            { account: { systemCode: 'stakes_held', currencyId }, amount: stakeMinor },
          ],
        },
        { isRefusalFinal: true },
      );
    },

    async recordWinningsWithin(tx, freeBetId, winnings) {
      await repository.setWinnings(tx, freeBetId, winnings);
    },
  };

  return {
    stakes,

    /**
     * Grants a free bet inside the caller's transaction: `free_bet_grant` from the campaign's
     * budget to the member's `free_bet` bucket, and the token's row, under a savepoint so a
     * refusal leaves nothing. The same key answers the same free bet (`replayed`). A budget that
     * cannot pay throws the ledger's `EntityFundsShortError`.
     */
    grantFreeBet(
      tx: Database,
      request: FreeBetGrantRequest,
    ): Promise<{ freeBetId: number; replayed: boolean }> {
      if (!Number.isSafeInteger(request.amount) || request.amount <= 0)
        throw new Error(`a free bet of ${request.amount}`);
      return inTransaction(tx, async (savepoint) => {
        const inserted = await repository.insert(savepoint, {
          sourceKey: request.key,
          userId: request.userId,
          currencyId: request.currencyId,
          campaignId: request.campaignId,
          titleEn: request.titles.en,
          titleZh: request.titles.zh,
          titleZht: request.titles.zht,
          amount: request.amount,
          minOdds: request.minOdds,
          grantedAt: now(),
          expiresAt: new Date(request.expiresAt),
        });
        if (!inserted) {
          const existing = await repository.findBySourceKey(savepoint, request.key);
          if (!existing) throw new Error(`free bet key ${request.key} conflicted but is not found`);
          const isSame =
            existing.userId === request.userId &&
            existing.currencyId === request.currencyId &&
            existing.campaignId === request.campaignId &&
            existing.amount === request.amount;
          if (!isSame) throw new AppError('IDEMPOTENCY_CONFLICT');
          return { freeBetId: existing.id, replayed: true };
        }
        const { userId, currencyId, amount, campaignId } = request;
        await ledger.transferWithin(
          savepoint,
          {
            idempotencyKey: `free-bet-grant:${inserted.id}`,
            kind: 'free_bet_grant',
            reference: `free_bet:${inserted.id}`,
            metadata: { freeBetId: inserted.id, campaignId },
            postings: [
              {
                account: { systemCode: promotionBudget(String(campaignId)), currencyId },
                amount: -amount,
              },
              { account: { userId, bucket, currencyId }, amount },
            ],
          },
          { isRefusalFinal: true },
        );
        return { freeBetId: inserted.id, replayed: false };
      });
    },

    /** The campaign closes (the caller's transaction): its free bets expire to the house. */
    campaignClosedWithin: (tx: Database, campaignId: number) =>
      repository.closeCampaign(tx, campaignId),

    /** Each campaign's free bets granted, used, won and expired, and what the wins paid. */
    async figuresOf(campaignIds: readonly number[]): Promise<Map<number, FreeBetFigures>> {
      const figures = new Map<number, FreeBetFigures>(
        campaignIds.map((id) => [id, { ...noFreeBetFigures }]),
      );
      for (const { campaignId, ...row } of await repository.figures(campaignIds))
        figures.set(campaignId, row);
      return figures;
    },

    /** memberFreeBetList: available first, soonest to expire first, then the newest. */
    async memberList(userId: number, input: MemberListInput, language: Language) {
      const { rows, total } = await repository.page({
        userId,
        status: input.status,
        offset: (input.page - 1) * input.size,
        limit: input.size,
      });
      return { records: rows.map((row) => toFreeBet(row, language)), total };
    },

    /** deskFreeBetList: a member's free bets, or a campaign's, newest first. */
    async deskList(input: DeskListInput, language: Language) {
      const { rows, total } = await repository.deskPage({
        userId: input.userId,
        campaignId: input.campaignId,
        status: input.status,
        offset: (input.page - 1) * input.size,
        limit: input.size,
      });
      return { records: rows.map((row) => toDeskFreeBet(row, language)), total };
    },

    /** One expiry pass: available free bets past their expiry go back to their source. */
    async expireDue(options: { limit?: number } = {}): Promise<number[]> {
      const at = now();
      const ids = await repository.dueForExpiry(at, options.limit ?? freeBetExpiryPassLimit);
      const members: number[] = [];
      for (const id of ids) {
        const row = await inTransaction(deps.db, (tx) => expireWithin(tx, id, at));
        if (row) members.push(row.userId);
      }
      return members;
    },
  };
}

export type FreeBets = ReturnType<typeof createFreeBets>;
