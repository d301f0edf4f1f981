import { createHash, randomInt } from 'node:crypto';
import { depositStatus } from '@sb/contract';
import { formatMinorUnits } from '@sb/domain';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { Ledger, Posting } from '../ledger/ledger.service';
import type { WalletMember } from '../wallet/wallet.service';
import { convertMinorUnits } from './conversion';
import { createDepositsRepository, type DepositOrderRow } from './deposits.repository';
import type { PayTypeDefinition } from './pay-types';

/** Unpaid hosted and collection orders lapse after this long. */
export const orderLifetimeMs = 30 * 60_000;

/** Statuses from which an order may still be credited. */
const creditableStatuses: readonly number[] = [
  depositStatus.created,
  depositStatus.unpaid,
  depositStatus.userCancelled,
  depositStatus.systemCancelled,
];

/** `D`, the UTC date and ten random digits: sortable by day, not guessable. */
export function newOrderNo(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `D${day}${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
}

/** A digest of what an idempotent request asked for; the same key with another digest is a conflict. */
export function requestDigest(
  call: string,
  fields: Record<string, number | string | null>,
): string {
  return createHash('sha256')
    .update(JSON.stringify([call, fields]))
    .digest('hex');
}

/** Demo money never mixes with real money, so demo accounts cannot deposit. */
export function assertCanDeposit(member: WalletMember): void {
  if (member.isDemo)
    throw new AppError('NOT_ALLOWED_FOR_MEMBER_TYPE', 'demo accounts cannot deposit');
}

/**
 * SPEC §5 on the server: the scale must be the paid currency's and the amount within the pay
 * type's range (the refusal says 'min ~ max' in major units, as the deposit panel shows it).
 * Answers what will be credited.
 */
export function checkDepositAmount(
  payType: PayTypeDefinition,
  input: { amount: number; scale: number; toCurrencyId?: number | undefined },
): { toAmount: number } {
  if (input.scale !== payType.scale) {
    throw new AppError(
      'INVALID_INPUT',
      `scale: must be ${payType.scale}, the scale of ${payType.currencyCode}`,
    );
  }
  if (input.toCurrencyId && input.toCurrencyId !== payType.toCurrencyId) {
    throw new AppError(
      'INVALID_INPUT',
      `toCurrencyId: must be ${payType.toCurrencyId} (${payType.toCurrencyCode}) for this pay type`,
    );
  }
  if (input.amount < payType.minAmount || input.amount > payType.maxAmount) {
    throw new AppError(
      'DEPOSIT_AMOUNT_OUT_OF_RANGE',
      `${formatMinorUnits(payType.minAmount, payType.scale)} ~ ${formatMinorUnits(payType.maxAmount, payType.scale)} ${payType.currencyCode}`,
    );
  }
  const toAmount = convertMinorUnits(input.amount, payType.scale, payType.rate, payType.toScale);
  // The catalogue's minimums are far above a minor unit of the target; zero would be a bad entry.
  if (toAmount <= 0)
    throw new Error(`pay type ${payType.payTypeId} converts ${input.amount} to nothing`);
  return { toAmount };
}

/**
 * Inserts an order once per idempotency key: the same key again answers the order it made, the
 * same key for another request is refused. Answers undefined when another unique rule refused
 * the row (a pending collection order), for the caller to name.
 */
export async function insertOrderOnce(
  tx: Database,
  values: Parameters<
    ReturnType<typeof createDepositsRepository>['insertOrderUnlessConflicting']
  >[0],
): Promise<{ order: DepositOrderRow; isNew: boolean } | undefined> {
  const orders = createDepositsRepository(tx);
  const inserted = await orders.insertOrderUnlessConflicting(values);
  if (inserted) return { order: inserted, isNew: true };
  if (!values.idempotencyKey) return undefined;
  const existing = await orders.findOrderByIdempotencyKey(values.userId, values.idempotencyKey);
  if (!existing) return undefined;
  if (existing.requestDigest !== values.requestDigest) throw new AppError('IDEMPOTENCY_CONFLICT');
  return { order: existing, isNew: false };
}

/**
 * The postings of a completed deposit. The money arrives through `deposits_in_transit` (what
 * providers and banks owe the site until they settle); a conversion goes through the house,
 * which takes the paid currency and gives the credited one, so each currency balances.
 */
function depositPostings(order: DepositOrderRow): Posting[] {
  const inTransit = { systemCode: 'deposits_in_transit', currencyId: order.currencyId } as const;
  const memberMain = {
    userId: order.userId,
    bucket: 'main',
    currencyId: order.toCurrencyId,
  } as const;
  if (order.currencyId === order.toCurrencyId) {
    if (order.amount !== order.toAmount)
      throw new Error(`order ${order.orderNo} converts within one currency`);
    return [
      { account: inTransit, amount: -order.amount },
      { account: memberMain, amount: order.amount },
    ];
  }
  return [
    { account: inTransit, amount: -order.amount },
    { account: { systemCode: 'house', currencyId: order.currencyId }, amount: order.amount },
    { account: { systemCode: 'house', currencyId: order.toCurrencyId }, amount: -order.toAmount },
    { account: memberMain, amount: order.toAmount },
  ];
}

/**
 * Credits a locked order and marks it completed, in the caller's transaction. The ledger key is
 * the order number, so even a second path to this function could not credit twice; the status
 * check before it means it is never asked to.
 */
export async function creditOrderWithin(
  tx: Database,
  ledger: Ledger,
  order: DepositOrderRow,
  now: Date,
  changes: Partial<DepositOrderRow> = {},
): Promise<DepositOrderRow> {
  if (!creditableStatuses.includes(order.status)) {
    throw new Error(`order ${order.orderNo} in status ${order.status} cannot be credited`);
  }
  const { transactionId } = await ledger.transferWithin(tx, {
    idempotencyKey: `deposit:${order.orderNo}`,
    kind: 'deposit',
    reference: order.orderNo,
    metadata: { merchantCode: order.merchantCode, payTypeId: order.payTypeId, rate: order.rate },
    postings: depositPostings(order),
  });
  return createDepositsRepository(tx).updateOrder(order.id, {
    ...changes,
    status: depositStatus.completed,
    ledgerTransactionId: transactionId,
    completedAt: now,
    updatedAt: now,
  });
}
