import { z } from 'zod';
import { defineCall } from './call';
import { boundedInt, epochMsField, textField } from './common';
import { historyRecordSchema, payMethodSchema } from './wallet';

/**
 * Deposit calls (SPEC §2 deposit panel, §3 pay type, collection order and history record, §4
 * deposit statuses, §5 deposit rules, §7 wallet paths). Amounts are integers in minor units with
 * the currency's `scale` beside them (DESIGN §5). docs/payments.md records what SPEC leaves open.
 */

/** SPEC §2 deposit types, chosen by merchant code. */
export const depositMerchantCode = {
  /** Digital currency paid on a hosted pay page. */
  digitalCurrency: 1,
  /** Local-bank pay: a collection order the member pays by bank transfer and proves with a receipt. */
  localBank: 2,
  eWallet: 3,
  onlineBanking: 4,
  /** A deposit address per network, shown with a QR code; credited after confirmations. */
  digitalAddress: 5,
  pixQrCode: 6,
  pixKey: 7,
  /** Paid in one currency, credited in another at the rate stated on the pay type. */
  conversion: 8,
} as const;

/** SPEC §4 deposit history statuses. */
export const depositStatus = {
  /** A hosted-page order whose payment has no result yet. */
  created: 0,
  /** A collection order waiting for the member's transfer, or a chain transfer waiting for confirmations. */
  unpaid: 1,
  completed: 2,
  failed: 3,
  userCancelled: 4,
  /** Expired before it was paid. */
  systemCancelled: 5,
  /** Refused by an operator. */
  turnedDown: 6,
} as const;
export type DepositStatus = (typeof depositStatus)[keyof typeof depositStatus];

/** What is wrong with a deposit amount as sent, or undefined when it is a valid one. */
function depositAmountProblem(value: number | string): string | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 'must be a number';
    if (value <= 0) return 'must be above zero';
    if (!Number.isInteger(value)) return 'must be a whole number of minor units';
    return Number.isSafeInteger(value) ? undefined : 'is too large';
  }
  const text = value.trim();
  if (text === '') return 'is required';
  if (text.startsWith('-')) return 'must be above zero';
  if (/^\d*\.\d*$/.test(text)) return 'must be a whole number of minor units';
  if (!/^\d+$/.test(text)) return 'must contain digits only';
  if (/^0+$/.test(text)) return 'must be above zero';
  if (text.startsWith('0')) return 'must not start with 0';
  return Number.isSafeInteger(Number(text)) ? undefined : 'is too large';
}

/**
 * SPEC §5: a deposit amount is a positive whole number of minor units with no leading zero. JSON
 * may send a number or its digits; form and query fields always send text. Every other shape is
 * refused with a message saying what was wrong, so the member sees more than "invalid".
 */
