import type { ManualOutcome } from '@sb/contract';
import { marketKey } from '@sb/feed-sim';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type {
  Catalogue,
  MarketRef,
  OperatorOutcome,
  SettlementRecord,
} from '../catalogue/catalogue.service';
import type { ReadModel } from '../feed/feed.types';
import type { AuditService } from '../operators/audit.service';
import type { OrderExposure } from '../orders/orders.types';
import type { SettlementChange, SettlementService } from '../settlement/settlement.service';
import { holdKeyOf, type TradingHolds } from './trading-holds';

/** An operator's result as the feed would have sent it (Sportradar's terms). */
export function operatorOutcomeOf(outcome: ManualOutcome): OperatorOutcome {
  const terms = {
    won: { result: 1, voidFactor: 0 },
    lost: { result: 0, voidFactor: 0 },
    void: { result: 0, voidFactor: 1 },
    half_won: { result: 1, voidFactor: 0.5 },
    half_lost: { result: 0, voidFactor: 0.5 },
  } as const;
  return {
    outcomeId: outcome.outcomeId,
    ...terms[outcome.result],
    deadHeatFactor: outcome.deadHeatFactor ?? 1,
  };
}

/** A standing settlement as the audit log shows it. */
function snapshotOf(rows: readonly SettlementRecord[]) {
  if (rows.length === 0) return null;
  const byHand = rows.filter((row) => row.operatorId !== null);
  const deciding = byHand.length > 0 ? byHand : rows;
  return {
    source: byHand.length > 0 ? 'operator' : 'feed',
    ...(byHand.length > 0 ? { version: -(byHand[0]?.seq ?? 0) } : {}),
    outcomes: deciding
      .map((row) => ({
        outcomeId: row.outcomeId,
        result: row.result,
        voidFactor: row.voidFactor,
        deadHeatFactor: row.deadHeatFactor,
      }))
      .sort((a, b) => a.outcomeId.localeCompare(b.outcomeId)),
  };
}

/** Whether the operator's standing settlement says exactly what `outcomes` say. */
function isSameByHand(standing: readonly SettlementRecord[], outcomes: readonly OperatorOutcome[]) {
  const byHand = standing.filter((row) => row.operatorId !== null);
  if (byHand.length !== outcomes.length) return false;
  return outcomes.every((outcome) =>
    byHand.some(
      (row) =>
        row.outcomeId === outcome.outcomeId &&
        row.result === outcome.result &&
        row.voidFactor === outcome.voidFactor &&
        row.deadHeatFactor === outcome.deadHeatFactor,
    ),
  );
}

export interface ManualSettlementRequest {
  market: MarketRef;
  outcomes: readonly ManualOutcome[];
  resettle: boolean;
  reason: string;
  actor: { operatorId: number; ip: string };
}

/**
 * Settlement by hand: the operator's results go into the catalogue as a settlement of the market
 * that outranks the feed's, and the orders on it are then settled by the settlement service, the
 * path the feed's results take (one transaction and one ledger transfer per order; a
 * resettlement reverses the standing payout exactly, then pays the new one).
 */
export function createManualSettlement(deps: {
  db: Database;
  readModel: ReadModel;
  catalogue: Catalogue;
  holds: TradingHolds;
  exposure: OrderExposure;
  audit: AuditService;
  settlement: SettlementService;
  now: () => Date;
}) {
  const { db, readModel, catalogue, holds, exposure, audit, settlement, now } = deps;

  /** The outcomes the results must name: the market's in the book and any bet on. */
  async function requireOutcomes(request: ManualSettlementRequest): Promise<OperatorOutcome[]> {
    const { market } = request;
    const state = readModel.get(market.eventId);
    if (!state && !(await catalogue.eventOf(market.eventId)))
      throw new AppError('NOT_FOUND', `eventId: the book holds no match ${market.eventId}`);
    const offered = state?.markets.get(marketKey(market))?.outcomes.map((outcome) => outcome.id);
    const betOn = await exposure.outcomesBetOn(db, market);
    if (!offered && betOn.length === 0)
      throw new AppError(
        'NOT_FOUND',
        `playId: match ${market.eventId} has no market ${market.playId} "${market.specifiers}"`,
      );
    const required = new Set([...(offered ?? []), ...betOn]);
    const named = new Set<string>();
    request.outcomes.forEach((outcome, index) => {
      const field = `outcomes.${index}.outcomeId`;
      if (named.has(outcome.outcomeId))
        throw new AppError('INVALID_INPUT', `${field}: ${outcome.outcomeId} is named twice`);
      if (!required.has(outcome.outcomeId))
        throw new AppError(
          'INVALID_INPUT',
          `${field}: the market has no outcome ${outcome.outcomeId} (it has ${[...required].join(', ')})`,
        );
      named.add(outcome.outcomeId);
    });
    const missing = [...required].filter((outcomeId) => !named.has(outcomeId));
    if (missing.length > 0)
      throw new AppError('INVALID_INPUT', `outcomes: no result for ${missing.join(', ')}`);
    return request.outcomes.map(operatorOutcomeOf);
  }

  return {
    /**
     * Settles (or resettles) the market by hand and then its orders. The catalogue's record, the
     * hold that keeps new bets off the market and the audit entry commit together; the orders
     * follow, and a crash between the two is caught up by the settlement sweep.
     */
    async settle(
      request: ManualSettlementRequest,
    ): Promise<{ version: number; applied: boolean; changes: SettlementChange[] }> {
      const outcomes = await requireOutcomes(request);
      const { market, actor } = request;
      const written = await db.transaction(async (tx) => {
        await catalogue.lockMarket(tx, market);
        if (await catalogue.isVoidedByOperator(tx, market))
          throw new AppError(
            'INVALID_INPUT',
            'playId: an operator voided this market; a void is not settled again',
          );
        const standing = await catalogue.standingSettlementsOf(tx, market);
        if (isSameByHand(standing, outcomes)) {
          const version = -(standing.find((row) => row.operatorId !== null)?.seq ?? 0);
          return { version, applied: false };
        }
        if (standing.length > 0 && !request.resettle)
          throw new AppError(
            'MARKET_ALREADY_SETTLED',
            `resettle: the market stands settled by ${snapshotOf(standing)?.source}; send resettle true to settle it again`,
          );
        const at = now();
        const version = await catalogue.recordOperatorSettlement(tx, market, outcomes, {
          operatorId: actor.operatorId,
          at,
        });
        await holds.holdWithin(tx, market, {
          reason: `settled: ${request.reason}`,
          operatorId: actor.operatorId,
          at,
        });
        await audit.record(tx, {
          ...actor,
          action: standing.length > 0 ? 'market.resettle' : 'market.settle',
          target: { type: 'market', id: `${market.eventId}:${holdKeyOf(market)}` },
          reason: request.reason,
          before: snapshotOf(standing),
          after: snapshotOf(await catalogue.standingSettlementsOf(tx, market)),
        });
        return { version, applied: true };
      });
      if (written.applied) await holds.refresh();
      // A repeated request settles nothing new, but finishes what a crash may have left undone.
      return { ...written, changes: await settlement.reconcileEvent(market.eventId) };
    },
  };
}

export type ManualSettlement = ReturnType<typeof createManualSettlement>;
