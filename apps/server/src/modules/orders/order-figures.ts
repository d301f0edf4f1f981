import { orderStatus } from '@sb/contract';
import type { Database } from '../../db/database';
import { createOrderFiguresRepository } from './order-figures.repository';
import type { LegCatalogue, OrderWithLegs } from './orders.repository';

/** Orders still waiting for a result. */
export const openStatuses: readonly number[] = [orderStatus.pending, orderStatus.accepted];
/** Orders with a final result: won, lost, cashed out or void. Rejected orders were never bets. */
export const settledStatuses: readonly number[] = [
  orderStatus.settled,
  orderStatus.cashedOut,
  orderStatus.void,
];
/** Every order that is a bet: open or settled (a rejected one never was). */
export const countedStatuses: readonly number[] = [...openStatuses, ...settledStatuses];

/** Placement times from `from` (inclusive) until `until` (exclusive); either may be open. */
export interface TimeWindow {
  from?: Date | undefined;
  until?: Date | undefined;
}

/** Which of a member's orders: one currency (or all), placed in a window. */
export interface OrderFilter {
  userId: number;
  currencyId?: number | undefined;
  window?: TimeWindow | undefined;
  /** Orders with at least one leg of this sport. */
  sportId?: number | undefined;
  /** Singles (0) or parlays (1). */
  betType?: number | undefined;
}

export interface PageRequest {
  offset: number;
  limit: number;
}

/** The figures of a set of orders. */
export interface FigureRow {
  betCount: number;
  stake: number;
  openCount: number;
  openStake: number;
  settledCount: number;
  settledStake: number;
  /** The settled orders' nets summed: payout − settledStake. */
  net: number;
  winCount: number;
  lossCount: number;
  drawCount: number;
}

export const noFigures: FigureRow = {
  betCount: 0,
  stake: 0,
  openCount: 0,
  openStake: 0,
  settledCount: 0,
  settledStake: 0,
  net: 0,
  winCount: 0,
  lossCount: 0,
  drawCount: 0,
};

/**
 * The wagering record's net of each of a member's wagers named in `references`, in one read for
 * the set (the ledger's `wagerNets`).
 */
export type WagerNets = (query: {
  userId: number;
  references: readonly string[];
}) => Promise<Map<string, number>>;

/**
 * Adds one counted order, with its net from the wagering record, to a set's figures. A free
 * bet's stake is 0 (not the member's money) and its net what it paid them; one that paid
 * nothing counts as lost, unless it was void (the free bet came back).
 */
function addOrder(
  figures: FigureRow,
  order: { status: number; stake: number; isFreeBet?: boolean },
  net: number,
) {
  figures.betCount += 1;
  figures.stake += order.stake;
  if (openStatuses.includes(order.status)) {
    figures.openCount += 1;
    figures.openStake += order.stake;
  } else if (settledStatuses.includes(order.status)) {
    figures.settledCount += 1;
    figures.settledStake += order.stake;
    figures.net += net;
    if (net > 0) figures.winCount += 1;
    else if (net < 0 || (order.isFreeBet && order.status !== orderStatus.void))
      figures.lossCount += 1;
    else figures.drawCount += 1;
  }
}

/**
 * A member's order figures, for the statistics: the orders are read from this module's tables,
 * and what each did to the member's balance from the ledger's wagering record (`wagerNets`: the
 * sum of the member's postings in every stake and return transaction naming the order; for a
 * settled order payout − stake). The ledger is the record of money, so the figures stay right
 * whatever path moved it. One read of the record per call, whatever the number of orders.
 */
export function createOrderFigures(deps: {
  db: Database;
  catalogue: LegCatalogue;
  wagerNets: WagerNets;
}) {
  const repository = createOrderFiguresRepository(deps.db, deps.catalogue);

  /** The filter's counted orders, each with its net (0 for an open one: it is not read). */
  async function countedWithNets(filter: OrderFilter) {
    const counted = await repository.countedOrders(filter, countedStatuses);
    const settled = counted.filter((order) => settledStatuses.includes(order.status));
    const nets = await deps.wagerNets({
      userId: filter.userId,
      references: settled.map((order) => order.orderNo),
    });
    return counted.map((order) => ({ ...order, net: nets.get(order.orderNo) ?? 0 }));
  }

  return {
    /** The figures of the filter's orders in one row. */
    async totals(filter: OrderFilter): Promise<FigureRow> {
      const figures = { ...noFigures };
      for (const order of await countedWithNets(filter)) addOrder(figures, order, order.net);
      return figures;
    },

    /**
     * The figures per display day of placement (days since the epoch, in the display zone) that
     * had orders, oldest first.
     */
    async totalsByDay(filter: OrderFilter): Promise<(FigureRow & { day: number })[]> {
      const byDay = new Map<number, FigureRow & { day: number }>();
      for (const order of await countedWithNets(filter)) {
        const figures = byDay.get(order.day) ?? { day: order.day, ...noFigures };
        addOrder(figures, order, order.net);
        byDay.set(order.day, figures);
      }
      return [...byDay.values()].sort((left, right) => left.day - right.day);
    },

    /** Open orders: their count, stakes and potential payouts. */
    openSums: (filter: OrderFilter) => repository.openSums(filter, openStatuses),

    /**
     * A page of the filter's orders of these statuses, newest first, with each one's net: one
     * read of the wagering record for the page.
     */
    async orderPage(
      filter: OrderFilter,
      statuses: readonly number[],
      page: PageRequest,
    ): Promise<{ rows: (OrderWithLegs & { net: number })[]; total: number }> {
      const { rows, total } = await repository.orderPage(filter, statuses, page);
      const nets = await deps.wagerNets({
        userId: filter.userId,
        references: rows.map((row) => row.order.orderNo),
      });
      return {
        rows: rows.map((row) => ({ ...row, net: nets.get(row.order.orderNo) ?? 0 })),
        total,
      };
    },

    /** A page of the member's balance movements caused by their own orders. */
    amountLogPage: (filter: OrderFilter, page: PageRequest) =>
      repository.amountLogPage(filter, page),
  };
}

export type OrderFigures = ReturnType<typeof createOrderFigures>;
