import { z } from 'zod';
import { defineCall } from './call';
import { boolField, currencyIdField, int32IdField, intField, textField } from './common';
import { balanceEntrySchema } from './wallet';
import { withdrawRecordSchema } from './withdraw';

/**
 * The back office's desks beyond finance reviews: the withdrawal queue, members, and trading
 * (matches with their live state, operator holds and voids). Operators only; every change is
 * written to the audit log with before and after, in the same transaction as the change.
 */

const pageField = () => intField().pipe(z.number().min(1).max(10_000)).default(1);
const sizeField = () => intField().pipe(z.number().min(1).max(100)).default(20);
const idField = () => intField().pipe(z.number().positive());
const reasonField = () => textField(200).min(1);

// ---------------------------------------------------------------------------------------------
// Finance: the withdrawal queue
// ---------------------------------------------------------------------------------------------

export const withdrawQueue = defineCall({
  path: '/admin/api/withdraw/list',
  methods: ['GET', 'POST'],
  auth: { operator: ['finance'] },
  tag: 'finance',
  summary:
    'Withdrawals by status (by default those waiting for review, 0 and 1), oldest first, with the member.',
  input: z.object({
    /** Withdrawal statuses (withdrawStatus); none = waiting for review. */
    status: intField().pipe(z.number().min(0).max(5)).optional(),
    userId: idField().optional(),
    page: pageField(),
    size: sizeField(),
  }),
  output: z.object({
    records: z.array(withdrawRecordSchema.extend({ userId: z.number().int() })),
    total: z.number().int(),
  }),
});

/** Where a manual balance adjustment stands. */
export const adjustmentStatus = { pending: 0, applied: 1, rejected: 2 } as const;

