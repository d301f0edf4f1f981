import {
  type AmountLogRecord,
  defaultStatPageSize,
  type Language,
  maxStatRangeDays,
  type ProductWagering,
  type SettlementRecord,
  type StatFigures,
} from '@sb/contract';
import {
  type Currency,
  dateOfDisplayDay,
  dayMs,
  displayDayOf,
  displayDayOfDate,
  displayDayStartMs,
  displayOffsetMs,
  findCurrencyById,
} from '@sb/domain';
import { AppError } from '../../http/app-error';
import type { AuthenticatedUser } from '../../http/request-context';
import type { IdentityService } from '../identity/identity.service';
import type { Ledger } from '../ledger/ledger.service';
import {
  type FigureRow,
  type LegNames,
  noFigures,
  type OrderFigures,
  openStatuses,
  settledStatuses,
  type TimeWindow,
  toOrderRecord,
} from '../orders/orders.service';

const maxRangeMs = maxStatRangeDays * dayMs;

interface TimeRangeInput {
  startTime?: number | undefined;
  endTime?: number | undefined;
}
interface PageInput {
  page?: number | undefined;
  size?: number | undefined;
}
type CurrencyInput = { currencyId?: number | undefined };
/** The records page's filter header on an order list (contract: order-stats.ts). */
interface OrderFilterInput {
  sportId?: number | undefined;
  status?: number | undefined;
  betType?: number | undefined;
}

/** The filter's statuses among the list's own: one when asked for, else all of them. */
function statusesOf(listStatuses: readonly number[], input: OrderFilterInput): readonly number[] {
  if (input.status === undefined) return listStatuses;
  return listStatuses.filter((status) => status === input.status);
}

/**
 * The window of an inclusive `startTime`–`endTime` pair: both or neither, in order, at most
 * `maxStatRangeDays` long. Neither gives `whenAbsent`.
 */
function windowOf(input: TimeRangeInput, whenAbsent: TimeWindow): TimeWindow {
  const { startTime, endTime } = input;
  if (startTime === undefined && endTime === undefined) return whenAbsent;
  if (startTime === undefined)
    throw new AppError('INVALID_INPUT', 'startTime: required with endTime');
  if (endTime === undefined)
    throw new AppError('INVALID_INPUT', 'endTime: required with startTime');
  if (startTime > endTime)
    throw new AppError('INVALID_INPUT', 'startTime: must not be after endTime');
  if (endTime - startTime >= maxRangeMs)
    throw new AppError('INVALID_INPUT', `endTime: the range is at most ${maxStatRangeDays} days`);
  return { from: new Date(startTime), until: new Date(endTime + 1) };
}

function dayWindow(firstDay: number, lastDay: number): TimeWindow {
  return {
    from: new Date(displayDayStartMs(firstDay)),
    until: new Date(displayDayStartMs(lastDay + 1)),
  };
}

function pageOf(input: PageInput) {
  const size = input.size ?? defaultStatPageSize;
  return { offset: ((input.page ?? 1) - 1) * size, limit: size };
}

const currencyFields = (currency: Currency) => ({
  currencyId: currency.currencyId,
  currencyCode: currency.currencyCode,
  scale: currency.scale,
});

type MemberWagering = Awaited<ReturnType<Ledger['wagering']>>;

/** The wagering record's lines of one period, a product that came to nothing left out. */
function productsOf(wagering: MemberWagering, period = 0): ProductWagering[] {
  return wagering
    .filter((line) => line.period === period && (line.staked !== 0 || line.returned !== 0))
    .map((line) => ({
      product: line.product,
      staked: line.staked,
      returned: line.returned,
      result: line.net,
    }));
}

/** The display day as a period of the wagering record. */
const displayDayPeriod = { periodMs: dayMs, offsetMs: displayOffsetMs };

function toFigures(row: FigureRow): StatFigures {
  const { net, ...counts } = row;
  return { ...counts, payout: net + row.settledStake, result: net };
}

