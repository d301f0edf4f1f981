import { z } from 'zod';
import { defineCall } from './call';
import { currencyIdField } from './common';
import { idField, pageField, sizeField } from './desk-fields';

/** The finance desk's reads of the ledger: a member's statement and the invariants' check. */

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
    "The ledger's invariants checked over the whole book: every transaction balanced, every balance equal to its postings, no member or entity account below zero, every restricted account moved only by its kinds, no entity moved after its close.",
  input: z.object({}),
  output: z.object({
    ok: z.boolean(),
    transactions: z.number().int(),
    accounts: z.number().int(),
    unbalancedTransactions: z.array(z.record(z.string(), z.unknown())),
    driftedAccounts: z.array(z.record(z.string(), z.unknown())),
    negativeAccounts: z.array(z.record(z.string(), z.unknown())),
    /** Entity accounts (a campaign's budget, a market's escrow) below zero. */
    negativeEntityAccounts: z.array(z.record(z.string(), z.unknown())),
    /** Postings on a bonus, game, market capital or entity account by a kind not allowed it. */
    misbookedPostings: z.array(z.record(z.string(), z.unknown())),
    /** Entity accounts moved after their close, or closed with money left. */
    closedEntitiesMoved: z.array(z.record(z.string(), z.unknown())),
    checkedAt: z.number().int(),
  }),
});

export const ledgerDeskCalls = [memberStatement, ledgerCheck] as const;
