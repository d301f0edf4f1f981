import { createHash } from 'node:crypto';
import { type CashOutResult, orderStatus } from '@sb/contract';
import {
  type CashOutLeg,
  cashOutOffer,
  decodeOptionId,
  findCurrencyById,
  formatMinorUnits,
  type LegState,
  outcomeFromFeed,
} from '@sb/domain';
import { marketKey } from '@sb/feed-sim';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { ReadModel } from '../feed/feed.types';
import type { Ledger } from '../ledger/ledger.service';
import { stakeEndTransfers } from './bonus-stakes';
import { isRefusal, priceSelection } from './order-pricing';
import {
  cashOutQueries,
  type OrderLegRow,
  type OrdersRepository,
  type OrderWithLegs,
} from './orders.repository';

/**
 * The house's cut of a cash out's value, in ten-thousandths: 500 keeps 5%. Current prices already
 * carry the book's margin; this one pays for taking the bet off the book early.
 */
export const defaultCashOutMarginUnits = 500;

const ledgerKind = 'order_cash_out';
/** The bonus share of a cash out of a stake that spent bonus money. */
const bonusLedgerKind = 'order_bonus_cash_out';
const ledgerKeyOf = (orderNo: string) => `order-cash-out:${orderNo}`;

/** What the ledger transaction of a cash out records beside its postings. */
interface CashOutRecord {
  userId: number;
  orderNo: string;
  memberKey: string | null;
  requestDigest: string;
  amountMinor: number;
  valueMinor: number;
  marginUnits: number;
  cashOutTime: number;
}

export interface CashedOut {
  result: CashOutResult;
  /** The order as cashed out; absent for a replay. */
  order?: OrderWithLegs;
}

function digestOf(orderNo: string, acceptedMinor: number): string {
  return createHash('sha256')
    .update(JSON.stringify([orderNo, acceptedMinor]))
    .digest('hex');
}

/**
 * One leg as cashOutOffer reads it. A leg whose market the feed settled counts its result, one
 * whose market it cancelled counts as void (odds 1); an
 * unsettled leg is priced from the book now with the member's terms recorded on the order, and
 * a market that is suspended, closed or gone refuses the cash out, naming the leg.
 */
function cashOutLegOf(
  readModel: ReadModel,
  leg: OrderLegRow,
  oddsConfig: readonly number[],
): CashOutLeg {
  const state = readModel.get(leg.eventId);
  const settledMarket = state?.settlements.get(
    marketKey({ playId: leg.playId, specifiers: leg.specifiers }),
  );
  const settledOutcome = settledMarket?.outcomes.find((outcome) => outcome.id === leg.outcomeId);
  if (settledOutcome) {
    const outcome: LegState = outcomeFromFeed(settledOutcome);
    return { placedOddsUnits: leg.oddsUnits, currentOddsUnits: null, outcome };
  }
  // The feed cancelled bets on the market (SPEC's bet_cancel, whole market): the leg is void, so
  // it counts at odds 1, as settlement will count it, and the rest of the bet can be cashed out.
  const market = state?.markets.get(marketKey({ playId: leg.playId, specifiers: leg.specifiers }));
  if (market?.status === 'cancelled')
    return { placedOddsUnits: leg.oddsUnits, currentOddsUnits: null, outcome: 'void' };
  const ref = decodeOptionId(leg.optionId);
  const priced = ref ? priceSelection(readModel, ref, leg.optionId, oddsConfig) : null;
  if (!priced || isRefusal(priced))
    throw new AppError(
      'CASH_OUT_MARKET_SUSPENDED',
      `legs.${leg.legIndex}: ${priced?.message ?? `${leg.optionId}: not an option id`}`,
    );
  return { placedOddsUnits: leg.oddsUnits, currentOddsUnits: priced.oddsUnits };
}

function resultOf(record: CashOutRecord, order: OrderWithLegs['order']): CashOutResult {
  const currency = findCurrencyById(order.currencyId);
  return {
    orderNo: order.orderNo,
    status: orderStatus.cashedOut,
    amount: record.amountMinor,
    stake: order.stakeMinor,
    scale: currency?.scale ?? 0,
    currencyId: order.currencyId,
    currencyCode: currency?.currencyCode ?? '',
    cashOutTime: record.cashOutTime,
  };
}