/** The statistics calls: the caller's own orders only, always filtered by their user id. */
export function createOrderStatsService(deps: {
  /** The member's order figures, with each order's result from the wagering record. */
  figures: OrderFigures;
  identity: IdentityService;
  /** Names the legs of the records in the reader's language (the orders module's). */
  legNames: LegNames;
  /** The member's wagering per product line: the ledger's wagering record. */
  wagering: Ledger['wagering'];
  now: () => Date;
}) {
  const { figures: orderFigures, identity, legNames, wagering, now } = deps;

  function knownCurrency(currencyId: number): Currency {
    const currency = findCurrencyById(currencyId);
    if (!currency)
      throw new AppError('INVALID_INPUT', `currencyId: ${currencyId} is not a currency`);
    return currency;
  }

  /** The currency asked for, else the member's current one. */
  async function currencyFor(user: AuthenticatedUser, input: CurrencyInput): Promise<Currency> {
    if (input.currencyId !== undefined) return knownCurrency(input.currencyId);
    return knownCurrency((await identity.walletMember(user)).currencyId);
  }

  /** For lists: one currency when asked for, else all of them. */
  function currencyFilter(input: CurrencyInput): number | undefined {
    return input.currencyId === undefined ? undefined : knownCurrency(input.currencyId).currencyId;
  }

  async function dayFigures(user: AuthenticatedUser, input: CurrencyInput, day: number) {
    const currency = await currencyFor(user, input);
    const query = {
      userId: user.userId,
      currencyId: currency.currencyId,
      window: dayWindow(day, day),
    };
    const [row, products] = await Promise.all([orderFigures.totals(query), wagering(query)]);
    return {
      ...currencyFields(currency),
      date: dateOfDisplayDay(day),
      ...toFigures(row),
      products: productsOf(products),
    };
  }

  return {
    /** order/stat: the orders placed in the range, today's display day unless given. */
    async orderStat(user: AuthenticatedUser, input: CurrencyInput & TimeRangeInput) {
      const today = displayDayOf(now().getTime());
      const window = windowOf(input, dayWindow(today, today));
      const currency = await currencyFor(user, input);
      const query = { userId: user.userId, currencyId: currency.currencyId, window };
      const [row, products] = await Promise.all([orderFigures.totals(query), wagering(query)]);
      return {
        ...currencyFields(currency),
        startTime: (window.from as Date).getTime(),
        endTime: (window.until as Date).getTime() - 1,
        ...toFigures(row),
        products: productsOf(products),
      };
    },

    /** stat/daily: every display day from startDate to endDate, days without orders as zeros. */
    async daily(
      user: AuthenticatedUser,
      input: CurrencyInput & { startDate: string; endDate: string },
    ) {
      const firstDay = displayDayOfDate(input.startDate);
      const lastDay = displayDayOfDate(input.endDate);
      if (firstDay > lastDay)
        throw new AppError('INVALID_INPUT', 'startDate: must not be after endDate');
      if (lastDay - firstDay + 1 > maxStatRangeDays)
        throw new AppError(
          'INVALID_INPUT',
          `endDate: the range is at most ${maxStatRangeDays} days`,
        );
      const currency = await currencyFor(user, input);
      const query = {
        userId: user.userId,
        currencyId: currency.currencyId,
        window: dayWindow(firstDay, lastDay),
      };
      const [rows, products] = await Promise.all([
        orderFigures.totalsByDay(query),
        wagering({ ...query, period: displayDayPeriod }),
      ]);
      const byDay = new Map(rows.map((row) => [row.day, row]));
      const days = [];
      for (let day = firstDay; day <= lastDay; day += 1) {
        const { day: _day, ...row } = byDay.get(day) ?? { day, ...noFigures };
        days.push({
          date: dateOfDisplayDay(day),
          ...toFigures(row),
          products: productsOf(products, day),
        });
      }
      return { ...currencyFields(currency), days };
    },

    today(user: AuthenticatedUser, input: CurrencyInput) {
      return dayFigures(user, input, displayDayOf(now().getTime()));
    },

    date(user: AuthenticatedUser, input: CurrencyInput & { date: string }) {
      return dayFigures(user, input, displayDayOfDate(input.date));
    },

    /** stat/settle: the settled orders' totals, all of them unless a range is given. */
    async settle(user: AuthenticatedUser, input: CurrencyInput & TimeRangeInput) {
      const window = windowOf(input, {});
      const currency = await currencyFor(user, input);
      const figures = toFigures(
        await orderFigures.totals({ userId: user.userId, currencyId: currency.currencyId, window }),
      );
      return {
        ...currencyFields(currency),
        settledCount: figures.settledCount,
        settledStake: figures.settledStake,
        payout: figures.payout,
        result: figures.result,
        winCount: figures.winCount,
        lossCount: figures.lossCount,
        drawCount: figures.drawCount,
      };
    },

    /** win/stat: wins and losses; the rate leaves out draws (voids, stakes returned). */
    async winStat(user: AuthenticatedUser, input: CurrencyInput & TimeRangeInput) {
      const window = windowOf(input, {});
      const currency = await currencyFor(user, input);
      const row = await orderFigures.totals({
        userId: user.userId,
        currencyId: currency.currencyId,
        window,
      });
      const decided = row.winCount + row.lossCount;
      return {
        ...currencyFields(currency),
        settledCount: row.settledCount,
        winCount: row.winCount,
        lossCount: row.lossCount,
        drawCount: row.drawCount,
        winRate: decided === 0 ? 0 : Math.floor((row.winCount * 10_000) / decided),
      };
    },

    /** amount/log: balance movements of the member's bets, by the movement's time. */
    async amountLog(user: AuthenticatedUser, input: CurrencyInput & TimeRangeInput & PageInput) {
      const window = windowOf(input, {});
      const { rows, total } = await orderFigures.amountLogPage(
        { userId: user.userId, currencyId: currencyFilter(input), window },
        pageOf(input),
      );
      const records: AmountLogRecord[] = rows.map((row) => {
        const currency = knownCurrency(row.currencyId);
        return {
          orderNo: row.orderNo,
          kind: row.kind,
          amount: row.amount,
          ...currencyFields(currency),
          createTime: row.createdAt.getTime(),
        };
      });
      return { records, total };
    },

    /** order/sum: what is at stake now. */
    async orderSum(user: AuthenticatedUser, input: CurrencyInput) {
      const currency = await currencyFor(user, input);
      const sums = await orderFigures.openSums({
        userId: user.userId,
        currencyId: currency.currencyId,
      });
      return { ...currencyFields(currency), ...sums };
    },

    /** unsettle: open orders, newest first. */
    async unsettled(
      user: AuthenticatedUser,
      input: CurrencyInput & PageInput & OrderFilterInput,
      language: Language,
    ) {
      const { rows, total } = await orderFigures.orderPage(
        {
          userId: user.userId,
          currencyId: currencyFilter(input),
          sportId: input.sportId,
          betType: input.betType,
        },
        statusesOf(openStatuses, input),
        pageOf(input),
      );
      return { records: await legNames.in(rows.map(toOrderRecord), language), total };
    },

    /** settlement/record: settled orders placed in the range, newest first. */
    async settlementRecord(
      user: AuthenticatedUser,
      input: CurrencyInput & TimeRangeInput & PageInput & OrderFilterInput,
      language: Language,
    ) {
      const window = windowOf(input, {});
      const { rows, total } = await orderFigures.orderPage(
        {
          userId: user.userId,
          currencyId: currencyFilter(input),
          window,
          sportId: input.sportId,
          betType: input.betType,
        },
        statusesOf(settledStatuses, input),
        pageOf(input),
      );
      const records: SettlementRecord[] = rows.map((row) => ({
        ...toOrderRecord(row),
        // What came back to the member: a free bet's stake was never theirs, so its payout is
        // its winnings alone (docs/promotions.md, Free bets).
        payout: row.net + (row.order.freeBetId === null ? row.order.stakeMinor : 0),
        result: row.net,
        settleTime: row.order.updatedAt.getTime(),
      }));
      return { records: await legNames.in(records, language), total };
    },
  };
}

export type OrderStatsService = ReturnType<typeof createOrderStatsService>;
