import {
  type CollectionOrder,
  depositMerchantCode,
  depositStatus,
  receiptImageLimits,
} from '@sb/contract';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import type { Ledger } from '../ledger/ledger.service';
import type { AuditWithin } from '../operators/audit.service';
import type { WalletMember } from '../wallet/wallet.service';
import { choosePayee } from './collection-accounts';
import {
  assertCanDeposit,
  checkDepositAmount,
  creditOrderWithin,
  insertOrderOnce,
  newOrderNo,
  orderLifetimeMs,
  requestDigest,
} from './deposit-orders';
import { toCollectionOrder, toDepositRecord } from './deposits.mappers';
import {
  createDepositsRepository,
  type DepositOrderRow,
  reviewableStatuses,
} from './deposits.repository';
import { findPayType } from './pay-types';
import type { ReceiptImage } from './receipt-image';

/** The provider name of collection orders: the site's own bank accounts. */
const bankProvider = 'bank';

/** Statuses a member may upload a receipt for (SPEC §2: unpaid or cancelled type-2 orders). */
const uploadableStatuses = reviewableStatuses;

/**
 * Collection orders (type 2): the member transfers to the account the order names and uploads the
 * receipt; an operator confirms (credits) or turns it down. An unpaid order without a receipt
 * lapses at its expiry; one with a receipt waits for the operator.
 */
