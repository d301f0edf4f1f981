import { z } from 'zod';
import { defineCall } from './call';
import { boolField, boundedInt } from './common';

/**
 * Orders: placing a bet and reading one's bets (SPEC §3 bet option and slip item, §5 slip rules,
 * §7 order paths; DESIGN §5 sealed order data, §6 bets). Stakes and payouts are integers in
 * minor units with the currency's `scale` beside them; odds are integers in ten-thousandths
 * (1.91 is 19100). docs/betting.md records the choices SPEC leaves open.
 */

const tag = 'order';

/** SPEC §5: a bet slip holds at most this many selections. */
export const maxSlipSelections = 8;
/** SPEC §5: plays that never go into a parlay ('noMixBet'). */
export const noMixPlayIds: readonly number[] = [999_999];
/** SPEC §5: outright (champion) plays start here and never go into a parlay ('noMixBetChampion'). */
export const firstChampionPlayId = 21_000;

/** The bet's type; SPEC's bet type value 1 is mix (a parlay). */
export const betType = { single: 0, parlay: 1 } as const;

/** What the member takes when the price moved between display and placement (or acceptance). */
export const acceptOddsChoice = {
  /** Any change: the bet is struck at the current price, better or worse. */
  anyChange: 0,
  /** Only a better (or equal) price; a worse one refuses the bet. */
  onlyBetter: 1,
  /** No change: the price must be the one shown. */
  none: 2,
} as const;

/** Where an order stands. The first five are the `H` event's `bs`; void is an order of 5. */
export const orderStatus = {
  pending: 0,
  accepted: 1,
  rejected: 2,
  settled: 3,
  cashedOut: 4,
  void: 5,
} as const;
export type OrderStatus = (typeof orderStatus)[keyof typeof orderStatus];

/**
 * Decimal odds as the slip shows them (1.91), or their ten-thousandths (19100). Decimal odds are
 * at most 1000 and units at least 10100, so the two readings never overlap.
 */
const oddsField = z
  .number('must be the decimal odds shown, or their ten-thousandths')
  .positive('must be above 0')
  .refine((value) => value <= 1000 || (Number.isInteger(value) && value >= 10_100), {
    message: 'must be decimal odds (at most 1000) or whole ten-thousandths (at least 10100)',
  });

/**
 * One selection of the bet: an option id (`oi` of the market options) and the price the member
 * saw. The other fields of SPEC's bet option may come along; when sent they must agree with the
 * option id.
 */
export const orderSelectionSchema = z.strictObject({
  optId: z.string('must be an option id').min(1).max(400),
  odds: oddsField,
  gameId: z.number().int().positive().optional(),
  playId: z.number().int().positive().optional(),
  sportId: z.number().int().positive().optional(),
  specifiers: z.string().max(200).optional(),
});
export type OrderSelection = z.infer<typeof orderSelectionSchema>;

/**
 * What the sealed `data` of order-create opens to. `selections` is bounded well above SPEC's 8 so
 * that a longer slip gets SPEC's own 'moreMatchTip' refusal rather than a schema error.
 */
export const orderBetSchema = z.strictObject({
  betType: z.union([z.literal(betType.single), z.literal(betType.parlay)], {
    error: 'must be 0 (single) or 1 (parlay)',
  }),
  /** Minor units of the currency. */
  stake: z
    .number('must be a number of minor units')
    .int('must be a whole number of minor units')
    .positive('must be above 0')
    .max(Number.MAX_SAFE_INTEGER, 'is too large'),
  scale: z.number().int().min(0).max(18),
  /** The member's current currency when absent. */
  currencyId: z.number().int().positive().optional(),
  /** See `acceptOddsChoice`; only better (1) when absent. */
  acceptOdds: z
    .union([z.literal(0), z.literal(1), z.literal(2)], { error: 'must be 0, 1 or 2' })
    .default(acceptOddsChoice.onlyBetter),
  selections: z.array(orderSelectionSchema).min(1, 'choose at least one selection').max(50),
  /**
   * A free bet of the member's (`/app/api/member/free/bet/list`) that pays the whole stake; left
   * out (or an empty string) for none. `stake` must equal the free bet's amount and the currency
   * be its currency; the total odds must be at least its `minOdds`. A winning free bet pays the
   * return without the stake; a void bet gives the free bet back (docs/promotions.md, Free bets).
   */
  freeBetId: z
    .number('must be the id of a free bet')
    .int('must be the id of a free bet')
    .positive('must be the id of a free bet')
    .max(Number.MAX_SAFE_INTEGER, 'must be the id of a free bet')
    .optional(),
});
export type OrderBet = z.infer<typeof orderBetSchema>;

/**
 * What became of one leg once its market was settled: the domain's settlement of the selection.
 * Half results are Asian quarter lines; a dead heat shares a place.
 */
