import { randomInt } from 'node:crypto';
import { AppError } from '../../http/app-error';
import { createPlacementBatcher } from './order-batcher';
import type { OrdersRepository, OrderWithLegs } from './orders.repository';
import type { PlacedOrderInput, PlacementRow } from './placement.statement';

export interface PlacedOrder {
  order: OrderWithLegs;
  /** False for a replay of an order placed earlier with the same key. */
  isNew: boolean;
}

/** How placements share statements (config ORDER_BATCH_SIZE, ORDER_BATCH_WAIT_MS). */
export interface PlacementBatching {
  /** Orders placed in one statement at most; 1 places each order on its own. */
  maxOrders: number;
  /** How long the first order of a batch waits for others. */
  waitMs: number;
  onBatchFailed: (error: unknown, size: number) => void;
}

/**
 * Batches of placements under way at once. One gathers the most orders a batch: in the
 * placement bench, with one running the batches held about 4.8 orders against 2.9 with two, and
 * the server and the database spent about a quarter less CPU per order.
 */
const batchesRunning = 1;

/**
 * B, the UTC date and time to the second, and nine random digits: sortable, and unique but for
 * chance (at a thousand bets a second two of the same second share a number about once in half
 * an hour), which the writer meets by numbering the order again.
 */
export function newOrderNo(at: Date): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(0, 14);
  return `B${stamp}${randomInt(0, 1_000_000_000).toString().padStart(9, '0')}`;
}

/** Tries at an order number before the placement gives up (each a one in a billion draw). */
const maxNumberings = 5;

/** An earlier order of the same key: the same order again, or refused when the bet differs. */
export function replayOf(existing: OrderWithLegs, requestDigest: string): PlacedOrder {
  if (existing.order.requestDigest !== requestDigest) throw new AppError('IDEMPOTENCY_CONFLICT');
  return { order: existing, isNew: false };
}

/**
 * Writes placed orders and holds their stakes, one statement for the orders arriving together
 * (order-batcher.ts, placement.statement.ts).
 */
export function createOrderWriter(deps: {
  repository: OrdersRepository;
  batching?: PlacementBatching | undefined;
  /** A fresh number for an order whose number another order already has. */
  renumber?: (at: Date) => string;
}) {
  const { repository } = deps;
  const renumber = deps.renumber ?? newOrderNo;

  /**
   * Places the orders together, each answering as it would alone: its order, a replay of the
   * order its idempotency key already placed, or its own refusal. The member's balance is locked
   * while it is read, so racing bets queue and none can take it below zero. An order whose
   * number was taken is numbered again and placed once more.
   */
  async function writeTogether(
    inputs: readonly PlacedOrderInput[],
    numberings = 1,
  ): Promise<(PlacedOrder | Error)[]> {
    const rows = await repository.placeOrders(inputs);
    async function answerOf(row: PlacementRow, input: PlacedOrderInput): Promise<PlacedOrder> {
      if (row.order) return { order: row.order, isNew: true };
      const { userId, idempotencyKey, requestDigest, createdAt } = input.values;
      if (idempotencyKey !== null) {
        // Another request with the same key committed first.
        const existing = await repository.findByKey(userId, idempotencyKey);
        if (existing) return replayOf(existing, requestDigest);
      }
      if (!row.isFunded) throw new AppError('INSUFFICIENT_FUNDS');
      if (numberings >= maxNumberings)
        throw new Error(`no free order number in ${numberings} tries`);
      const renumbered = { ...input, values: { ...input.values, orderNo: renumber(createdAt) } };
      const [again] = await writeTogether([renumbered], numberings + 1);
      if (again === undefined || again instanceof Error) throw again;
      return again;
    }
    return Promise.all(
      rows.map((row, index) =>
        answerOf(row, inputs[index] as PlacedOrderInput).catch((error: Error) => error),
      ),
    );
  }

  async function writeAlone(input: PlacedOrderInput): Promise<PlacedOrder> {
    const [answer] = await writeTogether([input]);
    if (answer === undefined) throw new Error('a placement got no answer');
    if (answer instanceof Error) throw answer;
    return answer;
  }

  const batching = deps.batching;
  const batcher =
    batching && batching.maxOrders > 1
      ? createPlacementBatcher<PlacedOrderInput, PlacedOrder>({
          maxOrders: batching.maxOrders,
          waitMs: batching.waitMs,
          maxBatchesRunning: batchesRunning,
          placeTogether: writeTogether,
          placeAlone: writeAlone,
          // A member's bets go one batch at a time: each is judged against the balance the one
          // before it left, as it would be alone.
          twinKeyOf: ({ values }) => String(values.userId),
          onBatchFailed: batching.onBatchFailed,
        })
      : undefined;

  return {
    /** Writes the order and holds its stake; answers the order, a replay, or a refusal. */
    write: (input: PlacedOrderInput): Promise<PlacedOrder> =>
      batcher ? batcher.place(input) : writeAlone(input),
    /** Waits for the batches under way (the app is closing). */
    settle: async (): Promise<void> => batcher?.settle(),
  };
}

export type OrderWriter = ReturnType<typeof createOrderWriter>;
