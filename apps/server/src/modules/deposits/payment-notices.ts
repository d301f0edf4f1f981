import { depositMerchantCode, depositStatus } from '@sb/contract';
import { findCurrencyByCode, formatMinorUnits } from '@sb/domain';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import type { Ledger } from '../ledger/ledger.service';
import { normalizeAddress, recordCallbackNonceWithin } from '../payments/payments.service';
import type {
  ChainTransferNotice,
  HostedPaymentNotice,
  NoticeOutcome,
  PaymentNoticeHandler,
} from '../payments/payments.types';
import { creditOrderWithin, newOrderNo } from './deposit-orders';
import { createDepositsRepository, type DepositOrderRow } from './deposits.repository';
import { addressPayTypeOf, findPayType } from './pay-types';

/** Hosted orders the provider's word "completed" still credits: not yet finished, or lapsed. */
const hostedCreditable: readonly number[] = [
  depositStatus.created,
  depositStatus.unpaid,
  depositStatus.systemCancelled,
];

const finalStatuses: readonly number[] = [
  depositStatus.completed,
  depositStatus.failed,
  depositStatus.turnedDown,
];

function outcomeOf(order: DepositOrderRow): NoticeOutcome {
  return {
    orderNo: order.orderNo,
    userId: order.userId,
    status: order.status,
    isFinal: finalStatuses.includes(order.status),
  };
}

/**
 * Acts on provider callbacks, each in one transaction with its nonce: a hosted payment's result
 * completes or fails its order; a chain transfer to a member's address becomes an order that is
 * credited once it has enough confirmations. Orders are locked before they are looked at, so
 * callbacks racing for the same payment credit once.
 */
export function createPaymentNoticeHandler(deps: {
  db: Database;
  ledger: Ledger;
  confirmationsRequired: number;
  warn: (details: object, message: string) => void;
}): PaymentNoticeHandler {
  async function onHostedPayment(
    tx: Database,
    providerName: string,
    notice: HostedPaymentNotice,
    at: Date,
  ): Promise<NoticeOutcome> {
    const orders = createDepositsRepository(tx);
    const order = await orders.lockOrder(notice.orderNo);
    const payType = order ? findPayType(order.payTypeId) : undefined;
    if (!order || order.provider !== providerName || payType?.flow !== 'hosted') {
      throw new AppError('PAYMENT_CALLBACK_MISMATCH', 'unknown order');
    }
    if (order.providerReference && order.providerReference !== notice.providerReference) {
      throw new AppError('PAYMENT_CALLBACK_MISMATCH', 'the payment belongs to another order');
    }
    if (
      notice.amountMinor !== order.amount ||
      notice.scale !== order.scale ||
      notice.currencyCode !== payType.currencyCode
    ) {
      throw new AppError('PAYMENT_CALLBACK_MISMATCH', 'amount or currency differs from the order');
    }
    const reference = { providerReference: notice.providerReference };
    if (notice.outcome === 'completed') {
      if (hostedCreditable.includes(order.status)) {
        // A payment the provider completed is money received, even if our order lapsed meanwhile.
        const remark =
          order.status === depositStatus.systemCancelled ? 'Paid after the order expired' : '';
        return outcomeOf(
          await creditOrderWithin(tx, deps.ledger, order, at, { ...reference, remark }),
        );
      }
      if (order.status !== depositStatus.completed) {
        deps.warn(
          { orderNo: order.orderNo, status: order.status },
          'completed payment for a closed order',
        );
      }
      return outcomeOf(order);
    }
    if (order.status === depositStatus.created || order.status === depositStatus.unpaid) {
      const updated = await orders.updateOrder(order.id, {
        ...reference,
        status: depositStatus.failed,
        remark: notice.reason ?? 'Payment failed',
        updatedAt: at,
      });
      return outcomeOf(updated);
    }
    return outcomeOf(order);
  }

  /** Why a transfer to a member's address is not credited, or null when it will be. */
  function refusalOf(notice: ChainTransferNotice): string | null {
    const payType = addressPayTypeOf(notice.network);
    if (notice.currencyCode !== payType.currencyCode || notice.scale !== payType.scale) {
      return `Only ${payType.currencyCode} is accepted on this address; not credited`;
    }
    if (notice.amountMinor < payType.minAmount) {
      return `Below the minimum deposit of ${formatMinorUnits(payType.minAmount, payType.scale)} ${payType.currencyCode}; not credited`;
    }
    return null;
  }

  async function onChainTransfer(
    tx: Database,
    providerName: string,
    notice: ChainTransferNotice,
    at: Date,
  ): Promise<NoticeOutcome> {
    const orders = createDepositsRepository(tx);
    const toAddress = normalizeAddress(notice.network, notice.toAddress);
    const userId = await orders.findAddressOwner(notice.network, toAddress);
    // Not one of our members' addresses: nothing to do, and nothing will ever be.
    if (userId === undefined) return { orderNo: null, userId: null, status: null, isFinal: true };
    const payType = addressPayTypeOf(notice.network);
    const refusal = refusalOf(notice);
    const currency = findCurrencyByCode(notice.currencyCode);
    if (refusal && !currency) return { orderNo: null, userId: null, status: null, isFinal: true };
    const currencyId = currency?.currencyId ?? payType.currencyId;
    const required = deps.confirmationsRequired;
    await orders.insertOrderUnlessConflicting({
      orderNo: newOrderNo(at),
      userId,
      merchantCode: depositMerchantCode.digitalAddress,
      payTypeId: payType.payTypeId,
      status: refusal ? depositStatus.failed : depositStatus.unpaid,
      currencyId,
      amount: notice.amountMinor,
      scale: notice.scale,
      toCurrencyId: currencyId,
      toAmount: notice.amountMinor,
      toScale: notice.scale,
      rate: '1',
      provider: providerName,
      network: notice.network,
      txHash: notice.txHash,
      fromAddress: notice.fromAddress,
      toAddress,
      confirmations: notice.confirmations,
      remark: refusal ?? `Waiting for confirmations (${notice.confirmations}/${required})`,
      createdAt: at,
      updatedAt: at,
    });
    const order = await orders.lockChainTransferOrder(notice.network, notice.txHash);
    if (!order) throw new Error(`chain order ${notice.txHash} missing after insert`);
    if (
      order.amount !== notice.amountMinor ||
      order.toAddress !== toAddress ||
      order.userId !== userId
    ) {
      throw new AppError('PAYMENT_CALLBACK_MISMATCH', 'the transfer differs from the one recorded');
    }
    if (order.status !== depositStatus.unpaid) return outcomeOf(order);
    const confirmations = Math.max(order.confirmations ?? 0, notice.confirmations);
    if (confirmations >= required) {
      return outcomeOf(
        await creditOrderWithin(tx, deps.ledger, order, at, { confirmations, remark: '' }),
      );
    }
    const updated = await orders.updateOrder(order.id, {
      confirmations,
      remark: `Waiting for confirmations (${confirmations}/${required})`,
      updatedAt: at,
    });
    return outcomeOf(updated);
  }

  return (providerName, { notice, nonce }, receivedAt) =>
    inTransaction(deps.db, async (tx) => {
      await recordCallbackNonceWithin(tx, providerName, nonce, receivedAt);
      return notice.kind === 'hosted_payment'
        ? onHostedPayment(tx, providerName, notice, receivedAt)
        : onChainTransfer(tx, providerName, notice, receivedAt);
    });
}
