import { z } from 'zod';
import { defineCall } from './call';
import { boolField, currencyIdField, int32IdField, intField, textField } from './common';
import { idField, pageField, reasonField, sizeField } from './desk-fields';

/**
 * The trading desk of the back office: matches with their live state, operators' holds, voids and
 * settlements by hand, the stake limits and the book's margins. Operators only; every change is
 * written to the audit log with before and after, in the same transaction as the change.
 */

/** An operator's hold on a match (playId 0) or one market: it reads suspended everywhere. */
export const tradingHoldSchema = z.object({
  reason: z.string(),
  operatorId: z.number().int(),
  at: z.number().int(),
});

export const tradingMatchSummarySchema = z.object({
  eventId: z.number().int(),
  sportId: z.number().int(),
  leagueName: z.string(),
  name: z.string(),
  startTime: z.number().int(),
  /** The feed's match status: not_started, live, ended, closed, cancelled, … */
  status: z.string(),
  homeScore: z.number().int(),
  awayScore: z.number().int(),
  marketCount: z.number().int(),
  /** The feed stopped bets on the whole match. */
  isBetStopped: z.boolean(),
  /** An operator's hold on the whole match, if any. */
  hold: tradingHoldSchema.nullable(),
});

export const tradingMatches = defineCall({
  path: '/admin/api/trading/matches',
  methods: ['GET', 'POST'],
  auth: { operator: ['trader'] },
  tag: 'trading',
  summary:
    'Matches the book holds now, live first then by start time, filtered by sport, state and name; or (state offbook) the matches the book no longer holds that still have open bets.',
  input: z.object({
    sportId: int32IdField().optional(),
    /**
     * offbook: matches that have left the book (finished hours ago, or gone with a restart)
     * while bets on them are still open, for settling by hand.
     */
    state: z.enum(['live', 'prematch', 'all', 'offbook']).default('all'),
    /** Part of the match or league name, any case. */
    q: textField(64).optional(),
    page: pageField(),
    size: sizeField(),
  }),
  output: z.object({ records: z.array(tradingMatchSummarySchema), total: z.number().int() }),
});

export const tradingMarketSchema = z.object({
  playId: z.number().int(),
  specifiers: z.string(),
  name: z.string(),
  /**
   * The feed's market status: active, suspended, deactivated, settled, cancelled; off_book for
   * a market of a match the book no longer holds, known only from the bets on it.
   */
  status: z.string(),
  /** Whether it takes bets now (feed, bet stop, feed health and operator holds together). */
  isOpen: z.boolean(),
  hold: tradingHoldSchema.nullable(),
  outcomes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** The feed's decimal odds, before the book's margins and members' own. */
      odds: z.number(),
      /** Open (pending or accepted) single bets on this outcome: stakes and what they would pay, minor units per currency. */
      liability: z.array(
        z.object({
          currencyId: z.number().int(),
          stake: z.number().int(),
          payout: z.number().int(),
        }),
      ),
    }),
  ),
});

export const tradingMatch = defineCall({
  path: '/admin/api/trading/match',
  methods: ['GET', 'POST'],
  auth: { operator: ['trader'] },
  tag: 'trading',
  summary: "One match with every market, its state, the operator's holds and liability.",
  input: z.object({ eventId: idField() }),
  output: tradingMatchSummarySchema.extend({
    /**
     * The book no longer holds the match: its markets are those its open bets are on, without
     * prices; they can be voided or settled by hand, not held.
     */
    isOffBook: z.boolean(),
    markets: z.array(tradingMarketSchema),
  }),
});

export const tradingHold = defineCall({
  path: '/admin/api/trading/hold',
  auth: { operator: ['trader'] },
  tag: 'trading',
  summary:
    'Suspend (held true) or reopen (held false) a whole match (no playId) or one market; new bets on it are refused while held.',
  input: z.object({
    eventId: idField(),
    playId: int32IdField().optional(),
    /** With playId: the market's specifiers (empty for markets without). */
    specifiers: textField(200).default(''),
    held: boolField(),
    reason: reasonField(),
  }),
  output: z.object({
    eventId: z.number().int(),
    playId: z.number().int(),
    specifiers: z.string(),
    hold: tradingHoldSchema.nullable(),
    /** False when the match or market already stood so. */
    applied: z.boolean(),
  }),
});

