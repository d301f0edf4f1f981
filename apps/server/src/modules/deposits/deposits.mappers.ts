import type { CollectionOrder, DepositRecord } from '@sb/contract';
import { findCurrencyById } from '@sb/domain';
import type { DepositOrderRow } from './deposits.repository';
import { findPayType } from './pay-types';

const currencyCodeOf = (currencyId: number) => findCurrencyById(currencyId)?.currencyCode ?? '';

/** SPEC §3 history record of an order. */
export function toDepositRecord(order: DepositOrderRow): DepositRecord {
  return {
    orderNo: order.orderNo,
    amount: order.amount,
    scale: order.scale,
    fromCurrency: currencyCodeOf(order.currencyId),
    fromAmount: order.amount,
    fromScale: order.scale,
    toAmount: order.toAmount,
    toScale: order.toScale,
    toCurrency: currencyCodeOf(order.toCurrencyId),
    rate: order.rate,
    createTime: order.createdAt.getTime(),
    status: order.status,
    type: order.merchantCode,
    remark: order.remark,
    merchantCode: order.merchantCode,
    payTypeId: order.payTypeId,
    payTypeName: findPayType(order.payTypeId)?.payTypeName ?? '',
    txHash: order.txHash,
  };
}

/** SPEC §3 collection order. */
export function toCollectionOrder(order: DepositOrderRow): CollectionOrder {
  const payee = order.payee;
  if (!payee || !order.expiresAt)
    throw new Error(`order ${order.orderNo} is not a collection order`);
  return {
    amount: order.amount,
    scale: order.scale,
    expireTime: order.expiresAt.getTime(),
    orderNo: order.orderNo,
    cardholder: payee.cardholder,
    shop: payee.shop,
    bank: payee.bank,
    bankNo: payee.bankNo,
    receiptCode: payee.receiptCode,
    note: payee.note,
    showType: payee.showType,
  };
}
