import { z } from 'zod';
import { defineCall } from './call';
import { boundedInt, currencyIdField } from './common';
import { orderSelectionSchema } from './order';

/**
 * Cash out and stake limits (SPEC §7 order paths cash/out and amount/limit, account path
 * /trade/member/limits; DESIGN §6 cash out). Amounts are integers in minor units with the
 * currency's `scale` beside them. docs/betting.md "Cash out and limits" records the choices SPEC
 * leaves open.
 */

const tag = 'order';

export const cashOutInput = z.object({
  orderNo: z.string('must be an order number').trim().min(1).max(64),
  /**
   * The offer the member accepts, in minor units: the bet is cashed out at the current offer if
   * that is at least this much, and refused otherwise.
   */
  amount: boundedInt(1, Number.MAX_SAFE_INTEGER),
  /** When sent, it must be the scale of the order's currency. */
  scale: boundedInt(0, 18).optional(),
});

export const cashOutResultSchema = z.object({
  orderNo: z.string(),
  /** The order's status: cashed out (4). */
  status: z.number().int(),
  /** Minor units paid to the member. */
  amount: z.number().int(),
  stake: z.number().int(),
  scale: z.number().int(),
  currencyId: z.number().int(),
  currencyCode: z.string(),
  /** Epoch milliseconds of the cash out. */
  cashOutTime: z.number().int(),
});
export type CashOutResult = z.infer<typeof cashOutResultSchema>;

export const orderCashOut = defineCall({
  path: '/trade/api/order/cash/out',
  auth: 'member',
  summary:
    'Cashes out an accepted bet at the current offer when it is at least `amount`; idempotent per key',
  tag,
  input: cashOutInput,
  output: cashOutResultSchema,
});

export const orderCashOutQuote = defineCall({
  path: '/trade/api/order/cash/out/quote',
  auth: 'member',
  summary:
    "The current cash out offer of an accepted bet, in minor units; refused like cash out when there is none (7151) or a leg's market is suspended (7152)",
  tag,
  input: z.object({ orderNo: cashOutInput.shape.orderNo }),
  output: z.object({
    orderNo: z.string(),
    /** What cashing out now would pay, minor units. */
    offer: z.number().int(),
    stake: z.number().int(),
    scale: z.number().int(),
    currencyId: z.number().int(),
    currencyCode: z.string(),
  }),
});

/** What the sealed `data` of amount/limit opens to: the slip, as order-create takes it. */
export const amountLimitQuerySchema = z.strictObject({
  betType: z.union([z.literal(0), z.literal(1)], { error: 'must be 0 (single) or 1 (parlay)' }),
  /** The member's current currency when absent. */
  currencyId: z.number().int().positive().optional(),
  /** The fields of order-create's selections may come along; only `optId` is read. */
  selections: z
    .array(orderSelectionSchema.partial({ odds: true }))
    .min(1, 'choose at least one selection')
    .max(50),
});
export type AmountLimitQuery = z.infer<typeof amountLimitQuerySchema>;

/** One stake range in minor units. */
const stakeRangeSchema = z.object({ min: z.number().int(), max: z.number().int() });

export const amountLimitSchema = z.object({
  /** Minor units: the smallest and the largest stake this slip takes. */
  minStake: z.number().int(),
  maxStake: z.number().int(),
  /** Minor units the member can stake now (main balance, frozen excluded). */
  balance: z.number().int(),
  scale: z.number().int(),
  currencyId: z.number().int(),
  currencyCode: z.string(),
});
export type AmountLimit = z.infer<typeof amountLimitSchema>;

export const orderAmountLimit = defineCall({
  path: '/trade/api/order/amount/limit',
  auth: 'member',
  summary:
    'Min and max stake for a slip (sealed data {betType, selections:[{optId}], currencyId?}) and the available balance; data sealed (DESIGN §5)',
  tag,
  input: z.object({
    data: z.union([z.string().min(1).max(16_384), z.record(z.string(), z.unknown())], {
      error: 'must be the slip sealed with the token',
    }),
  }),
  output: amountLimitSchema,
  sealedResponse: true,
});

export const playLimitSchema = z.object({
  sportId: z.number().int(),
  playId: z.number().int(),
  /** Stake ranges in minor units: a single and a parlay leg, before the match and in play. */
  single: stakeRangeSchema,
  parlay: stakeRangeSchema,
  liveSingle: stakeRangeSchema,
  liveParlay: stakeRangeSchema,
});

export const memberLimitsSchema = z.object({
  scale: z.number().int(),
  currencyId: z.number().int(),
  currencyCode: z.string(),
  /** Every sport and play the book offers now, in sport then play order. */
  limits: z.array(playLimitSchema),
});
export type MemberLimits = z.infer<typeof memberLimitsSchema>;

export const memberLimits = defineCall({
  path: '/trade/member/limits',
  auth: 'member',
  summary: "The member's stake limits per sport and play, in their currency",
  tag,
  input: z.object({ currencyId: currencyIdField().optional() }),
  output: memberLimitsSchema,
});

export const orderExtraCalls = [orderCashOut, orderCashOutQuote, orderAmountLimit, memberLimits];
