import { z } from 'zod';
import { defineCall } from './call';
import { boolField, currencyIdField, intField, textField } from './common';
import { depositRecordSchema } from './deposit';
import { idField, pageField, sizeField } from './desk-fields';
import { withdrawRecordSchema } from './withdraw';

/**
 * The finance desk of the back office: the withdrawal queue, review and payout outcomes, withdrawal locks,
 * and bank collection orders checked against their receipts. Operators only (finance or admin);
 * every action is written to the audit log in the same transaction as the change.
 */

const tag = 'finance';
const orderNoField = () => textField(64).min(1);
const reasonField = () => textField(200).min(1);

/** What a review step answers: the withdrawal now, and whether this call changed it. */
const withdrawStepSchema = z.object({
  withdrawal: withdrawRecordSchema.extend({ userId: z.number().int() }),
  /** False when the same step had already been taken (a repeated or raced call). */
  applied: z.boolean(),
});

export const withdrawReview = defineCall({
  path: '/app/api/internal/withdraw/review',
  auth: { operator: ['finance'] },
  tag,
  summary:
    'Approve a withdrawal (the frozen funds leave for payout) or reject it with a reason (they return to the member).',
  input: z.object({
    orderNo: orderNoField(),
    decision: z.enum(['approve', 'reject']),
    /** Required to reject; shown to the member. */
    reason: textField(200).optional(),
  }),
  output: withdrawStepSchema,
});

export const withdrawPayoutOutcome = defineCall({
  path: '/admin/api/withdraw/payout',
  auth: { operator: ['finance'] },
  tag,
  summary:
    'Record how an approved payout ended: completed (the money left the book) or failed with a reason (it returns to the member).',
  input: z.object({
    orderNo: orderNoField(),
    outcome: z.enum(['completed', 'failed']),
    /** Required when failed. */
    reason: textField(200).optional(),
  }),
  output: withdrawStepSchema,
});

export const withdrawUnlock = defineCall({
  path: '/admin/api/withdraw/unlock',
  auth: { operator: ['finance'] },
  tag,
  summary: "Lift a member's withdrawal lock (code 5023) after wrong withdrawal passwords.",
  input: z.object({ userId: intField().pipe(z.number().positive()) }),
  output: z.object({ wasLocked: z.boolean() }),
});

export const collectionReviewList = defineCall({
  path: '/admin/api/collection/list',
  auth: { operator: ['finance'] },
  tag,
  summary: 'Collection orders with a receipt and no decision yet, oldest receipt first.',
  input: z.object({
    page: intField().pipe(z.number().min(1).max(10_000)).default(1),
    size: intField().pipe(z.number().min(1).max(100)).default(20),
  }),
  output: z.object({
    records: z.array(depositRecordSchema.extend({ userId: z.number().int(), payee: z.unknown() })),
  }),
});

export const collectionReceipts = defineCall({
  path: '/admin/api/collection/receipts',
  auth: { operator: ['finance'] },
  tag,
  summary: "A collection order's receipt images, oldest first, as base64 with their media type.",
  input: z.object({ orderNo: orderNoField() }),
  output: z.array(
    z.object({
      mediaType: z.string(),
      sizeBytes: z.number().int(),
      uploadedAt: z.number().int(),
      contentBase64: z.string(),
    }),
  ),
});

export const collectionConfirm = defineCall({
  path: '/admin/api/collection/confirm',
  auth: { operator: ['finance'] },
  tag,
  summary: 'The money of a collection order arrived: credit the member, once.',
  input: z.object({ orderNo: orderNoField() }),
  output: depositRecordSchema,
});

export const collectionReject = defineCall({
  path: '/admin/api/collection/reject',
  auth: { operator: ['finance'] },
  tag,
  summary: 'No money arrived for a collection order: turn it down with a reason the member sees.',
  input: z.object({ orderNo: orderNoField(), reason: reasonField() }),
  output: depositRecordSchema,
});

export const loanLimitSet = defineCall({
  path: '/admin/api/loan/limit',
  auth: { operator: ['finance'] },
  tag,
  summary: "Set a member's credit limit in a currency (minor units); what is owed is unchanged.",
  input: z.object({
    userId: intField().pipe(z.number().positive()),
    currencyId: currencyIdField(),
    limit: intField().pipe(z.number().min(0)),
  }),
  output: z.object({
    userId: z.number().int(),
    currencyId: z.number().int(),
    creditLimit: z.number().int(),
    outstanding: z.number().int(),
  }),
});

export const loansSwitch = defineCall({
  path: '/admin/api/loans/enabled',
  auth: { operator: ['admin'] },
  tag,
  summary: 'Turn lending on or off for the whole site; repayments are always taken.',
  input: z.object({ enabled: boolField() }),
  output: z.object({ enabled: z.boolean() }),
});

/**
 * Where a queued withdrawal is to be paid, as the member's account stood when they asked (the
 * withdrawal keeps a copy). The number is masked: the queue is for deciding, and a full card
 * number or key on every operator's screen is one more place to copy it from.
 */
export const queuedPayeeSchema = z.object({
  /** SPEC's `accountType`: the kind of a Pix key or document (PIX_PHONE, PIX_CPF…); else null. */
  accountType: z.string().nullable(),
  /** The holder's name as saved; null for wallet addresses, which carry none. */
  holder: z.string().nullable(),
  /** The bank's name, or the member's label for an address; null when none was saved. */
  bankName: z.string().nullable(),
  /** The card number, address or Pix key with only its ends shown (`6222 **** 3445`). */
  maskedNumber: z.string(),
});
export type QueuedPayee = z.infer<typeof queuedPayeeSchema>;

/** A withdrawal in the finance desk's queue: the record, its member and where it is paid. */
export const queuedWithdrawalSchema = withdrawRecordSchema.extend({
  userId: z.number().int(),
  /** The member's account name; null for a member without one. */
  account: z.string().nullable(),
  /** Null for a type that takes no account (4: paid back along the deposit's route). */
  payee: queuedPayeeSchema.nullable(),
  /**
   * The member's balance in the withdrawal's currency as the queue is read, minor units at the
   * record's scale: everything held (`amount`, frozen included) and what is frozen.
   */
  balance: z.object({ amount: z.number().int(), frozen: z.number().int() }),
});
export type QueuedWithdrawal = z.infer<typeof queuedWithdrawalSchema>;

export const withdrawQueue = defineCall({
  path: '/admin/api/withdraw/list',
  methods: ['GET', 'POST'],
  auth: { operator: ['finance'] },
  tag,
  summary:
    "Withdrawals by status (by default those waiting for review, 0 and 1), oldest first, with the member's account name and balance and the payee's masked account.",
  input: z.object({
    /** Withdrawal statuses (withdrawStatus); none = waiting for review. */
    status: intField().pipe(z.number().min(0).max(5)).optional(),
    userId: idField().optional(),
    page: pageField(),
    size: sizeField(),
  }),
  output: z.object({
    records: z.array(queuedWithdrawalSchema),
    total: z.number().int(),
  }),
});

export const financeCalls = [
  withdrawReview,
  withdrawPayoutOutcome,
  withdrawUnlock,
  collectionReviewList,
  collectionReceipts,
  collectionConfirm,
  collectionReject,
  loanLimitSet,
  loansSwitch,
  withdrawQueue,
] as const;
