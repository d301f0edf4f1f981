import { z } from 'zod';
import { defineCall } from './call';
import { boundedInt, currencyIdField, epochMsField } from './common';
import { balanceEntrySchema } from './wallet';

/**
 * Loans (SPEC §7 `/app/api/loan`, `/app/api/repay`, `/app/api/loan/record`; DESIGN §6): a member
 * borrows up to the credit limit an operator gave them, in minor units of one currency, and pays
 * it back from the available balance. Off unless the site turns loans on. docs/loans.md records
 * the choices SPEC leaves open.
 */

/** The most records one page of the loan history holds. */
export const maxLoanRecordPageSize = 100;

/** What a loan record is: money borrowed, or money paid back. */
export const loanRecordType = { borrow: 1, repay: 2 } as const;

const moneyInput = z.object({
  /** Minor units of the currency, above 0. */
  amount: boundedInt(1, Number.MAX_SAFE_INTEGER),
  /** The currency; the member's current currency when absent. */
  currencyId: currencyIdField().optional(),
  /** The currency's scale as the client knows it; refused when it is not the currency's. */
  scale: boundedInt(0, 18).optional(),
});

/** One borrowing or repayment. */
export const loanRecordSchema = z.object({
  /** The record's number, the same on every retry of the call that made it. */
  orderNo: z.string(),
  /** 1 borrow, 2 repay (`loanRecordType`). */
  type: z.number().int(),
  /** Minor units moved, always above 0. */
  amount: z.number().int(),
  scale: z.number().int(),
  currencyId: z.number().int(),
  currencyCode: z.string(),
  /** What the member owed in this currency right after, minor units. */
  loanAmount: z.number().int(),
  /** Epoch milliseconds. */
  createTime: z.number().int(),
});
export type LoanRecord = z.infer<typeof loanRecordSchema>;

/** A borrowing or repayment done (or replayed), and the balance entry of its currency after it. */
export const loanMovementSchema = z.object({
  record: loanRecordSchema,
  balance: balanceEntrySchema,
});

const tag = 'wallet';

export const loanBorrow = defineCall({
  path: '/app/api/loan',
  auth: 'member',
  tag,
  summary:
    'Borrow up to the credit limit less what is owed, into the available balance. Money-moving: send an idempotency key.',
  input: moneyInput,
  output: loanMovementSchema,
});

export const loanRepay = defineCall({
  path: '/app/api/repay',
  auth: 'member',
  tag,
  summary:
    'Pay a loan back from the available balance, at most what is owed. Money-moving: send an idempotency key.',
  input: moneyInput,
  output: loanMovementSchema,
});

export const loanRecordList = defineCall({
  path: '/app/api/loan/record',
  auth: 'member',
  tag,
  summary: "The member's borrowings and repayments, newest first, a page at a time.",
  input: z.object({
    page: boundedInt(1, 100_000).optional(),
    /** Records per page: 10 unless given (SPEC §9 history page size). */
    size: boundedInt(1, maxLoanRecordPageSize).optional(),
    currencyId: currencyIdField().optional(),
    /** Only records made at or after this moment, epoch milliseconds. */
    startTime: epochMsField().optional(),
    /** Only records made before this moment, epoch milliseconds. */
    endTime: epochMsField().optional(),
  }),
  output: z.object({
    records: z.array(loanRecordSchema),
    /** Records that fit the filters, over every page. */
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  }),
});

export const loanCalls = [loanBorrow, loanRepay, loanRecordList] as const;