export const legResults = ['won', 'lost', 'void', 'half_won', 'half_lost', 'dead_heat'] as const;
export type LegResult = (typeof legResults)[number];

/**
 * One leg of an order as its owner reads it. The names are the book's at placement (SPEC §3 bet
 * option `home`, `away`, `optName`), so a bet stays readable after its match left the book; a leg
 * placed before names were recorded takes them from the catalogue's record of the match.
 */
export const orderLegSchema = z.object({
  optId: z.string(),
  gameId: z.number().int(),
  sportId: z.number().int(),
  leagueId: z.number().int(),
  playId: z.number().int(),
  specifiers: z.string(),
  outcomeId: z.string(),
  /** Ten-thousandths: the price asked for, and the price the bet was struck at. */
  requestedOdds: z.number().int(),
  odds: z.number().int(),
  /** The home side; an outright's or race's title, with `away` empty. */
  home: z.string(),
  away: z.string(),
  leagueName: z.string(),
  /** The book's own name of the outcome ("Draw", "Over 2.5", a runner's full name). */
  optName: z.string(),
  /**
   * Null until the leg's own market is settled (an open parlay shows its finished legs), and for
   * pending, rejected and cashed-out orders.
   */
  result: z.enum(legResults).nullable(),
});

/** An order as its owner reads it. */
export const orderRecordSchema = z.object({
  orderNo: z.string(),
  betType: z.number().int(),
  /** See `orderStatus`. */
  status: z.number().int(),
  /** Why a rejected order was rejected: the `H` event's `mr`; 0 otherwise. */
  reason: z.number().int(),
  stake: z.number().int(),
  /**
   * Of the stake, the minor units paid with bonus money (the rest is cash); 0 for a stake of
   * cash only. What comes back of the bet goes to the two in the same proportion.
   */
  bonusStake: z.number().int(),
  /**
   * The free bet that paid the whole stake; null for a stake of the member's own money. A free
   * bet's return is paid without the stake, and its order cannot be cashed out.
   */
  freeBetId: z.number().int().nullable(),
  scale: z.number().int(),
  currencyId: z.number().int(),
  currencyCode: z.string(),
  /** Ten-thousandths: the product of the legs' prices. */
  odds: z.number().int(),
  /** Minor units returned on a win, stake included, as priced at placement. */
  potentialPayout: z.number().int(),
  /**
   * What the order can still return, stake included, in minor units: settlement's own maths
   * (settleBet of packages/domain) with every leg still open taken as won and every leg already
   * settled counted as it settled (won, lost, half won, half lost, void, dead heat), rounded down
   * once. It follows the legs as they settle: lower after a half lost leg, 0 once a leg is lost.
   * For a settled or void order it is what settlement paid. Null for rejected and cashed-out
   * orders, whose legs no longer decide what they return.
   */
  maxPayout: z.number().int().nullable(),
  acceptOdds: z.number().int(),
  isLive: z.boolean(),
  /** Epoch milliseconds. */
  createTime: z.number().int(),
  legs: z.array(orderLegSchema),
});
export type OrderRecord = z.infer<typeof orderRecordSchema>;

/** The `data` field: sealed with the token (DESIGN §5), or the plain bet while sealing is off. */
const sealedDataField = z.union(
  [z.string().min(1).max(16_384), z.record(z.string(), z.unknown())],
  { error: 'must be the bet sealed with the token' },
);

export const orderCreate = defineCall({
  path: '/trade/api/order/create',
  auth: 'member',
  summary:
    'Places a bet: the sealed data opens to {betType, stake, scale, currencyId?, acceptOdds, selections, freeBetId?}; the stake is held at once (with freeBetId, the free bet pays it)',
  tag,
  input: z.object({ data: sealedDataField }),
  output: orderRecordSchema,
});

/** Which orders a list shows: open (pending, accepted) or finished (every other status). */
export const orderListInput = z.object({
  isSettled: boolField().optional(),
  page: boundedInt(1, 100_000).optional(),
  /** Orders per page: 10 unless given (SPEC §9 history page size). */
  size: boundedInt(1, 100).optional(),
});

export const defaultOrderPageSize = 10;

export const orderList = defineCall({
  path: '/trade/api/order/list',
  auth: 'member',
  summary: "The member's orders, newest first, open or finished",
  tag,
  input: orderListInput,
  output: z.object({ records: z.array(orderRecordSchema), total: z.number().int() }),
});

export const orderCount = defineCall({
  path: '/trade/api/order/count',
  auth: 'member',
  summary: "How many of the member's orders are open and finished",
  tag,
  input: z.object({}),
  output: z.object({ open: z.number().int(), settled: z.number().int() }),
});

export const orderCalls = [orderCreate, orderList, orderCount];
