import { z } from 'zod';
import { defineCall } from './call';
import { boundedInt, currencyIdField, epochMsField, int32IdField, intField } from './common';
import { betType, orderRecordSchema, orderStatus } from './order';

/**
 * Order and member statistics (SPEC §7 order paths): read-only figures over the caller's own
 * orders. Amounts are integers in minor units with the currency's `scale` beside them; days are
 * display days, four hours behind UTC (SPEC §9). docs/betting.md "Statistics" records the choices.
 */

const tag = 'order-stats';

/** The longest range a statistics call covers, in display days (and 90 × 24 h for times). */
export const maxStatRangeDays = 90;
/** Rows per page of the statistics lists: 10 unless given (SPEC §9 history page size). */
export const defaultStatPageSize = 10;
export const maxStatPageSize = 100;

/** A display day, `YYYY-MM-DD`, a real calendar date. */
const displayDateField = () =>
  z
    .string('must be a date YYYY-MM-DD')
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
    .refine((value) => {
      const parsed = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
    }, 'must be a real calendar date');

const currencyField = () => currencyIdField().optional();

/** Epoch milliseconds, both inclusive; each call says what it does when they are absent. */
const timeRange = {
  startTime: epochMsField().optional(),
  endTime: epochMsField().optional(),
};

const paging = {
  page: boundedInt(1, 100_000).optional(),
  size: boundedInt(1, maxStatPageSize).optional(),
};

/** The statuses the open-orders list shows, and those the settled list shows. */
export const openOrderStatuses = [orderStatus.pending, orderStatus.accepted] as const;
export const settledOrderStatuses = [
  orderStatus.settled,
  orderStatus.cashedOut,
  orderStatus.void,
] as const;

/**
 * The records page's filter header (SPEC §2) on an order list: one sport (an order is of a
 * sport when any of its legs is), one of the statuses that list holds, single or parlay. The
 * server filters and pages; absent means all.
 */
const orderFilters = (statuses: readonly [number, ...number[]]) => ({
  sportId: int32IdField().optional(),
  status: intField()
    .pipe(z.literal(statuses, { error: `must be one of ${statuses.join(', ')}` }))
    .optional(),
  betType: intField()
    .pipe(
      z.literal([betType.single, betType.parlay], { error: 'must be 0 (single) or 1 (parlay)' }),
    )
    .optional(),
});

const currencyOutput = {
  currencyId: z.number().int(),
  currencyCode: z.string(),
  scale: z.number().int(),
};

/**
 * Figures over a set of orders. Rejected orders never count (no bet was made). Open orders are
 * pending or accepted; settled ones are settled, cashed out or void.
 */
export const statFiguresSchema = z.object({
  /** Orders placed, open and settled. */
  betCount: z.number().int(),
  /** Their stakes (turnover), minor units. */
  stake: z.number().int(),
  openCount: z.number().int(),
  openStake: z.number().int(),
  settledCount: z.number().int(),
  settledStake: z.number().int(),
  /** What the settled orders returned to the member, stake included. */
  payout: z.number().int(),
  /** The member's win (positive) or loss (negative): payout − settledStake. */
  result: z.number().int(),
  /** Settled orders that returned more than their stake, less, and exactly their stake. */
  winCount: z.number().int(),
  lossCount: z.number().int(),
  drawCount: z.number().int(),
});
export type StatFigures = z.infer<typeof statFiguresSchema>;

/**
 * The member's wagering in one product line over the same range, from the ledger's wagering
 * record (docs/ledger.md): sports, and every product that names its kinds there. Unlike the
 * order figures above, which follow the orders placed in the range, these follow the money's
 * time: stakes taken and returns paid in the range.
 */
export const productWageringSchema = z.object({
  /** The product line, as the wagering record names it (`sports`, …). */
  product: z.string(),
  /** Stakes that stood (taken, less those given back because the wager never stood). */
  staked: z.number().int(),
  /** What the wagers paid back: payouts and cash outs, less payouts taken back. */
  returned: z.number().int(),
  /** The member's win (positive) or loss (negative): returned − staked. */
  result: z.number().int(),
});

export type ProductWagering = z.infer<typeof productWageringSchema>;

/** Figures with the member's wagering per product line that had any, sorted by product. */
const withProducts = statFiguresSchema.extend({ products: z.array(productWageringSchema) });
const figuresWithCurrency = withProducts.extend(currencyOutput);
const dayFigures = withProducts.extend({ date: z.string() });

export const orderStat = defineCall({
  path: '/trade/api/order/stat',
  auth: 'member',
  summary:
    'Turnover, payout, win/loss and counts of the orders placed in a time range (today unless given)',
  tag,
  input: z.object({ currencyId: currencyField(), ...timeRange }),
  output: figuresWithCurrency.extend({ startTime: z.number().int(), endTime: z.number().int() }),
});

