import {
  type Language,
  type QueuedPayee,
  type WithdrawChannel as WireChannel,
  type WithdrawAccount,
  type WithdrawRecord,
  withdrawStatus,
} from '@sb/contract';
import { findCurrencyById, maskAccountNumber } from '@sb/domain';
import { z } from 'zod';
import type { PayoutAccountRow } from './payout-accounts.repository';
import type { WithdrawChannel } from './withdraw-channels';
import { findWithdrawChannelByPayType } from './withdraw-channels';
import type { WithdrawalRow } from './withdrawals.repository';

export function toWithdrawAccount(row: PayoutAccountRow): WithdrawAccount {
  return {
    accountId: row.id,
    merchantCode: row.merchantCode,
    payTypeId: row.payTypeId,
    payTypeName: findWithdrawChannelByPayType(row.payTypeId)?.payTypeName ?? '',
    bankNo: row.bankNo,
    name: row.bankName,
    accountType: row.accountType,
    realName: row.realName,
    mobile: row.mobile,
    extend1: row.extend1,
    address: row.address,
    currencyId: row.currencyId,
  };
}

export function toWireChannel(channel: WithdrawChannel, accounts: PayoutAccountRow[]): WireChannel {
  const held = accounts.filter((account) => account.merchantCode === channel.merchantCode);
  return {
    merchantCode: channel.merchantCode,
    currencyCode: channel.currency.currencyCode,
    currencyId: channel.currency.currencyId,
    payTypeId: channel.payTypeId,
    payTypeName: channel.payTypeName,
    payType: channel.payType,
    channelId: channel.channelId,
    outerId: channel.outerId,
    minAmount: channel.minAmountMinor,
    maxAmount: channel.maxAmountMinor,
    scale: channel.currency.scale,
    holds: held.length,
    accounts: held.map(toWithdrawAccount),
  };
}

export function toWithdrawRecord(row: WithdrawalRow): WithdrawRecord {
  const currency = findCurrencyById(row.currencyId);
  if (!currency) throw new Error(`withdrawal ${row.id} has unknown currency ${row.currencyId}`);
  const isRefused =
    row.status === withdrawStatus.turnedDown || row.status === withdrawStatus.failed;
  return {
    orderNo: row.orderNo,
    amount: row.amount,
    scale: currency.scale,
    fromCurrency: currency.currencyCode,
    fromAmount: row.amount,
    fromScale: currency.scale,
    toAmount: row.amount,
    toScale: currency.scale,
    toCurrency: currency.currencyCode,
    rate: '1',
    createTime: row.createdAt.getTime(),
    status: row.status,
    // As on deposit records, `type` repeats the merchant code.
    type: row.merchantCode,
    remark: isRefused ? (row.reason ?? '') : '',
    merchantCode: row.merchantCode,
  };
}

/** SPEC §7: createWithdraw answers a confirmation message as its data. */
export function confirmationOf(row: WithdrawalRow, language: Language): string {
  switch (language) {
    case 'zh':
      return `提现申请已提交，单号 ${row.orderNo}`;
    case 'zht':
      return `提現申請已提交，單號 ${row.orderNo}`;
    default:
      return `Withdrawal ${row.orderNo} submitted for review`;
  }
}

/** The payee a withdrawal copied from the member's account (`payeeOf` in the service). */
const storedPayeeSchema = z.object({
  bankNo: z.string(),
  realName: z.string().nullish(),
  bankName: z.string().nullish(),
  accountType: z.string().nullish(),
});

/**
 * The payee as the finance desk's queue shows it, its number masked; null for a withdrawal that
 * took no account. A stored payee of another shape is a bug in what wrote it, not a member's.
 */
export function queuedPayeeOf(stored: unknown): QueuedPayee | null {
  if (stored === null || stored === undefined) return null;
  const payee = storedPayeeSchema.parse(stored);
  return {
    accountType: payee.accountType ?? null,
    holder: payee.realName ?? null,
    bankName: payee.bankName ?? null,
    maskedNumber: maskAccountNumber(payee.bankNo),
  };
}
