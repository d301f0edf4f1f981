import { z } from 'zod';
import { defineCall } from './call';
import { currencyIdField, intField } from './common';

/** The back office's dashboard: the book's days in one currency and its open liability. */

/**
 * One product's day in the wagering record (docs/ledger.md, The wagering record), minor units:
 * sports, and any product line that names its kinds there.
 */
export const dashboardProductDaySchema = z.object({
  /** The product line, as the wagering record names it (`sports`, …). */
  product: z.string(),
  /** Stakes taken, less those given back because the wager never stood (a rejected bet). */
  turnover: z.number().int(),
  /** What the product's wagers paid back to members (payouts, cash outs, less rollbacks). */
  returned: z.number().int(),
  /** The house's side: what the book kept of the wagers decided that day (negative when it paid out more). */
  ggr: z.number().int(),
});

/** One day of the book's figures in one currency, minor units. */
export const dashboardDaySchema = z.object({
  /** The UTC day, YYYY-MM-DD. */
  day: z.string(),
  /** Stakes taken, less the stakes of bets rejected that day: every product's. */
  turnover: z.number().int(),
  /** Gross gaming revenue: what the book kept of settled and cashed-out bets (negative when it paid out more); every product's. */
  ggr: z.number().int(),
  deposits: z.number().int(),
  /** Withdrawals paid out (completed). */
  withdrawals: z.number().int(),
  /** The wagering figures per product that had any that day, sorted by product; they add up to `turnover` and `ggr`. */
  products: z.array(dashboardProductDaySchema),
});

export const dashboard = defineCall({
  path: '/admin/api/dashboard',
  methods: ['GET', 'POST'],
  auth: { operator: ['finance', 'trader'] },
  tag: 'dashboard',
  summary:
    "The book's daily turnover, gross gaming revenue, deposits and withdrawals in one currency, and its open liability now.",
  input: z.object({
    currencyId: currencyIdField(),
    /** How many UTC days back, today included. */
    days: intField().pipe(z.number().min(1).max(90)).default(14),
  }),
  output: z.object({
    currencyId: z.number().int(),
    scale: z.number().int(),
    days: z.array(dashboardDaySchema),
    /** Open (pending or accepted) bets now: their count, stakes and what they would pay at most. */
    openLiability: z.object({
      orders: z.number().int(),
      stake: z.number().int(),
      payout: z.number().int(),
    }),
  }),
});

export const dashboardCalls = [dashboard] as const;
