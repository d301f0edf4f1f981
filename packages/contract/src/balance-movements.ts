import { z } from 'zod';
import { defineCall } from './call';
import { boundedInt, currencyIdField, epochMsField } from './common';

/**
 * A member's balance movements, read from the ledger: every transaction that moved the member's
 * available (main) balance, whatever its cause, so the records page shows deposits and
 * withdrawals beside the bets. docs/betting.md "Balance movements" records the choices.
 */

/**
 * The ledger kinds that move a member's main balance, as the records page names them. The
 * withdrawal steps that only move the frozen part (approved, paid out) never touch it: the
 * amount left the available balance when the withdrawal was asked for. A kind missing here is
 * still listed, under its ledger name, and a client names it as a balance change.
 */
export const balanceMovementKinds = [
  /** A bet's stake held at placement (−). */
  'order_stake',
  /** A stake given back: the bet never stood (+). */
  'order_release',
  /** A bet's payout (+; a lost bet pays nothing). */
  'order_settle',
  /** A payout taken back when its settlement was rolled back (−). */
  'order_unsettle',
  /** A bet cashed out (+). */
  'order_cash_out',
  /** A later payout netted against what a rollback left owing (−). */
  'order_debt_recovery',
  /** A deposit credited (+). */
  'deposit',
  /** A withdrawal asked for: its amount leaves the available balance for review (−). */
  'withdraw_freeze',
  /** A withdrawal turned down: its amount comes back (+). */
  'withdraw_release',
  /** A withdrawal whose payout failed: its amount comes back (+). */
  'withdraw_payout_failed',
  /** An operator's manual adjustment (+ or −). */
  'adjustment',
  /** Credit borrowed (+) and repaid (−). */
  'loan_borrow',
  'loan_repay',
  /** The play money a demo account starts with (+). */
  'demo_grant',
] as const;
export type BalanceMovementKind = (typeof balanceMovementKinds)[number];

/** The longest range of one read, in days, as the statistics calls allow. */
export const maxMovementRangeDays = 90;

/** One movement of the member's available balance. */
export const balanceMovementSchema = z.object({
  /** The ledger transaction's id: unique, and the order movements are listed in. */
  transactionId: z.number().int(),
  /** The ledger's kind (see `balanceMovementKinds`). */
  kind: z.string(),
  /**
   * The number of what moved it, as the member knows it: the bet's, deposit's or withdrawal's
   * order number; empty for a movement without one (an adjustment, a loan, a demo grant).
   */
  orderNo: z.string(),
  /** Signed minor units: negative taken from the balance, positive added to it. */
  amount: z.number().int(),
  /** The available balance in this currency just after the movement, minor units. */
  balanceAfter: z.number().int(),
  currencyId: z.number().int(),
  currencyCode: z.string(),
  scale: z.number().int(),
  /** Epoch milliseconds. */
  createTime: z.number().int(),
});
export type BalanceMovement = z.infer<typeof balanceMovementSchema>;

export const walletMovements = defineCall({
  path: '/app/api/wallet/movements',
  auth: 'member',
  tag: 'wallet',
  summary:
    "Every movement of the member's available balance (bets, deposits, withdrawals, adjustments, loans), newest first; by the movement's time when a range is given, all currencies unless one is",
  input: z.object({
    currencyId: currencyIdField().optional(),
    /** Epoch milliseconds, both inclusive; both or neither, at most 90 days apart. */
    startTime: epochMsField().optional(),
    endTime: epochMsField().optional(),
    page: boundedInt(1, 100_000).optional(),
    /** Rows per page: 10 unless given, at most 100. */
    size: boundedInt(1, 100).optional(),
  }),
  output: z.object({ records: z.array(balanceMovementSchema), total: z.number().int() }),
});

export const balanceMovementCalls = [walletMovements] as const;