export const memberStatDaily = defineCall({
  path: '/trade/member/stat/daily',
  auth: 'member',
  summary: 'Figures per display day (UTC−4) from startDate to endDate, every day listed',
  tag,
  input: z.object({
    currencyId: currencyField(),
    startDate: displayDateField(),
    endDate: displayDateField(),
  }),
  output: z.object({ ...currencyOutput, days: z.array(dayFigures) }),
});

export const memberStatToday = defineCall({
  path: '/trade/member/stat/today',
  auth: 'member',
  summary: 'Figures of the current display day (UTC−4)',
  tag,
  input: z.object({ currencyId: currencyField() }),
  output: dayFigures.extend(currencyOutput),
});

export const memberStatDate = defineCall({
  path: '/trade/member/stat/date',
  auth: 'member',
  summary: 'Figures of one display day (UTC−4)',
  tag,
  input: z.object({ currencyId: currencyField(), date: displayDateField() }),
  output: dayFigures.extend(currencyOutput),
});

const settledFigures = statFiguresSchema.pick({
  settledCount: true,
  settledStake: true,
  payout: true,
  result: true,
  winCount: true,
  lossCount: true,
  drawCount: true,
});

export const memberStatSettle = defineCall({
  path: '/trade/member/stat/settle',
  auth: 'member',
  summary: 'Totals of the settled orders placed in a time range (all of them unless given)',
  tag,
  input: z.object({ currencyId: currencyField(), ...timeRange }),
  output: settledFigures.extend(currencyOutput),
});

export const memberWinStat = defineCall({
  path: '/trade/member/win/stat',
  auth: 'member',
  summary: 'Wins, losses and win rate of the settled orders (all of them unless a range is given)',
  tag,
  input: z.object({ currencyId: currencyField(), ...timeRange }),
  output: z.object({
    ...currencyOutput,
    settledCount: z.number().int(),
    winCount: z.number().int(),
    lossCount: z.number().int(),
    drawCount: z.number().int(),
    /** Wins among wins and losses, in ten-thousandths rounded down (6666 = 66.66 %); 0 without any. */
    winRate: z.number().int(),
  }),
});

/** One movement of the member's money caused by a bet. */
export const amountLogRecordSchema = z.object({
  orderNo: z.string(),
  /** The ledger's kind: order_stake (held), order_release (given back), payouts and the like. */
  kind: z.string(),
  /** Signed minor units on the member's balance: negative for a stake held, positive back. */
  amount: z.number().int(),
  ...currencyOutput,
  /** Epoch milliseconds. */
  createTime: z.number().int(),
});
export type AmountLogRecord = z.infer<typeof amountLogRecordSchema>;

export const memberAmountLog = defineCall({
  path: '/trade/member/amount/log',
  auth: 'member',
  summary:
    "The member's balance movements caused by bets, newest first (all currencies unless given)",
  tag,
  input: z.object({ currencyId: currencyField(), ...timeRange, ...paging }),
  output: z.object({ records: z.array(amountLogRecordSchema), total: z.number().int() }),
});

export const orderSum = defineCall({
  path: '/trade/order/sum',
  auth: 'member',
  summary: 'Count, stakes and potential payouts of the open orders',
  tag,
  input: z.object({ currencyId: currencyField() }),
  output: z.object({
    ...currencyOutput,
    openCount: z.number().int(),
    openStake: z.number().int(),
    potentialPayout: z.number().int(),
  }),
});

export const unsettledOrders = defineCall({
  path: '/trade/unsettle',
  auth: 'member',
  summary:
    'The open orders, newest first (all currencies unless given), by sport, status and bet type when given',
  tag,
  input: z.object({
    currencyId: currencyField(),
    ...paging,
    ...orderFilters(openOrderStatuses),
  }),
  output: z.object({ records: z.array(orderRecordSchema), total: z.number().int() }),
});

/** A settled order with what it returned. */
export const settlementRecordSchema = orderRecordSchema.extend({
  payout: z.number().int(),
  result: z.number().int(),
  /** When the order last changed (its settlement), epoch milliseconds. */
  settleTime: z.number().int(),
});
export type SettlementRecord = z.infer<typeof settlementRecordSchema>;

export const settlementRecord = defineCall({
  path: '/app/api/member/settlement/record',
  auth: 'member',
  summary:
    'The settled orders placed in a time range, newest first (all unless given), by sport, status and bet type when given',
  tag,
  input: z.object({
    currencyId: currencyField(),
    ...timeRange,
    ...paging,
    ...orderFilters(settledOrderStatuses),
  }),
  output: z.object({ records: z.array(settlementRecordSchema), total: z.number().int() }),
});

export const orderStatsCalls = [
  orderStat,
  memberStatDaily,
  memberStatToday,
  memberStatSettle,
  memberStatDate,
  memberWinStat,
  memberAmountLog,
  orderSum,
  unsettledOrders,
  settlementRecord,
];
