import { z } from 'zod';
import { defineCall } from './call';
import { boundedInt, epochMsField, idField, textField, wirePasswordSchema } from './common';
import { historyRecordSchema, payMethodSchema } from './wallet';

/**
 * Withdrawals, saved payout accounts and the withdrawal password (SPEC §2 withdraw panel, §3,
 * §4, §5, §7). Amounts are integers in minor units with the currency's `scale` beside them.
 * docs/withdrawals.md records the choices SPEC leaves open.
 */

const tag = 'withdraw';

/** An amount in minor units; decimal text is read as a number, so "12.5" is refused as a fraction. */
const minorAmountField = () =>
  z
    .number('must be a number of minor units')
    .int('must be a whole number of minor units')
    .positive('must be above 0')
    .max(Number.MAX_SAFE_INTEGER, 'is too large');

/** SPEC §4 withdraw history statuses. */
export const withdrawStatus = {
  /** Submitted; the funds are frozen while it waits for review. */
  onWithdrawal: 0,
  /** Taken by an operator for review (reviewable like 0). */
  locking: 1,
  /** Approved and sent; waiting for the money to reach the account. */
  waitingForAccount: 2,
  completed: 3,
  /** Refused by an operator; the frozen funds went back to the member. */
  turnedDown: 4,
  /** The payout failed after approval; the funds went back to the member. */
  failed: 5,
} as const;
export type WithdrawStatus = (typeof withdrawStatus)[keyof typeof withdrawStatus];

/** SPEC §3 withdraw account: one saved payout account. */
export const withdrawAccountSchema = z.object({
  accountId: z.number().int(),
  /** The account's type: the merchant code of the channel it is for. */
  merchantCode: z.number().int(),
  payTypeId: z.number().int(),
  payTypeName: z.string(),
  /** Card number, wallet address or Pix key. */
  bankNo: z.string(),
  /** Bank name (a label for digital addresses). */
  name: z.string().nullable(),
  /** Pix kind (PIX_PHONE, PIX_EMAIL, PIX_EVP, PIX_CPF, PIX_CNPJ) for types 6 and 7. */
  accountType: z.string().nullable(),
  realName: z.string().nullable(),
  mobile: z.string().nullable(),
  /** The holder's CPF for type 6 Pix keys. */
  extend1: z.string().nullable(),
  /** The wallet address of digital types. */
  address: z.string().nullable(),
  currencyId: z.number().int(),
});
export type WithdrawAccount = z.infer<typeof withdrawAccountSchema>;

/** SPEC §3 pay type or channel, as the bank list answers it for withdrawals. */
export const withdrawChannelSchema = payMethodSchema.extend({
  /** How many accounts of this type the member holds (at most 3). */
  holds: z.number().int(),
  accounts: z.array(withdrawAccountSchema),
});
export type WithdrawChannel = z.infer<typeof withdrawChannelSchema>;

/** SPEC §3 history record of a withdrawal; withdrawals do not convert, so `rate` is "1". */
export const withdrawRecordSchema = historyRecordSchema;
export type WithdrawRecord = z.infer<typeof withdrawRecordSchema>;

export const withdrawBankList = defineCall({
  path: '/app/api/wallet/bank',
  auth: 'member',
  tag,
  summary:
    "getBankList: the withdrawal channels, ordered by merchant code, each with the member's saved accounts of its type.",
  input: z.object({ merchantCode: boundedInt(0, 99).optional() }),
  output: z.array(withdrawChannelSchema),
});

export const withdrawAccountList = defineCall({
  path: '/app/api/withdraw/account',
  auth: 'member',
  tag,
  summary: "getWithdrawAccount: the member's saved payout accounts, oldest first.",
  input: z.object({ merchantCode: boundedInt(0, 99).optional() }),
  output: z.array(withdrawAccountSchema),
});

/** Operation codes of the account operate call. */
export const withdrawAccountOperation = { add: 1, remove: 2 } as const;

export const withdrawAccountOperate = defineCall({
  path: '/app/api/withdraw/account/operate',
  auth: 'member',
  tag,
  summary:
    'addWithdrawAccount (operType 1: answers the new account) and removeWithdrawAccount (operType 2: accountId; answers null).',
  input: z.object({
    operType: boundedInt(1, 2),
    /** Add: the channel's merchant code. */
    type: boundedInt(0, 99).optional(),
    channelId: boundedInt(0, Number.MAX_SAFE_INTEGER).optional(),
    payTypeId: boundedInt(0, Number.MAX_SAFE_INTEGER).optional(),
    /** Accepted for the client's sake; the catalogue's name is stored. */
    payTypeName: textField(64).optional(),
    bankNo: textField(100).optional(),
    realName: textField(100).optional(),
    mobile: textField(32).optional(),
    accountType: textField(16).optional(),
    extend1: textField(64).optional(),
    name: textField(100).optional(),
    /** Remove: the account to remove. */
    accountId: boundedInt(0, Number.MAX_SAFE_INTEGER).optional(),
  }),
  output: withdrawAccountSchema.nullable(),
});

export const withdrawPasswordEdit = defineCall({
  path: '/app/api/member/withdraw/pwd/edit',
  auth: 'member',
  tag,
  summary:
    'setWithdrawPwd: set or change the six-digit withdrawal password; the login password is required.',
  input: z.object({ loginPwd: wirePasswordSchema, pwd: wirePasswordSchema }),
  output: z.null(),
});

export const withdrawCreate = defineCall({
  path: '/app/api/withdraw/create',
  auth: 'member',
  tag,
  summary:
    'createWithdraw: freeze the amount and submit a withdrawal for review; answers a confirmation message. Idempotent per idempotency key.',
  input: z.object({
    /** Must equal the channel currency's scale. */
    scale: boundedInt(0, 18),
    amount: minorAmountField(),
    /** The saved account to pay; 0 or absent only for methods that need none (type 4). */
    accountId: boundedInt(0, Number.MAX_SAFE_INTEGER).optional(),
    channelId: idField(),
    payTypeId: idField(),
    /** The withdrawal password, hashed twice with MD5 like login passwords. */
    pwd: wirePasswordSchema,
  }),
  output: z.string(),
});

/** SPEC §9: history pages hold 10 records unless asked otherwise. */
export const defaultWithdrawPageSize = 10;

export const withdrawList = defineCall({
  path: '/app/api/withdraw/list',
  auth: 'member',
  tag,
  summary: "getWithdrawList: the member's withdrawals, newest first, a page at a time.",
  input: z.object({
    page: boundedInt(1, 100_000).optional(),
    size: boundedInt(1, 100).optional(),
    /** Created at or after, epoch milliseconds. */
    startTime: epochMsField().optional(),
    /** Created at or before, epoch milliseconds. */
    endTime: epochMsField().optional(),
  }),
  output: z.object({ records: z.array(withdrawRecordSchema), total: z.number().int() }),
});

export const withdrawCalls = [
  withdrawBankList,
  withdrawAccountList,
  withdrawAccountOperate,
  withdrawPasswordEdit,
  withdrawCreate,
  withdrawList,
] as const;