export const tradingVoid = defineCall({
  path: '/admin/api/trading/void',
  auth: { operator: ['trader'] },
  tag: 'trading',
  summary:
    'Void a market with a reason: it takes no more bets and every open bet on it settles void (singles get their stake back; a parlay leg counts at odds 1).',
  input: z.object({
    eventId: idField(),
    playId: int32IdField(),
    specifiers: textField(200).default(''),
    reason: reasonField(),
  }),
  output: z.object({
    /** Orders whose leg on the market was voided by this call. */
    ordersVoided: z.number().int(),
    /** False when the market had already been voided. */
    applied: z.boolean(),
  }),
});

/** How an operator settles one outcome by hand. */
export const manualOutcomeResults = ['won', 'lost', 'void', 'half_won', 'half_lost'] as const;
export type ManualOutcomeResult = (typeof manualOutcomeResults)[number];

export const manualOutcomeSchema = z
  .object({
    outcomeId: textField(64).min(1),
    result: z.enum(manualOutcomeResults),
    /**
     * With `won` only: the share of the win paid when competitors tie for a place (0.5 for two),
     * above 0 and at most 1; 1 when absent.
     */
    deadHeatFactor: z.number().gt(0).max(1).optional(),
  })
  .strict()
  .refine((outcome) => outcome.deadHeatFactor === undefined || outcome.result === 'won', {
    message: 'deadHeatFactor goes with result won only',
    path: ['deadHeatFactor'],
  });
export type ManualOutcome = z.infer<typeof manualOutcomeSchema>;

export const tradingSettle = defineCall({
  path: '/admin/api/trading/settle',
  auth: { operator: ['trader'] },
  tag: 'trading',
  summary:
    'Settle a market by hand when the feed cannot: every outcome with its result. The bets on it settle as for a feed result (one ledger transaction per order), the market takes no more bets, and later feed results for it are ignored. A market already settled is settled again only with resettle true: the earlier payouts are reversed exactly and the bets settled anew.',
  input: z.object({
    eventId: idField(),
    playId: int32IdField(),
    specifiers: textField(200).default(''),
    outcomes: z.array(manualOutcomeSchema).min(1).max(200),
    /** True to settle again a market already settled by the feed or an operator. */
    resettle: boolField().default(false),
    reason: reasonField(),
  }),
  output: z.object({
    eventId: z.number().int(),
    playId: z.number().int(),
    specifiers: z.string(),
    /** The operator settlement standing now: 1 for the first by hand, +1 for each resettlement. */
    version: z.number().int(),
    /** False when the market already stood settled by hand exactly so (a repeated request). */
    applied: z.boolean(),
    /** Orders this call settled, resettled or changed. */
    ordersChanged: z.number().int(),
  }),
});

/** A share of a currency's maximum stake in ten-thousandths: 10000 all of it, 5000 half. */
const shareField = () => intField().pipe(z.number().min(1).max(10_000));
const stakeMinorField = () => intField().pipe(z.number().min(1).max(1_000_000_000_000));

/** The book's stake limit policy: the range per currency and the shares that shrink the maximum. */
export const stakeLimitPolicySchema = z.object({
  currencies: z.array(
    z.object({
      currencyId: z.number().int(),
      currencyCode: z.string(),
      scale: z.number().int(),
      /** Minor units. */
      minStake: z.number().int(),
      maxStake: z.number().int(),
    }),
  ),
  /** Plays below the outrights with a share of their own; any other play takes the whole maximum. */
  playShares: z.array(z.object({ playId: z.number().int(), share: z.number().int() })),
  /** Outrights (plays 21000 and above). */
  outrightShare: z.number().int(),
  /** Applied on top for a live bet. */
  liveShare: z.number().int(),
  /** Applied on top for a parlay. */
  parlayShare: z.number().int(),
  /** When an operator last changed it (epoch ms); null while the defaults stand. */
  updatedAt: z.number().int().nullable(),
  updatedBy: z.number().int().nullable(),
});
export type StakeLimitPolicyView = z.infer<typeof stakeLimitPolicySchema>;