/** A manual adjustment of a member's main balance, as the finance desk sees it. */
export const adjustmentSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  currencyId: z.number().int(),
  /** Signed minor units: positive credits the member, negative debits them. */
  amount: z.number().int(),
  scale: z.number().int(),
  reason: z.string(),
  /** 0 waiting for a second operator, 1 applied, 2 rejected. */
  status: z.number().int(),
  createdBy: z.number().int(),
  createdAt: z.number().int(),
  decidedBy: z.number().int().nullable(),
  decidedAt: z.number().int().nullable(),
  decisionReason: z.string().nullable(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

export const adjustmentCreate = defineCall({
  path: '/admin/api/adjustment/create',
  auth: { operator: ['finance'] },
  tag: 'finance',
  summary:
    "Credit or debit a member's main balance by hand, with a reason. Up to the approval threshold it applies at once; above it, it waits for a second finance operator. An Idempotency-Key makes a retry return the same adjustment.",
  input: z.object({
    userId: idField(),
    currencyId: currencyIdField(),
    /** Signed minor units of the currency, not zero. */
    amount: intField().pipe(
      z
        .number()
        .min(-1_000_000_000_000)
        .max(1_000_000_000_000)
        .refine((value) => value !== 0, 'must not be zero'),
    ),
    scale: intField().pipe(z.number().min(0).max(18)),
    reason: reasonField(),
  }),
  output: adjustmentSchema,
});

export const adjustmentDecide = defineCall({
  path: '/admin/api/adjustment/decide',
  auth: { operator: ['finance'] },
  tag: 'finance',
  summary:
    'A second finance operator (never the one who asked) approves a waiting adjustment, which applies it, or rejects it with a reason.',
  input: z.object({
    id: idField(),
    decision: z.enum(['approve', 'reject']),
    /** Required to reject. */
    reason: textField(200).min(1).optional(),
  }),
  output: adjustmentSchema.extend({ applied: z.boolean() }),
});

export const adjustmentList = defineCall({
  path: '/admin/api/adjustment/list',
  methods: ['GET', 'POST'],
  auth: { operator: ['finance'] },
  tag: 'finance',
  summary:
    'Adjustments, newest first, by status and member, and the approval threshold they are held to.',
  input: z.object({
    status: intField().pipe(z.number().min(0).max(2)).optional(),
    userId: idField().optional(),
    page: pageField(),
    size: sizeField(),
  }),
  output: z.object({
    records: z.array(adjustmentSchema),
    total: z.number().int(),
    /** Adjustments of more than this many major units (either way) wait for a second operator. */
    approvalAboveMajor: z.number().int(),
  }),
});

/** One movement of a member's money, as their statement lists it. */
export const statementLineSchema = z.object({
  transactionId: z.number().int(),
  /** What moved it: deposit, bet stake, payout, withdrawal, adjustment… (the ledger's kind). */
  kind: z.string(),
  reference: z.string().nullable(),
  currencyId: z.number().int(),
  /** main or frozen. */
  bucket: z.string(),
  /** Signed minor units. */
  amount: z.number().int(),
  /** The account's balance (this currency and bucket) just after this posting, minor units. */
  balanceAfter: z.number().int(),
  at: z.number().int(),
});

export const memberStatement = defineCall({
  path: '/admin/api/member/statement',
  methods: ['GET', 'POST'],
  auth: { operator: ['finance', 'support'] },
  tag: 'finance',
  summary: "A member's ledger movements, newest first, in one currency or all.",
  input: z.object({
    userId: idField(),
    currencyId: currencyIdField().optional(),
    page: pageField(),
    size: sizeField(),
  }),
  output: z.object({ records: z.array(statementLineSchema), total: z.number().int() }),
});

export const ledgerCheck = defineCall({
  path: '/admin/api/ledger/check',
  methods: ['GET', 'POST'],
  auth: { operator: ['finance'] },
  tag: 'finance',
  summary:
    "The ledger's invariants checked over the whole book: every transaction balanced, every balance equal to its postings, no member below zero.",
  input: z.object({}),
  output: z.object({
    ok: z.boolean(),
    transactions: z.number().int(),
    accounts: z.number().int(),
    unbalancedTransactions: z.array(z.record(z.string(), z.unknown())),
    driftedAccounts: z.array(z.record(z.string(), z.unknown())),
    negativeAccounts: z.array(z.record(z.string(), z.unknown())),
    checkedAt: z.number().int(),
  }),
});

/** One day of the book's figures in one currency, minor units. */
export const dashboardDaySchema = z.object({
  /** The UTC day, YYYY-MM-DD. */
  day: z.string(),
  /** Stakes taken, less the stakes of bets rejected that day. */
  turnover: z.number().int(),
  /** Gross gaming revenue: what the book kept of settled and cashed-out bets (negative when it paid out more). */
  ggr: z.number().int(),
  deposits: z.number().int(),
  /** Withdrawals paid out (completed). */
  withdrawals: z.number().int(),
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

// ---------------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------------

/** A member as the back office lists it. */
export const memberSummarySchema = z.object({
  userId: z.number().int(),
  uid: z.string(),
  /** The account name; null for visitors. */
  account: z.string().nullable(),
  /** memberType: 0 visitor, 1 member, 2 demo, 3 partner player. */
  type: z.number().int(),
  currencyId: z.number().int(),
  createdAt: z.number().int(),
  /** When the member was blocked (epoch ms); null when not blocked. */
  blockedAt: z.number().int().nullable(),
  riskLevel: z.number().int(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

export const memberSearch = defineCall({
  path: '/admin/api/member/list',
  methods: ['GET', 'POST'],
  auth: { operator: ['support', 'finance', 'trader'] },
  tag: 'members',
  summary:
    'Members whose account name starts with `q`, or whose uid or user id is `q`; newest first. Visitors and try-play (demo) accounts are left out unless `withVisitors` is true.',
  input: z.object({
    q: textField(64).optional(),
    /** Only blocked (true) or only unblocked (false) members. */
    blocked: boolField().optional(),
    /** Lists visitors and try-play (demo) accounts too; by default only real members are. */
    withVisitors: boolField().default(false),
    page: pageField(),
    size: sizeField(),
  }),
  output: z.object({ records: z.array(memberSummarySchema), total: z.number().int() }),
});

/** Risk settings of SPEC §6 an operator may set on a member. */
export const memberRiskSchema = z.object({
  /** Bets whose stake is above this (minor units) wait for review; 0 = no check. */
  riskAmount: z.number().int().min(0),
  riskLevel: z.number().int().min(0).max(9),
  playerOdds: z.number().int().min(0).max(9),
  /** Extra margins per play group, in ten-thousandths (SPEC §6 oddsConfig). */
  oddsConfig: z.array(z.number().int().min(0).max(5_000)).max(5),
  /** Leagues the member may see and bet on; empty = all. League ids are 32-bit integers. */
  leagueIds: z.array(z.number().int().positive().max(2_147_483_647)).max(500),
});
export type MemberRisk = z.infer<typeof memberRiskSchema>;

export const memberDetail = defineCall({
  path: '/admin/api/member/detail',
  methods: ['GET', 'POST'],
  auth: { operator: ['support', 'finance', 'trader'] },
  tag: 'members',
  summary: "One member: profile, risk settings, balances per currency and open bets' count.",
  input: z.object({ userId: idField() }),
  output: memberSummarySchema.extend({
    risk: memberRiskSchema,
    isShow: z.boolean(),
    balances: z.array(balanceEntrySchema),
    openOrders: z.number().int(),
    hasWithdrawPassword: z.boolean(),
    withdrawLocked: z.boolean(),
  }),
});

export const memberBlock = defineCall({
  path: '/admin/api/member/block',
  auth: { operator: ['support'] },
  tag: 'members',
  summary:
    'Block a member (their sessions end and they cannot sign in) or unblock them, with a reason.',
  input: z.object({ userId: idField(), blocked: boolField(), reason: reasonField() }),
  output: z.object({
    userId: z.number().int(),
    blockedAt: z.number().int().nullable(),
    /** False when the member already stood so. */
    applied: z.boolean(),
  }),
});

export const memberRiskSet = defineCall({
  path: '/admin/api/member/risk',
  auth: { operator: ['trader'] },
  tag: 'members',
  summary:
    "Change a member's risk settings and whether they see live video (isShow); fields left out keep their value.",
  input: z.object({
    userId: idField(),
    riskAmount: intField().pipe(z.number().min(0)).optional(),
    riskLevel: intField().pipe(z.number().min(0).max(9)).optional(),
    playerOdds: intField().pipe(z.number().min(0).max(9)).optional(),
    oddsConfig: memberRiskSchema.shape.oddsConfig.optional(),
    leagueIds: memberRiskSchema.shape.leagueIds.optional(),
    /** SPEC §6 isShow: live video for the member. */
    isShow: boolField().optional(),
    reason: reasonField(),
  }),
  output: memberRiskSchema.extend({ isShow: z.boolean() }),
});

// ---------------------------------------------------------------------------------------------
// Trading
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Site
// ---------------------------------------------------------------------------------------------

export const siteSwitches = defineCall({
  path: '/admin/api/site/switches',
  methods: ['GET', 'POST'],
  auth: { operator: ['admin'] },
  tag: 'site',
  summary:
    'The control switches on now (SPEC §4: each hides sports or plays from members) and every switch there is.',
  input: z.object({}),
  output: z.object({
    controlSwitches: z.array(z.number().int()),
    /** Every switch of SPEC §4's table, on or off. */
    known: z.array(z.number().int()),
  }),
});

export const siteSwitchesSet = defineCall({
  path: '/admin/api/site/switches/set',
  auth: { operator: ['admin'] },
  tag: 'site',
  summary:
    'Replace the control switches (the whole list; an empty list shows every sport), with a reason. Members see the change within seconds.',
  input: z.object({
    controlSwitches: z.array(intField()).max(100),
    reason: reasonField(),
  }),
  output: z.object({
    controlSwitches: z.array(z.number().int()),
    /** False when the switches already stood so. */
    applied: z.boolean(),
  }),
});

export const backOfficeCalls = [
  withdrawQueue,
  adjustmentCreate,
  adjustmentDecide,
  adjustmentList,
  memberStatement,
  ledgerCheck,
  dashboard,
  memberSearch,
  memberDetail,
  memberBlock,
  memberRiskSet,
  tradingMatches,
  tradingMatch,
  tradingHold,
  tradingVoid,
  tradingSettle,
  tradingLimits,
  tradingLimitsSet,
  tradingMargins,
  tradingMarginSet,
  siteSwitches,
  siteSwitchesSet,
] as const;
