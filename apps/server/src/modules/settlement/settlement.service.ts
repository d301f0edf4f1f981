import { orderStatus } from '@sb/contract';
import {
  type BetSettlement,
  type LegState,
  settleBet,
  settleSelection,
  VOID_OUTCOME,
} from '@sb/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { Catalogue } from '../catalogue/catalogue.service';
import { ledgerAccounts } from '../ledger/ledger.schema';
import type { Ledger, Posting } from '../ledger/ledger.service';
import {
  createOrdersRepository,
  findEventIdsOfOrders,
  findOrderIdsByEvent,
  firstAcceptedAt,
  lockOrder,
  moveOrderStatus,
  type OrderRow,
  type OrderWithLegs,
} from '../orders/orders.repository';
import { orderStatusHistory } from '../orders/orders.schema';
import { type EventFacts, legStateOf } from './leg-states';
import { orderSettlements, type SettledLeg } from './settlement.schema';

/** Orders settlement may change: open ones, and settled ones a rollback may take back. */
const reconciledStatuses: number[] = [orderStatus.accepted, orderStatus.settled, orderStatus.void];
const finishedBySettlement: number[] = [orderStatus.settled, orderStatus.void];
/** How far back the catch-up sweep looks at finished orders for a lost rollback. */
const sweepRollbackHorizonMs = 24 * 3_600_000;

type StandingSettlement = typeof orderSettlements.$inferSelect;

/** What one reconciliation of an order did, for the member's pushes. */
export interface SettlementChange {
  order: OrderRow;
  firstOptionId: string;
  /** The settlement taken back, if any. */
  rolledBack?: StandingSettlement;
  /** The settlement made, if any. */
  settled?: StandingSettlement;
}

const drop = (postings: Posting[]) => postings.filter((posting) => posting.amount !== 0);

function settledLegsOf(states: LegState[]): SettledLeg[] {
  return states.map((state, legIndex) => {
    // A parlay lost on one leg is settled with its other legs still open.
    if (state === 'open') return { legIndex, state: 'open', result: 'open' };
    return {
      legIndex,
      state:
        state === 'void'
          ? 'void'
          : {
              result: state.result,
              voidFactor: state.voidFactor ?? 0,
              deadHeatFactor: state.deadHeatFactor ?? 1,
            },
      // The odds do not change a leg's result, so any valid price reads it.
      result: settleSelection(state === 'void' ? VOID_OUTCOME : state, 10_000).result,
    };
  });
}

/** A leg's settled state as text; jsonb keeps its own key order, so not JSON.stringify. */
function legKey(leg: SettledLeg | undefined): string {
  if (!leg) return '';
  const { state } = leg;
  return typeof state === 'string'
    ? `${leg.legIndex}:${state}`
    : `${leg.legIndex}:${state.result}:${state.voidFactor}:${state.deadHeatFactor}`;
}

/** Whether the standing settlement is the one the catalogue asks for now. */
function isSameSettlement(
  standing: StandingSettlement,
  wanted: Extract<BetSettlement, { state: 'settled' }>,
  legs: SettledLeg[],
): boolean {
  if (standing.result !== wanted.result || standing.payoutMinor !== wanted.payoutMinor)
    return false;
  // A lost parlay stays lost whatever its other legs do later: no reason to settle it again.
  if (wanted.result === 'lost') return true;
  return (
    standing.legs.length === legs.length &&
    standing.legs.every((stored, index) => legKey(stored) === legKey(legs[index]))
  );
}

/**
 * Settles orders from what the catalogue holds: every standing settlement and cancellation of
 * their legs' events. Each order is brought to the settlement the catalogue asks for now, so a
 * message handled twice, a rollback, a resettlement and a start-up catch-up are all the same
 * step. The step runs in one transaction per order under a lock of the order's row: of two
 * workers the second finds the work done and writes nothing.
 */
