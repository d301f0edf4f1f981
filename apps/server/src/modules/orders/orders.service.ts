import {
  betType,
  defaultOrderPageSize,
  type Language,
  type OrderBet,
  type OrderRecord,
  orderStatus,
} from '@sb/contract';
import {
  type Currency,
  findCurrencyById,
  formatMinorUnits,
  fromOddsUnits,
  isRiskFlagged,
  type Visibility,
} from '@sb/domain';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import type { AuthenticatedUser } from '../../http/request-context';
import type { ReadModel } from '../feed/feed.types';
import type { Bettor, IdentityService } from '../identity/identity.service';
import { type BetSelection, digestOf, openBet, readSlip } from './bet-input';
import type { FreeBetStakes } from './free-bet-stakes';
import type { LegNames } from './leg-names';
import {
  isPriceAcceptable,
  isRefusal,
  type PricedSelection,
  payoutOf,
  priceSelection,
} from './order-pricing';
import { orderSettlementQueries, type SettlementValues } from './order-settlements.repository';
import { newOrderNo, type OrderWriter, type PlacedOrder, replayOf } from './order-writer';
import { toOrderRecord } from './orders.mappers';
import {
  findEventIdsOfOrders,
  findOrderIdsByEvent,
  finishAcceptedOrders,
  insertStatusHistory,
  lockOrder,
  moveOrderStatus,
  type OrderRow,
  type OrdersRepository,
  type OrderWithLegs,
  ownersOfOrders,
  readOrdersToSettle,
} from './orders.repository';
import { type StakeLimitPolicy, stakeLimitFor } from './stake-limits';

/** Statuses of an order still running; every other status is finished. */
export const openOrderStatuses: number[] = [orderStatus.pending, orderStatus.accepted];
const finishedOrderStatuses: number[] = [
  orderStatus.rejected,
  orderStatus.settled,
  orderStatus.cashedOut,
  orderStatus.void,
];

/** The currency of the bet: the one named, else the member's own; demo money stays apart. */
function requireCurrency(bet: OrderBet, member: Bettor): Currency {
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
  member: Bettor,
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

function requireStakeInRange(
  policy: StakeLimitPolicy,
  bet: OrderBet,
  currency: Currency,
  legs: PricedSelection[],
): void {
  const limit = stakeLimitFor(policy, currency, {
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
        `data.selections.${index}.odds: ${fromOddsUnits(requested)} is now ${fromOddsUnits(leg.oddsUnits)}`,
      );
  });
}

/** How a stake funded from main and bonus is split, and what comes back of it (settlement). */
export {
  bonusShareOf,
  type EndStep,
  type FundedStake,
  stakeEndTransfers,
} from './bonus-stakes';
/** Stakes paid with a free bet: how their settlement is booked (docs/promotions.md, Free bets). */
export { freeBetSettleTransfer, freeBetWinningsOf } from './free-bet-stakes';
/** A selection priced for a member from the book now, as a slip's watch prices it too. */
export { isRefusal, priceSelection } from './order-pricing';
export type { PlacedOrder } from './order-writer';