export const tradingLimits = defineCall({
  path: '/admin/api/trading/limits',
  methods: ['GET', 'POST'],
  auth: { operator: ['trader'] },
  tag: 'trading',
  summary:
    "The stake limit policy bets are checked against: each currency's range (minor units) and the shares (ten-thousandths) of the maximum per play, for outrights, live bets and parlays.",
  input: z.object({}),
  output: stakeLimitPolicySchema,
});

export const tradingLimitsSet = defineCall({
  path: '/admin/api/trading/limits/set',
  auth: { operator: ['trader'] },
  tag: 'trading',
  summary:
    'Change the stake limit policy with a reason: currencies listed get their new range, playShares (when sent) replaces the list, and the other shares change when sent. Bets and the limit calls follow within seconds.',
  input: z.object({
    currencies: z
      .array(
        z
          .object({
            currencyId: currencyIdField(),
            minStake: stakeMinorField(),
            maxStake: stakeMinorField(),
          })
          .strict()
          .refine((entry) => entry.maxStake >= entry.minStake, {
            message: 'maxStake must not be below minStake',
            path: ['maxStake'],
          }),
      )
      .max(50)
      .optional(),
    playShares: z
      .array(
        z
          .object({ playId: intField().pipe(z.number().min(1).max(20_999)), share: shareField() })
          .strict(),
      )
      .max(500)
      .optional(),
    outrightShare: shareField().optional(),
    liveShare: shareField().optional(),
    parlayShare: shareField().optional(),
    reason: reasonField(),
  }),
  output: stakeLimitPolicySchema,
});

/** The book's margin on a sport (playId 0) or one play of it. */
export const bookMarginSchema = z.object({
  sportId: z.number().int(),
  /** 0: every play of the sport without a margin of its own. */
  playId: z.number().int(),
  /** Thousandths of implied probability added to the feed's prices (negative: better prices). */
  margin: z.number().int(),
  operatorId: z.number().int(),
  updatedAt: z.number().int(),
});

export const tradingMargins = defineCall({
  path: '/admin/api/trading/margins',
  methods: ['GET', 'POST'],
  auth: { operator: ['trader'] },
  tag: 'trading',
  summary:
    "The book's margins per sport and play: added to the feed's prices, before each member's own margin, wherever members see or bet on a price.",
  input: z.object({ sportId: int32IdField().optional() }),
  output: z.object({ records: z.array(bookMarginSchema) }),
});

export const tradingMarginSet = defineCall({
  path: '/admin/api/trading/margins/set',
  auth: { operator: ['trader'] },
  tag: 'trading',
  summary:
    "Set the book's margin on a sport (no playId) or one play of it, in thousandths of implied probability (-50 to 200), or clear it (clear true), with a reason. Prices everywhere follow within seconds.",
  input: z.object({
    sportId: int32IdField(),
    playId: int32IdField().optional(),
    margin: intField().pipe(z.number().min(-50).max(200)).optional(),
    /** True to remove the margin (the play then takes the sport's; the sport none). */
    clear: boolField().default(false),
    reason: reasonField(),
  }),
  output: z.object({
    sportId: z.number().int(),
    playId: z.number().int(),
    margin: z.number().int().nullable(),
    /** False when the margin already stood so. */
    applied: z.boolean(),
  }),
});

export const tradingCalls = [
  tradingMatches,
  tradingMatch,
  tradingHold,
  tradingVoid,
  tradingSettle,
  tradingLimits,
  tradingLimitsSet,
  tradingMargins,
  tradingMarginSet,
] as const;