export function createCollectionService(deps: { db: Database; ledger: Ledger; now: () => Date }) {
  const { db, ledger, now } = deps;
  const repository = createDepositsRepository(db);

  /** The member's own collection order, locked; anything else answers as missing. */
  async function lockMemberCollection(tx: Database, orderNo: string, userId: number) {
    const order = await createDepositsRepository(tx).lockOrder(orderNo, userId);
    if (!order || order.merchantCode !== depositMerchantCode.localBank) {
      throw new AppError('DEPOSIT_ORDER_NOT_FOUND');
    }
    return order;
  }

  /** Any collection order, locked, for operators. */
  async function lockCollection(tx: Database, orderNo: string) {
    const order = await createDepositsRepository(tx).lockOrder(orderNo);
    if (!order || order.merchantCode !== depositMerchantCode.localBank) {
      throw new AppError('DEPOSIT_ORDER_NOT_FOUND');
    }
    return order;
  }

  /**
   * Operator: the receipt images of an order, oldest first. With `ownerId`, only that
   * member's order: another member's answers exactly as a missing one.
   */
  async function receipts(orderNo: string, ownerId?: number) {
    const order = await repository.findOrder(orderNo);
    if (
      !order ||
      order.merchantCode !== depositMerchantCode.localBank ||
      (ownerId !== undefined && order.userId !== ownerId)
    ) {
      throw new AppError('DEPOSIT_ORDER_NOT_FOUND');
    }
    return (await repository.listReceipts(order.id)).map((receipt) => ({
      mediaType: receipt.mediaType,
      sizeBytes: receipt.sizeBytes,
      uploadedAt: receipt.uploadedAt.getTime(),
      content: receipt.content,
    }));
  }

  return {
    async createCollection(
      member: WalletMember,
      input: { scale: number; payTypeId: number; amount: number },
      idempotencyKey: string | undefined,
    ): Promise<CollectionOrder> {
      assertCanDeposit(member);
      const payType = findPayType(input.payTypeId);
      if (!payType)
        throw new AppError('PAY_TYPE_UNAVAILABLE', `payTypeId: no pay type ${input.payTypeId}`);
      if (payType.flow !== 'collection') {
        throw new AppError(
          'PAY_TYPE_UNAVAILABLE',
          'payTypeId: only type 2 pay types make collection orders',
        );
      }
      checkDepositAmount(payType, input);
      const createdAt = now();
      const result = await inTransaction(db, async (tx) => {
        // A lapsed order must not block a new one, so bring this member's up to date first.
        await createDepositsRepository(tx).expireOverdueOrders(createdAt, member.userId);
        return insertOrderOnce(tx, {
          orderNo: newOrderNo(createdAt),
          userId: member.userId,
          merchantCode: payType.merchantCode,
          payTypeId: payType.payTypeId,
          status: depositStatus.unpaid,
          currencyId: payType.currencyId,
          amount: input.amount,
          scale: payType.scale,
          toCurrencyId: payType.currencyId,
          toAmount: input.amount,
          toScale: payType.scale,
          rate: '1',
          idempotencyKey: idempotencyKey ?? null,
          requestDigest: requestDigest('collection/create', {
            payTypeId: payType.payTypeId,
            amount: input.amount,
            scale: input.scale,
          }),
          provider: bankProvider,
          payee: choosePayee(payType),
          expiresAt: new Date(createdAt.getTime() + orderLifetimeMs),
          createdAt,
          updatedAt: createdAt,
        });
      });
      if (!result) throw new AppError('COLLECTION_ORDER_PENDING');
      return toCollectionOrder(result.order);
    },

    /** The member's unpaid collection order still waiting for a receipt, or null. */
    async pendingCollection(member: WalletMember): Promise<CollectionOrder | null> {
      await repository.expireOverdueOrders(now(), member.userId);
      const order = await repository.findPendingCollection(member.userId);
      return order ? toCollectionOrder(order) : null;
    },

    /** Cancels an unpaid order; cancelling one already cancelled (or lapsed) changes nothing. */
    async cancelCollection(member: WalletMember, orderNo: string): Promise<null> {
      const at = now();
      await inTransaction(db, async (tx) => {
        await createDepositsRepository(tx).expireOverdueOrders(at, member.userId);
        const order = await lockMemberCollection(tx, orderNo, member.userId);
        if (order.status === depositStatus.unpaid) {
          await createDepositsRepository(tx).updateOrder(order.id, {
            status: depositStatus.userCancelled,
            remark: 'Cancelled by the member',
            updatedAt: at,
          });
          return;
        }
        if (
          order.status === depositStatus.userCancelled ||
          order.status === depositStatus.systemCancelled
        )
          return;
        throw new AppError('DEPOSIT_ORDER_CLOSED');
      });
      return null;
    },

    /** Keeps a receipt image for an unpaid or cancelled order, for an operator to check. */
    async uploadReceipt(member: WalletMember, orderNo: string, image: ReceiptImage): Promise<null> {
      const at = now();
      await inTransaction(db, async (tx) => {
        const orders = createDepositsRepository(tx);
        // An order that lapsed before its receipt is cancelled first, so the receipt cannot revive it.
        await orders.expireOverdueOrders(at, member.userId);
        const order = await lockMemberCollection(tx, orderNo, member.userId);
        if (!uploadableStatuses.includes(order.status)) throw new AppError('DEPOSIT_ORDER_CLOSED');
        if ((await orders.countReceipts(order.id)) >= receiptImageLimits.maxPerOrder) {
          throw new AppError(
            'RECEIPT_LIMIT_REACHED',
            `at most ${receiptImageLimits.maxPerOrder} per order`,
          );
        }
        await orders.insertReceipt({
          orderId: order.id,
          mediaType: image.mediaType,
          sizeBytes: image.content.length,
          content: image.content,
          uploadedAt: at,
        });
        await orders.updateOrder(order.id, { receiptUploadedAt: at, updatedAt: at });
      });
      return null;
    },

    /**
     * Operator: the money arrived, credit the member. Confirming a completed order again answers
     * it unchanged, so racing or repeated confirms credit once.
     */
    async confirmCollection(input: { orderNo: string; operator: string; audit?: AuditWithin }) {
      const at = now();
      const order = await inTransaction(db, async (tx): Promise<DepositOrderRow> => {
        const locked = await lockCollection(tx, input.orderNo);
        if (locked.status === depositStatus.completed) return locked;
        if (!reviewableStatuses.includes(locked.status)) throw new AppError('DEPOSIT_ORDER_CLOSED');
        const credited = await creditOrderWithin(tx, ledger, locked, at, {
          reviewedBy: input.operator,
          reviewedAt: at,
          remark: 'Confirmed',
        });
        await input.audit?.(tx, {
          before: toDepositRecord(locked),
          after: toDepositRecord(credited),
        });
        return credited;
      });
      return { record: toDepositRecord(order), userId: order.userId };
    },

    /** Operator: no money arrived for this order; the member sees the reason. */
    async rejectCollection(input: {
      orderNo: string;
      operator: string;
      reason: string;
      audit?: AuditWithin;
    }) {
      const reason = input.reason.trim();
      if (reason === '' || reason.length > 200) {
        throw new AppError('INVALID_INPUT', 'reason: 1 to 200 characters are required');
      }
      const at = now();
      const order = await inTransaction(db, async (tx): Promise<DepositOrderRow> => {
        const locked = await lockCollection(tx, input.orderNo);
        if (locked.status === depositStatus.turnedDown) return locked;
        if (!reviewableStatuses.includes(locked.status)) throw new AppError('DEPOSIT_ORDER_CLOSED');
        const rejected = await createDepositsRepository(tx).updateOrder(locked.id, {
          status: depositStatus.turnedDown,
          remark: reason,
          reviewedBy: input.operator,
          reviewedAt: at,
          updatedAt: at,
        });
        await input.audit?.(tx, {
          before: toDepositRecord(locked),
          after: toDepositRecord(rejected),
        });
        return rejected;
      });
      return toDepositRecord(order);
    },

    /** Operator: collection orders with a receipt and no decision yet, oldest receipt first. */
    async listAwaitingReview(page: { page: number; size: number }) {
      const size = Math.min(Math.max(page.size, 1), 100);
      const rows = await repository.listCollectionsAwaitingReview({
        limit: size,
        offset: (Math.max(page.page, 1) - 1) * size,
      });
      return rows.map((row) => ({ ...toDepositRecord(row), userId: row.userId, payee: row.payee }));
    },

    receipts,

    /**
     * One receipt image of an order, `index` 1 for the first uploaded; a receipt the order does
     * not have answers exactly as a missing order (and, with `ownerId`, another member's).
     */
    async receipt(orderNo: string, index: number, ownerId?: number) {
      const receipt = (await receipts(orderNo, ownerId))[index - 1];
      if (!receipt) throw new AppError('DEPOSIT_ORDER_NOT_FOUND');
      return receipt;
    },
  };
}

export type CollectionService = ReturnType<typeof createCollectionService>;