export const depositAmountField = () =>
  z
    .union([z.number(), z.string()], {
      error: (issue) =>
        issue.input === undefined ? 'is required' : 'must be a whole number of minor units',
    })
    .transform((value, context) => {
      const problem = depositAmountProblem(value);
      if (problem) {
        context.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return Number(typeof value === 'string' ? value.trim() : value);
    });

/** SPEC §3 pay type, one way of depositing; `currencyId` is the currency paid. */
export const payTypeSchema = payMethodSchema.extend({
  /** Preset amounts for the quick chips, minor units. */
  quicks: z.array(z.number().int()),
  /** The currency credited: the same as `currencyId` except for conversions (type 8). */
  toCurrencyId: z.number().int(),
  toCurrencyCode: z.string(),
  toScale: z.number().int(),
  /** Units of the credited currency per unit of the paid one, as decimal text ("1" without conversion). */
  rate: z.string(),
});
export type PayType = z.infer<typeof payTypeSchema>;

export const walletPayType = defineCall({
  path: '/app/api/wallet/payType',
  auth: 'member',
  tag: 'deposit',
  summary: 'The deposit pay types (SPEC §2 types 1–8), optionally of one merchant code.',
  input: z.object({ merchantCode: boundedInt(1, 8).optional() }),
  output: z.array(payTypeSchema),
});

export const depositCreate = defineCall({
  path: '/app/api/deposit/create',
  auth: 'member',
  tag: 'deposit',
  summary:
    'Creates a deposit on a hosted pay page (types 1, 3, 4, 6, 7, 8) and answers its pay URL. Idempotent per key.',
  input: z.object({
    scale: boundedInt(0, 18),
    payTypeId: boundedInt(1, 1_000_000),
    amount: depositAmountField(),
    /** The credited currency; optional, and when sent it must be the pay type's toCurrencyId. */
    toCurrencyId: boundedInt(0, 1_000_000).optional(),
  }),
  /** The pay page, a path on this server (open it in a frame or a 1200x700 window). */
  output: z.string(),
});

/** A member's deposit address on one network (type 5). */
export const depositAddressSchema = z.object({
  payTypeId: z.number().int(),
  currencyId: z.number().int(),
  currencyCode: z.string(),
  network: z.string(),
  address: z.string(),
  /** What the QR code encodes: a payment URI naming the address (and the token on ERC20). */
  qrData: z.string(),
  /** Transfers below this (minor units) are recorded but not credited. */
  minAmount: z.number().int(),
  scale: z.number().int(),
  /** Blocks on top of a transfer's own before it is credited, the transfer's block counted. */
  confirmations: z.number().int(),
});

export const depositAddress = defineCall({
  path: '/app/api/deposit/address',
  auth: 'member',
  tag: 'deposit',
  summary: "The member's deposit address for a type-5 pay type; the same every time.",
  input: z.object({ payTypeId: boundedInt(1, 1_000_000) }),
  output: depositAddressSchema,
});

/** SPEC §3 history record of a deposit, with its pay type and, for address deposits, its chain transaction. */
export const depositRecordSchema = historyRecordSchema.extend({
  payTypeId: z.number().int(),
  payTypeName: z.string(),
  /** The chain transaction of an address deposit, else null. */
  txHash: z.string().nullable(),
});
export type DepositRecord = z.infer<typeof depositRecordSchema>;

export const depositList = defineCall({
  path: '/app/api/deposit/list',
  auth: 'member',
  tag: 'deposit',
  summary: "The member's deposits, newest first, type-2 collection orders included.",
  input: z.object({
    page: boundedInt(1, 10_000).default(1),
    size: boundedInt(1, 100).default(10),
    /** Epoch milliseconds, inclusive. */
    startTime: epochMsField().optional(),
    /** Epoch milliseconds, inclusive. */
    endTime: epochMsField().optional(),
  }),
  output: z.object({ records: z.array(depositRecordSchema), total: z.number().int() }),
});

/** Collection payees: 1 a bank card (cardholder, bank, bankNo), 2 a shop paid by its receipt QR. */
export const collectionShowType = { bankCard: 1, shopQrCode: 2 } as const;

/** SPEC §3 collection order (type 2): what the member pays, to whom, and by when. */
export const collectionOrderSchema = z.object({
  amount: z.number().int(),
  scale: z.number().int(),
  /** When the order lapses unpaid, epoch milliseconds. */
  expireTime: z.number().int(),
  orderNo: z.string(),
  cardholder: z.string().nullable(),
  shop: z.string().nullable(),
  bank: z.string().nullable(),
  bankNo: z.string().nullable(),
  /** The shop's receipt QR data (showType 2), else null. */
  receiptCode: z.string().nullable(),
  /** The code to write in the transfer's remark, so the payment can be matched to the order. */
  note: z.string(),
  showType: z.number().int(),
});
export type CollectionOrder = z.infer<typeof collectionOrderSchema>;

export const collectionCreate = defineCall({
  path: '/app/api/collection/create',
  auth: 'member',
  tag: 'deposit',
  summary:
    'Creates a type-2 collection order (one pending per member) and answers it. Idempotent per key.',
  input: z.object({
    scale: boundedInt(0, 18),
    payTypeId: boundedInt(1, 1_000_000),
    amount: depositAmountField(),
  }),
  output: collectionOrderSchema,
});

export const collectionOrder = defineCall({
  path: '/app/api/collection/order',
  auth: 'member',
  tag: 'deposit',
  summary: "The member's pending collection order, or null data when there is none.",
  input: z.object({}),
  output: collectionOrderSchema.nullable(),
});

const orderNoField = () => textField(40).min(1, 'is required');

export const collectionCancel = defineCall({
  path: '/app/api/collection/cancel',
  auth: 'member',
  tag: 'deposit',
  summary: 'Cancels one of the member’s unpaid collection orders.',
  input: z.object({ orderNo: orderNoField() }),
  output: z.null(),
});

/**
 * The fields of `/app/api/collection/upload` besides the file. The upload is multipart, which the
 * OpenAPI builder does not describe, so it is not in the registry; docs/payments.md describes it.
 */
export const collectionUploadFieldsSchema = z.object({
  orderNo: orderNoField(),
  /** SPEC sends type=1 (a payment receipt). */
  type: boundedInt(1, 1).default(1),
});

/** Limits of a receipt image (SPEC §5): jpg, jpeg or png, at most 10 MB, one file. */
export const receiptImageLimits = {
  maxBytes: 10 * 1024 * 1024,
  /** Receipts kept per order: enough to replace a blurred photo, not a storage service. */
  maxPerOrder: 5,
} as const;

export const collectionUploadPath = '/app/api/collection/upload';

export const depositCalls = [
  walletPayType,
  depositCreate,
  depositAddress,
  depositList,
  collectionCreate,
  collectionOrder,
  collectionCancel,
] as const;