/** Placing bets and reading them. Acceptance of live bets is order-acceptance.ts's. */
export function createOrdersService(deps: {
  repository: OrdersRepository;
  readModel: ReadModel;
  identity: Pick<IdentityService, 'bettor'>;
  /** What the site's control switches leave on offer, for a caller of this flavour. */
  visibilityOf: (client: { source?: string | undefined }) => Promise<Visibility>;
  /** The operators' stake limit policy now. */
  stakeLimitPolicy: () => Promise<StakeLimitPolicy>;
  /** Writes a placed order and holds its stake (alone, or batched with others). */
  writer: OrderWriter;
  /** Hands placement the reader of the largest stake that may spend a member's bonus money. */
  useBonusStakeCap?: (reader: (userId: number, currencyId: number) => Promise<number>) => void;
  /** Hands placement, release and settlement the bonus module's free bets. */
  useFreeBets?: (port: FreeBetStakes) => void;
  /** Names legs in the reader's language (leg-names.ts). */
  legNames: LegNames;
  betDelayMs: number;
  now: () => Date;
}) {
  const { repository, readModel, identity, writer, legNames, now } = deps;

  return {
    /**
     * Sets how placement reads the largest stake that may spend a member's bonus money in a
     * currency (0 for no limit): the bonus module's answer from the member's active grants.
     */
    useBonusStakeCap(reader: (userId: number, currencyId: number) => Promise<number>): void {
      deps.useBonusStakeCap?.(reader);
    },

    /** Sets the free bets a stake may be paid with (the bonus module's, docs/promotions.md). */
    useFreeBets(port: FreeBetStakes): void {
      deps.useFreeBets?.(port);
    },

    /** An order as its owner reads it, its legs named in `language`. */
    async recordOf(order: OrderWithLegs, language: Language): Promise<OrderRecord> {
      const [record] = await legNames.in([toOrderRecord(order)], language);
      return record as OrderRecord;
    },

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
      const member = await identity.bettor(user);
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
      requireStakeInRange(await deps.stakeLimitPolicy(), bet, currency, legs);
      requirePricesAccepted(bet, selections, legs);
      const { totalOddsUnits, potentialPayoutMinor } = payoutOf(
        bet.stake,
        legs.map((leg) => leg.oddsUnits),
      );
      if (potentialPayoutMinor > BigInt(Number.MAX_SAFE_INTEGER))
        throw new AppError('ORDER_STAKE_OUT_OF_RANGE', 'data.stake: the payout would be too large');
      const isLive = legs.some((leg) => leg.isLive);
      const placedAt = now();
      return writer.write({
        values: {
          orderNo: newOrderNo(placedAt),
          userId: user.userId,
          idempotencyKey: key ?? null,
          requestDigest,
          currencyId: currency.currencyId,
          betType: bet.betType,
          stakeMinor: bet.stake,
          // The writer funds the stake, from the bonus bucket too when main falls short (or
          // first, as the site's setting says), or from the free bet: order-writer.ts.
          bonusStakeMinor: 0,
          freeBetId: bet.freeBetId ?? null,
          totalOddsUnits,
          potentialPayoutMinor: Number(potentialPayoutMinor),
          acceptOdds: bet.acceptOdds,
          status: isLive ? orderStatus.pending : orderStatus.accepted,
          // SPEC §5's rule, riskAmount being in the currency's minor units (its own scale).
          isRiskFlagged: isRiskFlagged({
            amountMinor: bet.stake,
            scale: currency.scale,
            riskAmount: member.riskAmount,
            precision: currency.scale,
          }),
          isLive,
          oddsConfig: [...member.oddsConfig],
          acceptAfter: isLive ? new Date(placedAt.getTime() + deps.betDelayMs) : null,
          createdAt: placedAt,
        },
        legs: legs.map((leg, index) => ({
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
          ...leg.names,
        })),
      });
    },

    /** order/list: newest first, 10 a page unless asked otherwise. */
    async list(
      userId: number,
      input: {
        isSettled?: boolean | undefined;
        page?: number | undefined;
        size?: number | undefined;
      },
      language: Language,
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
      return { records: await legNames.in(rows.map(toOrderRecord), language), total };
    },

    /**
     * One of the member's orders by its number, as its owner reads it, with its id (for a module
     * that keeps its own record of it, as shares do); undefined for an unknown number or another
     * member's order, which answer the same.
     */
    async memberOrder(
      userId: number,
      orderNo: string,
      language: Language,
    ): Promise<{ id: number; record: OrderRecord } | undefined> {
      const found = await repository.findMemberOrder(userId, orderNo);
      if (!found) return undefined;
      const [record] = await legNames.in([toOrderRecord(found)], language);
      return { id: found.order.id, record: record as OrderRecord };
    },

    /** Orders by id as their owners read them, keyed by id; unknown ids are left out. */
    async recordsById(
      ids: readonly number[],
      language: Language,
    ): Promise<Map<number, OrderRecord>> {
      const found = await repository.findManyById(ids);
      const records = await legNames.in(found.map(toOrderRecord), language);
      return new Map(found.map((order, index) => [order.order.id, records[index] as OrderRecord]));
    },

    /**
     * Ids of the orders whose status moved at or after `since`, page by page in the order they
     * moved: `after` is the last entry of the previous page. For a module that keeps its own
     * record of orders (shares) and follows them without reading every one.
     */
    changedSince(since: Date, after: { at: Date; id: number } | undefined, limit: number) {
      return repository.changedSince(since, after, limit);
    },

    /**
     * What a promotion's rollover reads of bets by their numbers: each order's status now and
     * its total odds (ten-thousandths, as accepted), keyed by order number; unknown ones left out.
     */
    async wagerTermsOf(
      orderNos: readonly string[],
    ): Promise<Map<string, { status: number; totalOddsUnits: number }>> {
      const rows = await repository.termsByOrderNo(orderNos);
      return new Map(rows.map(({ orderNo, ...terms }) => [orderNo, terms]));
    },

    /** order/count: the member's open and finished orders. */
    count(userId: number) {
      return repository.countByOpenness(userId, openOrderStatuses);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

export { createLegNames, type LegNames } from './leg-names';
/**
 * How settlement reads a leg from the catalogue's facts, shared with the reading of open legs
 * (leg-reading.ts) so that a leg shows the result its settlement will give it.
 */
export { legResultOf, legStateOf } from './leg-states';
/**
 * A member's order figures, for the statistics: the orders from this module's tables, each
 * one's result from the ledger's wagering record.
 */
export {
  createOrderFigures,
  type FigureRow,
  noFigures,
  type OrderFigures,
  type OrderFilter,
  openStatuses,
  type PageRequest,
  settledStatuses,
  type TimeWindow,
  type WagerNets,
} from './order-figures';
export { toOrderRecord } from './orders.mappers';
export type { OrderLegRow, OrderRow, OrderWithLegs } from './orders.repository';

/**
 * What settlement does to orders, through the orders module: it reads the orders of an event,
 * locks one, moves statuses with their history rows, and finishes many accepted orders at once.
 * Every statement on the order tables stays in the orders module's repositories.
 */
export function createOrderSettling(db: Database) {
  return {
    /** Runs `work` in one database transaction, handing over the transaction. */
    transaction: <T>(work: (tx: Database) => Promise<T>): Promise<T> => inTransaction(db, work),

    /** Ids of orders in `statuses` with a leg on the event. */
    orderIdsByEvent: (eventId: number, statuses: number[]) =>
      findOrderIdsByEvent(db, eventId, statuses),

    /** Events of the legs of orders in `statuses`, those changed since `changedSince` if given. */
    eventIdsOfOrders: (statuses: number[], changedSince?: Date) =>
      findEventIdsOfOrders(db, statuses, changedSince),

    /** The orders with their legs and when each was first accepted. */
    readToSettle: (orderIds: readonly number[]) =>
      readOrdersToSettle(db, orderIds, orderStatus.accepted),

    /** The member and currency of each order, by order id. */
    ownersOf: (orderIds: readonly number[]) => ownersOfOrders(db, orderIds),

    /** Locks the order's row in `tx` and answers it as it stands then. */
    lock: (tx: Database, orderId: number) => lockOrder(tx, orderId),

    /**
     * Moves the order from one of `from` to `to` in `tx` with its history row by the system;
     * null when it was in none of `from`.
     */
    async move(
      tx: Database,
      order: OrderRow,
      from: number[],
      to: number,
      at: Date,
    ): Promise<OrderRow | null> {
      const moved = await moveOrderStatus(tx, order.id, from, to, at);
      if (!moved) return null;
      await insertStatusHistory(tx, {
        orderId: order.id,
        fromStatus: order.status,
        toStatus: to,
        actor: 'system',
        at,
      });
      return moved;
    },

    /** Moves many accepted orders to their final status in `tx`, each with its history row. */
    finishAccepted: (tx: Database, moves: readonly { id: number; status: number }[], at: Date) =>
      finishAcceptedOrders(tx, moves, 'system', at),

    // The orders' settlement records (`order_settlements`, a table of this module), which the
    // settlement module writes and reads in its own transaction (docs/betting.md, Settlement).
    // `executor` is the database or the caller's transaction.

    /** The standing (not rolled back) settlements of these orders. */
    standingSettlements: (executor: Database, orderIds: readonly number[]) =>
      orderSettlementQueries(executor).standingOf(orderIds),

    /** The last version the order was settled under; 0 for one never settled. */
    lastSettlementVersion: (tx: Database, orderId: number) =>
      orderSettlementQueries(tx).lastVersion(orderId),

    /** Records a settlement of the order under `version`. */
    recordSettlement: (
      tx: Database,
      values: SettlementValues & { version: number; settledAt: Date },
    ) => orderSettlementQueries(tx).insert(values),

    /**
     * Records first settlements of many orders in one statement, each under the version after
     * its last rolled back one; an order with a standing settlement already is left out.
     */
    recordFirstSettlements: (tx: Database, values: readonly SettlementValues[], at: Date) =>
      orderSettlementQueries(tx).insertFirst(values, at),

    /** Marks a settlement rolled back, with what the rollback could not take back. */
    markSettlementRolledBack: (
      tx: Database,
      settlementId: number,
      rolledBackAt: Date,
      unrecoveredMinor: number,
    ) => orderSettlementQueries(tx).markRolledBack(settlementId, rolledBackAt, unrecoveredMinor),

    /** Orders with a rolled back win the member has not paid back in full when it was taken. */
    ordersWithUnrecovered: () => orderSettlementQueries(db).ordersWithUnrecovered(),

    /** The sum of what rollbacks left unrecovered on a member's orders in one currency. */
    unrecoveredOfMember: (executor: Database, userId: number, currencyId: number) =>
      orderSettlementQueries(executor).unrecoveredOfMember(userId, currencyId),
  };
}

export type OrderSettling = ReturnType<typeof createOrderSettling>;