/**
 * Cash out: the member takes the current offer for an accepted bet instead of waiting for its
 * settlement. The order moves from accepted to cashed out in one conditional statement inside
 * the transaction that pays, so of a cash out and a settlement (or two cash outs) racing, exactly
 * one finds it accepted and the others write nothing.
 */
export function createCashOutService(deps: {
  repository: OrdersRepository;
  ledger: Ledger;
  readModel: ReadModel;
  db: Database;
  now: () => Date;
  /** The house's cut in ten-thousandths; `defaultCashOutMarginUnits` unless given. */
  marginUnits?: number;
}) {
  const { repository, ledger, readModel, now } = deps;
  const marginUnits = deps.marginUnits ?? defaultCashOutMarginUnits;
  const queries = cashOutQueries(deps.db);

  /** The cash out already made with the member's key, if any; a conflict if it was another. */
  async function recordOfKey(
    executor: Database,
    userId: number,
    memberKey: string,
    requestDigest: string,
  ): Promise<CashOutRecord | undefined> {
    const fields = { userId: String(userId), memberKey };
    // A stake of bonus money only is cashed out by a transaction of the bonus kind alone.
    const record = ((await ledger.metadataOfKind(executor, ledgerKind, fields)) ??
      (await ledger.metadataOfKind(executor, bonusLedgerKind, fields))) as
      | CashOutRecord
      | undefined;
    if (record && record.requestDigest !== requestDigest)
      throw new AppError('IDEMPOTENCY_CONFLICT');
    return record;
  }

  /** The same answer as the first cash out gave. */
  async function replayOf(record: CashOutRecord): Promise<CashedOut> {
    const id = await queries.findIdByOrderNo(record.userId, record.orderNo);
    const found = id === undefined ? undefined : await repository.findById(id);
    if (!found) throw new Error(`cash out of ${record.orderNo} has no order`);
    return { result: resultOf(record, found.order) };
  }

  /** The offer for the order now, or the refusal naming why there is none. */
  function offerFor({ order, legs }: OrderWithLegs) {
    const offer = cashOutOffer({
      stakeMinor: order.stakeMinor,
      legs: legs.map((leg) => cashOutLegOf(readModel, leg, order.oddsConfig)),
      marginUnits,
    });
    // No offer with every market priced: a leg lost, or none is open; settlement pays it.
    if (!offer || offer.offerMinor < 1)
      throw new AppError('CASH_OUT_NOT_AVAILABLE', `orderNo: ${order.orderNo} is decided`);
    return offer;
  }

  /** The member's order with its legs and currency; another member's order is not found. */
  async function memberOrderOf(userId: number, orderNo: string) {
    const id = await queries.findIdByOrderNo(userId, orderNo);
    const found = id === undefined ? undefined : await repository.findById(id);
    if (!found) throw new AppError('CASH_OUT_ORDER_NOT_FOUND', `orderNo: ${orderNo}`);
    // A free bet's stake was never the member's money: its bet runs to its result.
    if (found.order.freeBetId !== null)
      throw new AppError(
        'FREE_BET_NO_CASH_OUT',
        `orderNo: ${orderNo} was placed with free bet ${found.order.freeBetId}`,
      );
    const currency = findCurrencyById(found.order.currencyId);
    if (!currency)
      throw new Error(
        `order ${found.order.orderNo} has unknown currency ${found.order.currencyId}`,
      );
    return { found, currency };
  }

  return {
    marginUnits,

    /** order/cash/out/quote: the offer cashing out would pay now, refused as cash out would be. */
    async quote(userId: number, orderNo: string) {
      const { found, currency } = await memberOrderOf(userId, orderNo);
      const { order } = found;
      if (order.status !== orderStatus.accepted)
        throw new AppError('CASH_OUT_NOT_AVAILABLE', `orderNo: ${order.orderNo} is not open`);
      return {
        orderNo: order.orderNo,
        offer: offerFor(found).offerMinor,
        stake: order.stakeMinor,
        scale: currency.scale,
        currencyId: currency.currencyId,
        currencyCode: currency.currencyCode,
      };
    },

    /**
     * order/cash/out: pays the current offer when it is at least `amount`, the offer the member
     * accepted. In one transaction: the order moves from accepted to cashed out, its history
     * records it, and the ledger takes the stake out of stakes_held and pays the offer from the
     * house to the member (one transaction per order). A retry with the member's key answers the
     * first cash out; racing retries with one key queue on a lock and the later ones replay.
     */
    async cashOut(
      userId: number,
      input: { orderNo: string; amount: number; scale?: number | undefined },
      memberKey: string | undefined,
    ): Promise<CashedOut> {
      const requestDigest = digestOf(input.orderNo, input.amount);
      if (memberKey) {
        const earlier = await recordOfKey(deps.db, userId, memberKey, requestDigest);
        if (earlier) return replayOf(earlier);
      }
      const { found, currency } = await memberOrderOf(userId, input.orderNo);
      const { order } = found;
      if (input.scale !== undefined && input.scale !== currency.scale)
        throw new AppError(
          'INVALID_INPUT',
          `scale: must be ${currency.scale}, the scale of ${currency.currencyCode}`,
        );
      // A request with this key that committed since the check above moved the order: replay it.
      const notOpen = async (): Promise<CashedOut> => {
        const earlier = memberKey && (await recordOfKey(deps.db, userId, memberKey, requestDigest));
        if (earlier) return replayOf(earlier);
        throw new AppError('CASH_OUT_NOT_AVAILABLE', `orderNo: ${order.orderNo} is not open`);
      };
      if (order.status !== orderStatus.accepted) return notOpen();
      const offer = offerFor(found);
      if (offer.offerMinor < input.amount) {
        const show = (minor: number) =>
          `${formatMinorUnits(minor, currency.scale)} ${currency.currencyCode}`;
        throw new AppError(
          'CASH_OUT_OFFER_CHANGED',
          `amount: the offer is now ${offer.offerMinor} (${show(offer.offerMinor)}), below the ${input.amount} accepted`,
        );
      }
      const at = now();
      const record: CashOutRecord = {
        userId,
        orderNo: order.orderNo,
        memberKey: memberKey ?? null,
        requestDigest,
        amountMinor: offer.offerMinor,
        valueMinor: offer.valueMinor,
        marginUnits,
        cashOutTime: at.getTime(),
      };
      const outcome = await repository.transaction(async (bound, tx) => {
        const locked = cashOutQueries(tx);
        if (memberKey) {
          await locked.lockMemberKey(userId, memberKey);
          // A racing request with this key committed while this one waited for the lock.
          const earlier = await recordOfKey(tx, userId, memberKey, requestDigest);
          if (earlier) return { earlier, cashedOut: null };
        }
        const updated = await locked.moveStatusIf(order.id, orderStatus.accepted, {
          status: orderStatus.cashedOut,
          updatedAt: at,
        });
        if (!updated) return null;
        await bound.recordStatus({
          orderId: order.id,
          fromStatus: orderStatus.accepted,
          toStatus: orderStatus.cashedOut,
          actor: 'member',
          at,
        });
        // The offer is paid to the buckets the stake came from, in proportion (bonus-stakes.ts);
        // each transaction carries the record, so a replay finds it whichever was booked.
        for (const transfer of stakeEndTransfers(
          order,
          offer.offerMinor,
          {
            cash: { kind: ledgerKind, idempotencyKey: ledgerKeyOf(order.orderNo) },
            bonus: {
              kind: bonusLedgerKind,
              idempotencyKey: `order-bonus-cash-out:${order.orderNo}`,
            },
          },
          { ...record },
        ))
          await ledger.transferWithin(tx, transfer);
        const cashedOut: CashedOut = {
          result: resultOf(record, updated),
          order: { order: updated, legs: found.legs },
        };
        return { earlier: null, cashedOut };
      });
      // Settlement or another cash out moved the order first.
      if (!outcome) return notOpen();
      if (outcome.earlier) return replayOf(outcome.earlier);
      return outcome.cashedOut;
    },
  };
}

export type CashOutService = ReturnType<typeof createCashOutService>;
