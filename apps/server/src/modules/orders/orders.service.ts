import { randomInt } from 'node:crypto';
import {
  betType,
  defaultOrderPageSize,
  type OrderBet,
  type OrderRecord,
  orderStatus,
  type UserInfo,
} from '@sb/contract';
import { type Currency, findCurrencyById, formatMinorUnits } from '@sb/domain';
import { AppError } from '../../http/app-error';
import type { AuthenticatedUser } from '../../http/request-context';
import type { ReadModel } from '../feed/read-model';
import type { IdentityService } from '../identity/identity.service';
import type { Ledger } from '../ledger/ledger.service';
import type { Visibility } from '../match/control-switches';
import { type BetSelection, digestOf, openBet, readSlip } from './bet-input';
import {
  isPriceAcceptable,
  isRefusal,
  type PricedSelection,
  payoutOf,
  priceSelection,
} from './order-pricing';
import { toOrderRecord } from './orders.mappers';
import type { NewOrder, OrdersRepository, OrderWithLegs } from './orders.repository';
import { stakeLimitFor } from './stake-limits';

/** Statuses of an order still running; every other status is finished. */
export const openOrderStatuses: number[] = [orderStatus.pending, orderStatus.accepted];
const finishedOrderStatuses: number[] = [
  orderStatus.rejected,
  orderStatus.settled,
  orderStatus.cashedOut,
  orderStatus.void,
];

/** B, the UTC date and time to the second, and nine random digits: unique and sortable. */
function newOrderNo(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `B${stamp}${randomInt(0, 1_000_000_000).toString().padStart(9, '0')}`;
}

/** The currency of the bet: the one named, else the member's own; demo money stays apart. */
function requireCurrency(bet: OrderBet, member: UserInfo): Currency {
  const currencyId = bet.currencyId ?? member.currencyId;
  const currency = findCurrencyById(currencyId);
  if (!currency || currency.isDemo !== member.pUid > 0)
    throw new AppError('CURRENCY_NOT_ALLOWED', `data.currencyId: ${currencyId}`);
  if (bet.scale !== currency.scale)
    throw new AppError(
      'INVALID_INPUT',
      `data.scale: must be ${currency.scale}, the scale of ${currency.currencyCode}`,
    );
  return currency;
}

/** Each selection priced from the book now, or the bet refused naming the first bad one. */
function priceSlip(
  readModel: ReadModel,
  member: UserInfo,
  visibility: Visibility,
  selections: BetSelection[],
): PricedSelection[] {
  const leagueIds = member.leagueIds.length > 0 ? new Set(member.leagueIds) : null;
  return selections.map((selection, index) => {
    const field = `data.selections.${index}`;
    const event = readModel.get(selection.ref.eventId);
    // What the control switches hide (SPEC §4) is not on offer to bet on either.
    if (
      event &&
      (!visibility.isSportVisible(event.fixture.sportId) ||
        visibility.hiddenPlays(event.fixture.sportId).has(selection.ref.playId))
    )
      throw new AppError('ORDER_MARKET_CLOSED', `${field}: this market is not offered`);
    if (event && leagueIds && !leagueIds.has(event.fixture.league.id))
      throw new AppError('ORDER_LEAGUE_NOT_ALLOWED', `${field}: league ${event.fixture.league.id}`);
    if (event && selection.sportId !== undefined && selection.sportId !== event.fixture.sportId)
      throw new AppError('INVALID_INPUT', `${field}.sportId: does not match the match's sport`);
    const priced = priceSelection(readModel, selection.ref, selection.optionId, member.oddsConfig);
    if (isRefusal(priced)) throw new AppError('ORDER_MARKET_CLOSED', `${field}: ${priced.message}`);
    return priced;
  });
}

function requireStakeInRange(bet: OrderBet, currency: Currency, legs: PricedSelection[]): void {
  const limit = stakeLimitFor(currency, {
    playIds: legs.map((leg) => leg.ref.playId),
    isLive: legs.some((leg) => leg.isLive),
    isParlay: bet.betType === betType.parlay,
  });
  if (bet.stake < limit.minMinor || bet.stake > limit.maxMinor) {
    const show = (minor: number) => formatMinorUnits(minor, currency.scale);
    throw new AppError(
      'ORDER_STAKE_OUT_OF_RANGE',
      `data.stake: ${show(bet.stake)} ${currency.currencyCode} is outside ${show(limit.minMinor)} ~ ${show(limit.maxMinor)}`,
    );
  }
}

function requirePricesAccepted(
  bet: OrderBet,
  selections: BetSelection[],
  legs: PricedSelection[],
): void {
  legs.forEach((leg, index) => {
    const requested = selections[index]?.requestedOddsUnits ?? 0;
    if (!isPriceAcceptable(bet.acceptOdds, requested, leg.oddsUnits))
      throw new AppError(
        'ORDER_ODDS_CHANGED',
        `data.selections.${index}.odds: ${requested / 10_000} is now ${leg.oddsUnits / 10_000}`,
      );
  });
}

export interface PlacedOrder {
  order: OrderWithLegs;
  /** False for a replay of an order placed earlier with the same key. */
  isNew: boolean;
}

