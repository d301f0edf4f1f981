import { z } from 'zod';
import { defineCall } from './call';
import { textField } from './common';

/** SPEC §3 wallet balance entry. Amounts are integers in minor units of the currency's scale. */
const specBalanceEntrySchema = z.object({
  currencyId: z.number().int(),
  currencyCode: z.string(),
  assetID: z.string(),
  /** Digits after the decimal point: an amount of 12345 at scale 2 is 123.45. */
  scale: z.number().int(),
  /**
   * The member's cash in the currency, frozen funds included; available = amount − frozen. Bonus
   * money, game balances and market capital are not in it.
   */
  amount: z.number().int(),
  frozen: z.number().int(),
  /** 1 for a usable balance. */
  status: z.number().int(),
  /**
   * The credit limit an operator gave the member in this currency, minor units: the most they may
   * owe. 0 while loans are off. What may still be borrowed is creditAmount − loanAmount.
   */
  creditAmount: z.number().int(),
  /** What the member owes in this currency now, minor units (shown even while loans are off). */
  loanAmount: z.number().int(),
  /** `amount` in major units as a plain decimal string, for display. */
  showAmount: z.string(),
});

/**
 * A balance entry as every balance answer and push carries it (both balance calls, the `balance`
 * event, the desks): SPEC §3's fields with their meaning unchanged, `amount` the member's cash
 * (main and frozen; what may be staked or withdrawn is amount − frozen), and after them, added
 * fields in minor units never included in `amount`: the money that is the member's but is not
 * cash in the wallet. A reader that knows only SPEC's fields reads the entry as before.
 */
export const balanceEntrySchema = specBalanceEntrySchema.extend({
  /** Promotion money not yet converted to cash; it cannot be withdrawn. */
  bonusAmount: z.number().int(),
  /** Moved into game providers' wallets, over every provider; back in `amount` once moved out. */
  gameAmount: z.number().int(),
  /** Capital put up for the member's own markets, over every market. */
  marketAmount: z.number().int(),
});
export type BalanceEntry = z.infer<typeof balanceEntrySchema>;

export const walletBalance = defineCall({
  path: '/app/api/wallet/balance',
  auth: 'member',
  tag: 'wallet',
  summary:
    "The member's balance in each currency it holds, its current currency first: cash in amount, bonus money, game balances and market capital beside it.",
  input: z.object({}),
  output: z.array(balanceEntrySchema),
});

export const openWalletBalance = defineCall({
  path: '/open/v2/wallet/balance',
  auth: 'member',
  tag: 'partner',
  summary: "A partner player's balances; principal and channel must be the player's own.",
  input: z.object({ principal: textField(64).min(1), channel: textField(64).min(1) }),
  output: z.array(balanceEntrySchema),
});

/**
 * SPEC §3 pay type or channel: the fields the deposit pay-type list and the withdrawal bank list
 * share. Amounts are in minor units of `currencyId`, `scale` its digits after the point.
 */
export const payMethodSchema = z.object({
  /** SPEC §2 deposit or withdraw type. */
  merchantCode: z.number().int(),
  currencyCode: z.string(),
  currencyId: z.number().int(),
  payTypeId: z.number().int(),
  payTypeName: z.string(),
  /** A stable machine name of the method, e.g. BANK_CARD, TRC20, PIX_KEY. */
  payType: z.string(),
  channelId: z.number().int(),
  /** The coin's outer id for digital methods (SPEC §5 address rules), 0 for fiat. */
  outerId: z.number().int(),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  scale: z.number().int(),
});

/**
 * SPEC §3 history record, one shape for the deposit and the withdrawal lists. `amount`/`scale` are
 * what was paid in or asked out; `toAmount`/`toScale` what was credited or paid out; `type`
 * repeats `merchantCode`, so either field picks out type-2 collection orders (SPEC §2).
 */
export const historyRecordSchema = z.object({
  orderNo: z.string(),
  amount: z.number().int(),
  scale: z.number().int(),
  fromCurrency: z.string(),
  fromAmount: z.number().int(),
  fromScale: z.number().int(),
  toAmount: z.number().int(),
  toScale: z.number().int(),
  toCurrency: z.string(),
  /** Units of the target currency per unit paid, as a decimal string ("1" without conversion). */
  rate: z.string(),
  /** Epoch milliseconds. */
  createTime: z.number().int(),
  /** SPEC §4 deposit or withdraw status. */
  status: z.number().int(),
  type: z.number().int(),
  /** A reason shown to the member (turned down, failed), else empty. */
  remark: z.string(),
  merchantCode: z.number().int(),
});
export type HistoryRecord = z.infer<typeof historyRecordSchema>;

export const walletCalls = [walletBalance, openWalletBalance] as const;