export function createSettlementService(deps: {
  db: Database;
  ledger: Ledger;
  catalogue: Catalogue;
  now: () => Date;
}) {
  const { db, ledger, catalogue, now } = deps;
  const repository = createOrdersRepository(db);

  async function factsOf(eventId: number, cache: Map<number, EventFacts>): Promise<EventFacts> {
    const cached = cache.get(eventId);
    if (cached) return cached;
    const facts = {
      settlements: await catalogue.settlementsOf(eventId),
      cancellations: await catalogue.cancellationsOf(eventId),
    };
    cache.set(eventId, facts);
    return facts;
  }

  async function wantedOf(found: OrderWithLegs, cache: Map<number, EventFacts>) {
    const { order, legs } = found;
    const acceptedAt =
      (await firstAcceptedAt(db, order.id, orderStatus.accepted)) ?? order.createdAt;
    const states: LegState[] = [];
    for (const leg of legs)
      states.push(legStateOf(leg, await factsOf(leg.eventId, cache), acceptedAt.getTime()));
    const wanted = settleBet({
      stakeMinor: order.stakeMinor,
      legs: legs.map((leg, index) => ({
        oddsUnits: leg.oddsUnits,
        outcome: states[index] ?? 'open',
      })),
    });
    return { wanted, states };
  }

  /** Takes the standing settlement back: the payout returns, the stake is held again. */
  async function rollBack(tx: Database, order: OrderRow, standing: StandingSettlement, at: Date) {
    const { userId, currencyId, stakeMinor, orderNo } = order;
    const [main] = await tx
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.userId, userId),
          eq(ledgerAccounts.bucket, 'main'),
          eq(ledgerAccounts.currencyId, currencyId),
        ),
      )
      .for('update');
    // The ledger keeps member balances at zero or more: what the member already spent stays a
    // debt of theirs, which the house carries (docs/betting.md, Settlement).
    const recovered = Math.min(standing.payoutMinor, main?.balance ?? 0);
    await ledger.transferWithin(tx, {
      idempotencyKey: `order-unsettle:${orderNo}:${standing.version}`,
      kind: 'order_unsettle',
      reference: orderNo,
      postings: drop([
        { account: { systemCode: 'stakes_held', currencyId }, amount: stakeMinor },
        { account: { systemCode: 'house', currencyId }, amount: -(stakeMinor - recovered) },
        { account: { userId, bucket: 'main', currencyId }, amount: -recovered },
      ]),
    });
    const [rolledBack] = await tx
      .update(orderSettlements)
      .set({ rolledBackAt: at, unrecoveredMinor: standing.payoutMinor - recovered })
      .where(eq(orderSettlements.id, standing.id))
      .returning();
    const moved = await moveOrderStatus(
      tx,
      order.id,
      finishedBySettlement,
      orderStatus.accepted,
      at,
    );
    if (!moved || !rolledBack) throw new Error(`order ${orderNo} changed under its lock`);
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: orderStatus.accepted,
      actor: 'system',
      at,
    });
    return { order: moved, rolledBack };
  }

  /** Books a new settlement: the held stake goes to the house, the payout to the member. */
  async function settle(
    tx: Database,
    order: OrderRow,
    wanted: Extract<BetSettlement, { state: 'settled' }>,
    legs: SettledLeg[],
    at: Date,
  ) {
    const { userId, currencyId, stakeMinor, orderNo } = order;
    const [last] = await tx
      .select({ version: orderSettlements.version })
      .from(orderSettlements)
      .where(eq(orderSettlements.orderId, order.id))
      .orderBy(desc(orderSettlements.version))
      .limit(1);
    const version = (last?.version ?? 0) + 1;
    const [settled] = await tx
      .insert(orderSettlements)
      .values({
        orderId: order.id,
        version,
        result: wanted.result,
        payoutMinor: wanted.payoutMinor,
        legs,
        settledAt: at,
      })
      .returning();
    const payout = wanted.payoutMinor;
    await ledger.transferWithin(tx, {
      idempotencyKey: `order-settle:${orderNo}:${version}`,
      kind: 'order_settle',
      reference: orderNo,
      postings: drop([
        { account: { systemCode: 'stakes_held', currencyId }, amount: -stakeMinor },
        { account: { systemCode: 'house', currencyId }, amount: stakeMinor - payout },
        { account: { userId, bucket: 'main', currencyId }, amount: payout },
      ]),
    });
    const status = wanted.result === 'void' ? orderStatus.void : orderStatus.settled;
    const moved = await moveOrderStatus(tx, order.id, [orderStatus.accepted], status, at);
    if (!moved || !settled) throw new Error(`order ${orderNo} changed under its lock`);
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: orderStatus.accepted,
      toStatus: status,
      actor: 'system',
      at,
    });
    return { order: moved, settled };
  }

  /** Brings one order to the settlement the catalogue asks for; null when it already is. */
  async function reconcileOrder(
    orderId: number,
    cache: Map<number, EventFacts>,
  ): Promise<SettlementChange | null> {
    const found = await repository.findById(orderId);
    if (!found || !reconciledStatuses.includes(found.order.status)) return null;
    const { wanted, states } = await wantedOf(found, cache);
    const legs = wanted.state === 'settled' ? settledLegsOf(states) : [];
    const firstOptionId = found.legs[0]?.optionId ?? '';
    return repository.transaction(async (_bound, tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order || !reconciledStatuses.includes(order.status)) return null;
      const [standing] = await tx
        .select()
        .from(orderSettlements)
        .where(and(eq(orderSettlements.orderId, orderId), isNull(orderSettlements.rolledBackAt)));
      // An order finished some other way (not by a settlement) is not settlement's to change.
      if (!standing && order.status !== orderStatus.accepted) return null;
      if (!standing && wanted.state === 'open') return null;
      if (standing && wanted.state === 'settled' && isSameSettlement(standing, wanted, legs))
        return null;
      const at = now();
      const change: SettlementChange = { order, firstOptionId };
      if (standing) Object.assign(change, await rollBack(tx, order, standing, at));
      if (wanted.state === 'settled')
        Object.assign(change, await settle(tx, change.order, wanted, legs, at));
      return change;
    });
  }

  return {
    /** Brings every order with a leg on the event to what the catalogue now says of it. */
    async reconcileEvent(eventId: number): Promise<SettlementChange[]> {
      const cache = new Map<number, EventFacts>();
      const changes: SettlementChange[] = [];
      for (const orderId of await findOrderIdsByEvent(db, eventId, reconciledStatuses)) {
        const change = await reconcileOrder(orderId, cache);
        if (change) changes.push(change);
      }
      return changes;
    },

    /**
     * Events of the orders settlement may still change, for a catch-up sweep: every open order,
     * and the orders settled within the rollback horizon (the feed corrects a result within hours;
     * a later correction arrives as a message like any other). Bounded so that the sweep does not
     * grow with the whole history of the book.
     */
    eventsToSweep: async () => {
      const horizon = new Date(now().getTime() - sweepRollbackHorizonMs);
      const [open, recent] = await Promise.all([
        findEventIdsOfOrders(db, [orderStatus.accepted]),
        findEventIdsOfOrders(db, finishedBySettlement, horizon),
      ]);
      return [...new Set([...open, ...recent])];
    },
  };
}

export type SettlementService = ReturnType<typeof createSettlementService>;