/** Placing bets and reading them. Acceptance of live bets is order-acceptance.ts's. */
export function createOrdersService(deps: {
  repository: OrdersRepository;
  ledger: Ledger;
  readModel: ReadModel;
  identity: Pick<IdentityService, 'profile'>;
  /** What the site's control switches leave on offer, for a caller of this flavour. */
  visibilityOf: (client: { source?: string | undefined }) => Promise<Visibility>;
  betDelayMs: number;
  now: () => Date;
}) {
  const { repository, ledger, readModel, identity, now } = deps;

  function replayOf(existing: OrderWithLegs, requestDigest: string): PlacedOrder {
    if (existing.order.requestDigest !== requestDigest) throw new AppError('IDEMPOTENCY_CONFLICT');
    return { order: existing, isNew: false };
  }

  /**
   * Inserts the order, its legs and its first status, and holds the stake (member main →
   * stakes_held), in one transaction. The ledger locks the member's balance row, so racing bets
   * queue and none can take the balance below zero; a lost race answers INSUFFICIENT_FUNDS and
   * leaves nothing behind.
   */
  async function insertAndHold(
    values: NewOrder,
    legs: Parameters<OrdersRepository['insertLegs']>[1],
  ): Promise<PlacedOrder> {
    return repository.transaction(async (bound, tx) => {
      const inserted = await bound.insertUnlessKeyUsed(values);
      if (!inserted) {
        // Another request with the same key committed first.
        const existing = await bound.findByKey(values.userId, values.idempotencyKey as string);
        if (!existing) throw new Error('order idempotency key conflicted but is not found');
        return replayOf(existing, values.requestDigest);
      }
      const legRows = await bound.insertLegs(inserted.id, legs);
      await bound.recordStatus({
        orderId: inserted.id,
        fromStatus: null,
        toStatus: inserted.status,
        actor: 'member',
        at: inserted.createdAt,
      });
      const { currencyId, userId, stakeMinor } = inserted;
      // A refused stake takes the whole order back: no savepoint is needed to survive it.
      await ledger.transferWithin(
        tx,
        {
          idempotencyKey: `order-stake:${inserted.orderNo}`,
          kind: 'order_stake',
          reference: inserted.orderNo,
          postings: [
            { account: { userId, bucket: 'main', currencyId }, amount: -stakeMinor },
            { account: { systemCode: 'stakes_held', currencyId }, amount: stakeMinor },
          ],
        },
        { isRefusalFinal: true },
      );
      return { order: { order: inserted, legs: legRows }, isNew: true };
    });
  }

  return {
    /**
     * order-create: reads the sealed bet, applies SPEC §5's slip rules, prices every selection
     * from the book with the member's own terms, and places the bet with its stake held.
     * Pre-match bets are accepted at once; live ones wait for the bet delay (pending).
     */
    async place(
      user: AuthenticatedUser,
      data: string | Record<string, unknown>,
      context: {
        token: string;
        idempotencyKey: string | undefined;
        isSealingOn: boolean;
        client: { source?: string | undefined };
      },
    ): Promise<PlacedOrder> {
      const bet = await openBet(data, context.token, context.isSealingOn);
      const member = await identity.profile(user);
      const currency = requireCurrency(bet, member);
      const requestDigest = digestOf(bet, currency.currencyId);
      const key = context.idempotencyKey;
      if (key) {
        const existing = await repository.findByKey(user.userId, key);
        if (existing) return replayOf(existing, requestDigest);
      }
      const selections = readSlip(bet);
      const legs = priceSlip(
        readModel,
        member,
        await deps.visibilityOf(context.client),
        selections,
      );
      requireStakeInRange(bet, currency, legs);
      requirePricesAccepted(bet, selections, legs);
      const { totalOddsUnits, potentialPayoutMinor } = payoutOf(
        bet.stake,
        legs.map((leg) => leg.oddsUnits),
      );
      if (potentialPayoutMinor > BigInt(Number.MAX_SAFE_INTEGER))
        throw new AppError('ORDER_STAKE_OUT_OF_RANGE', 'data.stake: the payout would be too large');
      const isLive = legs.some((leg) => leg.isLive);
      const placedAt = now();
      return insertAndHold(
        {
          orderNo: newOrderNo(placedAt),
          userId: user.userId,
          idempotencyKey: key ?? null,
          requestDigest,
          currencyId: currency.currencyId,
          betType: bet.betType,
          stakeMinor: bet.stake,
          totalOddsUnits,
          potentialPayoutMinor: Number(potentialPayoutMinor),
          acceptOdds: bet.acceptOdds,
          status: isLive ? orderStatus.pending : orderStatus.accepted,
          isRiskFlagged: member.riskAmount > 0 && bet.stake >= member.riskAmount,
          isLive,
          oddsConfig: [...member.oddsConfig],
          acceptAfter: isLive ? new Date(placedAt.getTime() + deps.betDelayMs) : null,
          createdAt: placedAt,
          updatedAt: placedAt,
        },
        legs.map((leg, index) => ({
          eventId: leg.ref.eventId,
          sportId: leg.sportId,
          leagueId: leg.leagueId,
          playId: leg.ref.playId,
          specifiers: leg.ref.specifiers,
          outcomeId: leg.ref.outcomeId,
          optionId: leg.optionId,
          requestedOddsUnits: selections[index]?.requestedOddsUnits ?? 0,
          oddsUnits: leg.oddsUnits,
          marketStatus: leg.marketStatus,
        })),
      );
    },

    /** order/list: newest first, 10 a page unless asked otherwise. */
    async list(
      userId: number,
      input: {
        isSettled?: boolean | undefined;
        page?: number | undefined;
        size?: number | undefined;
      },
    ): Promise<{ records: OrderRecord[]; total: number }> {
      const size = input.size ?? defaultOrderPageSize;
      const page = input.page ?? 1;
      const statuses =
        input.isSettled === undefined
          ? undefined
          : input.isSettled
            ? finishedOrderStatuses
            : openOrderStatuses;
      const { rows, total } = await repository.listPage({
        userId,
        statuses,
        offset: (page - 1) * size,
        limit: size,
      });
      return { records: rows.map(toOrderRecord), total };
    },

    /** order/count: the member's open and finished orders. */
    count(userId: number) {
      return repository.countByOpenness(userId, openOrderStatuses);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
