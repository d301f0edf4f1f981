import { orderStatus } from '@sb/contract';
import type { BetSettlement } from '@sb/domain';
import type { Database } from '../../db/database';
import type { Ledger, TransferRequest } from '../ledger/ledger.service';
import { type OrderRow, type OrderSettling, stakeEndTransfers } from '../orders/orders.service';
import type { SettledLeg } from '../orders/orders.types';
import type { SettlementChange } from './settlement.service';

/** One first-time settlement to book: an accepted order with no standing settlement. */
export interface FirstSettlement {
  orderId: number;
  firstOptionId: string;
  wanted: Extract<BetSettlement, { state: 'settled' }>;
  legs: SettledLeg[];
}

/**
 * The ledger transactions of an order's settlement under `version`, as `settle` books them: the
 * held stake to the house, the payout to the member, split between main and bonus as the stake
 * was (docs/promotions.md, Stakes of bonus money). A stake of cash only settles in one.
 */
export function settleTransfersOf(
  order: OrderRow,
  version: number,
  payoutMinor: number,
): TransferRequest[] {
  return stakeEndTransfers(order, payoutMinor, {
    cash: { kind: 'order_settle', idempotencyKey: `order-settle:${order.orderNo}:${version}` },
    bonus: {
      kind: 'order_bonus_settle',
      idempotencyKey: `order-bonus-settle:${order.orderNo}:${version}`,
    },
  });
}

/**
 * Books many first settlements in one database transaction, in a fixed number of statements
 * whatever their count. Each order still gets its status move and history row (the orders
 * module's one statement), its own settlement row, and its own ledger transaction under its own
 * key whose postings balance (the ledger's batch booking), exactly as `settle` writes them one
 * at a time. Only orders still accepted with no standing settlement are booked, so a cash out or
 * another worker that got there first is left alone. Any fault takes the whole batch back:
 * nothing is half-done, and the caller settles the batch again one order at a time.
 */
export async function settleFirstTimeBatch(
  deps: { ledger: Ledger; orders: OrderSettling },
  tx: Database,
  batch: readonly FirstSettlement[],
  at: Date,
): Promise<SettlementChange[]> {
  if (batch.length === 0) return [];
  const byId = new Map(batch.map((entry) => [entry.orderId, entry]));
  const ids = [...byId.keys()].sort((left, right) => left - right);

  // Status and history first: the move locks each order it finishes, and leaves out one that
  // another transaction moved meanwhile.
  const moved = await deps.orders.finishAccepted(
    tx,
    ids.map((id) => ({
      id,
      status: byId.get(id)?.wanted.result === 'void' ? orderStatus.void : orderStatus.settled,
    })),
    at,
  );
  if (moved.length === 0) return [];
  const orders = new Map(moved.map((order) => [order.id, order]));
  const lockedIds = [...orders.keys()].sort((left, right) => left - right);
  const inserted = await deps.orders.recordFirstSettlements(
    tx,
    lockedIds.map((orderId) => {
      const entry = byId.get(orderId) as FirstSettlement;
      return {
        orderId,
        result: entry.wanted.result,
        payoutMinor: entry.wanted.payoutMinor,
        legs: entry.legs,
      };
    }),
    at,
  );
  // An order moved from accepted that still had a standing settlement: not a first settlement.
  if (inserted.length !== lockedIds.length)
    throw new Error('an order of the batch already has a standing settlement');
  const settled = new Map(inserted.map((row) => [row.orderId, row]));

  await deps.ledger.bookBatchWithin(
    tx,
    lockedIds.flatMap((orderId) => {
      const row = settled.get(orderId);
      if (!row) throw new Error(`order ${orderId} has no settlement of the batch`);
      return settleTransfersOf(orders.get(orderId) as OrderRow, row.version, row.payoutMinor);
    }),
  );

  return lockedIds.map((id) => ({
    order: orders.get(id) as OrderRow,
    firstOptionId: byId.get(id)?.firstOptionId ?? '',
    settled: settled.get(id),
  }));
}
