import { type DepositRecord, depositStatus, type Language, type PayType } from '@sb/contract';
import type { Database } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import { normalizeAddress, paymentUri } from '../payments/payments.service';
import type { PaymentProvider } from '../payments/payments.types';
import type { WalletMember } from '../wallet/wallet.service';
import { describeHostedDeposit } from './deposit-description';
import {
  assertCanDeposit,
  checkDepositAmount,
  insertOrderOnce,
  newOrderNo,
  orderLifetimeMs,
  requestDigest,
} from './deposit-orders';
import { toDepositRecord } from './deposits.mappers';
import { createDepositsRepository } from './deposits.repository';
import { findPayType, type PayTypeDefinition, payTypeCatalogue, toWirePayType } from './pay-types';

export interface DepositsServiceOptions {
  db: Database;
  /** Who collects hosted and address deposits; null when no provider is configured. */
  provider: PaymentProvider | null;
  now: () => Date;
  /** Blocks an address deposit needs before it is credited. */
  confirmationsRequired: number;
}

/** Where a pay type that this call does not take is made instead. */
function otherCallFor(payType: PayTypeDefinition): string {
  if (payType.flow === 'collection') return 'type 2 orders are made by /app/api/collection/create';
  if (payType.flow === 'address')
    return 'type 5 deposits go to the address from /app/api/deposit/address';
  return 'this pay type is made by /app/api/deposit/create';
}

/** Hosted and address deposits go through the payment provider; collection orders do not. */
const needsProvider = (payType: PayTypeDefinition) => payType.flow !== 'collection';

function requirePayType(payTypeId: number, flow: PayTypeDefinition['flow']): PayTypeDefinition {
  const payType = findPayType(payTypeId);
  if (!payType) throw new AppError('PAY_TYPE_UNAVAILABLE', `payTypeId: no pay type ${payTypeId}`);
  if (payType.flow !== flow)
    throw new AppError('PAY_TYPE_UNAVAILABLE', `payTypeId: ${otherCallFor(payType)}`);
  return payType;
}

function requireProvider(
  provider: PaymentProvider | null,
  payType: PayTypeDefinition,
): PaymentProvider {
  if (!provider)
    throw new AppError(
      'PAY_TYPE_UNAVAILABLE',
      `payTypeId: ${payType.payTypeId} needs a payment provider, and this server has none; deposit by bank transfer`,
    );
  return provider;
}

/**
 * Deposits on a provider's hosted page, deposit addresses and the history. Collection orders and
 * provider callbacks have services of their own.
 */
export function createDepositsService(options: DepositsServiceOptions) {
  const { db, provider, now } = options;
  const repository = createDepositsRepository(db);

  return {
    /** The pay types members may use: without a provider, only bank transfer. */
    payTypes(merchantCode?: number): PayType[] {
      return payTypeCatalogue
        .filter((payType) => merchantCode === undefined || payType.merchantCode === merchantCode)
        .filter((payType) => provider !== null || !needsProvider(payType))
        .map(toWirePayType);
    },

    /**
     * Creates a hosted-page deposit and answers its pay URL. The order is committed before the
     * provider is asked, so a crash between the two leaves an order a retry completes: the
     * provider answers the same payment for the same order number.
     */
    async createDeposit(
      member: WalletMember,
      input: {
        scale: number;
        payTypeId: number;
        amount: number;
        toCurrencyId?: number | undefined;
      },
      context: { idempotencyKey: string | undefined; language: Language },
    ): Promise<string> {
      const { idempotencyKey } = context;
      assertCanDeposit(member);
      const payType = requirePayType(input.payTypeId, 'hosted');
      const hostedBy = requireProvider(provider, payType);
      const { toAmount } = checkDepositAmount(payType, input);
      const createdAt = now();
      const result = await inTransaction(db, (tx) =>
        insertOrderOnce(tx, {
          orderNo: newOrderNo(createdAt),
          userId: member.userId,
          merchantCode: payType.merchantCode,
          payTypeId: payType.payTypeId,
          status: depositStatus.created,
          currencyId: payType.currencyId,
          amount: input.amount,
          scale: payType.scale,
          toCurrencyId: payType.toCurrencyId,
          toAmount,
          toScale: payType.toScale,
          rate: payType.rate,
          idempotencyKey: idempotencyKey ?? null,
          requestDigest: requestDigest('deposit/create', {
            payTypeId: payType.payTypeId,
            amount: input.amount,
            scale: input.scale,
            toCurrencyId: payType.toCurrencyId,
          }),
          provider: hostedBy.name,
          expiresAt: new Date(createdAt.getTime() + orderLifetimeMs),
          createdAt,
          updatedAt: createdAt,
        }),
      );
      if (!result) throw new Error('a new deposit order collided with an existing order number');
      const { order } = result;
      if (order.payUrl) return order.payUrl;
      const payment = await hostedBy.createHostedPayment({
        orderNo: order.orderNo,
        amountMinor: order.amount,
        currencyCode: payType.currencyCode,
        scale: order.scale,
        description: describeHostedDeposit(payType, context.language),
        expiresAt: order.expiresAt ?? new Date(createdAt.getTime() + orderLifetimeMs),
      });
      const stored = await repository.attachPayment(order.id, payment, now());
      return stored?.payUrl ?? payment.payUrl;
    },

    /** The member's address for a type-5 pay type: made once, then the same every time. */
    async depositAddress(member: WalletMember, payTypeId: number) {
      assertCanDeposit(member);
      const payType = requirePayType(payTypeId, 'address');
      const addressedBy = requireProvider(provider, payType);
      const network = payType.network;
      if (!network) throw new Error(`address pay type ${payTypeId} has no network`);
      let address = await repository.findAddress(member.userId, network);
      if (!address) {
        const derived = normalizeAddress(
          network,
          await addressedBy.depositAddress(member.userId, network),
        );
        await repository.insertAddressOnce({
          userId: member.userId,
          network,
          address: derived,
          createdAt: now(),
        });
        address = await repository.findAddress(member.userId, network);
        if (!address)
          throw new Error(`deposit address of ${member.userId} on ${network} missing after insert`);
      }
      return {
        payTypeId: payType.payTypeId,
        currencyId: payType.currencyId,
        currencyCode: payType.currencyCode,
        network,
        address,
        qrData: paymentUri(network, address),
        minAmount: payType.minAmount,
        scale: payType.scale,
        confirmations: options.confirmationsRequired,
      };
    },

    /** The member's deposits, newest first; lapsed orders are brought up to date first. */
    async listDeposits(
      member: WalletMember,
      input: {
        page: number;
        size: number;
        startTime?: number | undefined;
        endTime?: number | undefined;
      },
    ): Promise<{ records: DepositRecord[]; total: number }> {
      if (
        input.startTime !== undefined &&
        input.endTime !== undefined &&
        input.startTime > input.endTime
      ) {
        throw new AppError('INVALID_INPUT', 'startTime: must not be after endTime');
      }
      await repository.expireOverdueOrders(now(), member.userId);
      const { rows, total } = await repository.listMemberOrders(
        member.userId,
        {
          from: input.startTime === undefined ? undefined : new Date(input.startTime),
          to: input.endTime === undefined ? undefined : new Date(input.endTime),
        },
        { limit: input.size, offset: (input.page - 1) * input.size },
      );
      return { records: rows.map(toDepositRecord), total };
    },
  };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
