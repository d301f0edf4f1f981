import { z } from 'zod';
import { defineCall } from './call';
import { boolField, intField, textField } from './common';
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
    currencyId: idField(),
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
  summary: 'Adjustments, newest first, by status and member.',
  input: z.object({
    status: intField().pipe(z.number().min(0).max(2)).optional(),
    userId: idField().optional(),
    page: pageField(),
    size: sizeField(),
  }),
  output: z.object({ records: z.array(adjustmentSchema), total: z.number().int() }),
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
    currencyId: idField().optional(),
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
    currencyId: idField(),
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
    'Members whose account name starts with `q`, or whose uid or user id is `q`; newest first.',
  input: z.object({
    q: textField(64).optional(),
    /** Only blocked (true) or only unblocked (false) members. */
    blocked: boolField().optional(),
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
  /** Leagues the member may see and bet on; empty = all. */
  leagueIds: z.array(z.number().int().positive()).max(500),
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
  summary: "Change a member's risk settings; fields left out keep their value.",
  input: z.object({
    userId: idField(),
    riskAmount: intField().pipe(z.number().min(0)).optional(),
    riskLevel: intField().pipe(z.number().min(0).max(9)).optional(),
    playerOdds: intField().pipe(z.number().min(0).max(9)).optional(),
    oddsConfig: memberRiskSchema.shape.oddsConfig.optional(),
    leagueIds: memberRiskSchema.shape.leagueIds.optional(),
    reason: reasonField(),
  }),
  output: memberRiskSchema,
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
    'Matches the book holds now, live first then by start time, filtered by sport, state and name.',
  input: z.object({
    sportId: idField().optional(),
    state: z.enum(['live', 'prematch', 'all']).default('all'),
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
  /** The feed's market status: active, suspended, deactivated, settled, cancelled. */
  status: z.string(),
  /** Whether it takes bets now (feed, bet stop, feed health and operator holds together). */
  isOpen: z.boolean(),
  hold: tradingHoldSchema.nullable(),
  outcomes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** Decimal odds of the book before member margins. */
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
  output: tradingMatchSummarySchema.extend({ markets: z.array(tradingMarketSchema) }),
});

export const tradingHold = defineCall({
  path: '/admin/api/trading/hold',
  auth: { operator: ['trader'] },
  tag: 'trading',
  summary:
    'Suspend (held true) or reopen (held false) a whole match (no playId) or one market; new bets on it are refused while held.',
  input: z.object({
    eventId: idField(),
    playId: idField().optional(),
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
    playId: idField(),
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
] as const;
