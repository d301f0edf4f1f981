import { fromOddsUnits } from '@sb/domain';
import { marketKey } from '@sb/feed-sim';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { Catalogue } from '../catalogue/catalogue.service';
import type { EventState, ReadModel } from '../feed/feed.types';
import type { AuditWithin } from '../operators/audit.service';
import type { OrderExposure } from '../orders/orders.types';
import type { Settlement } from '../settlement/settlement.module';
import type { ManualSettlement, ManualSettlementRequest } from './manual-settlement';
import type { HoldTarget, TradingRepository } from './trading.repository';
import { type HoldRow, holdKeyOf, type TradingHolds } from './trading-holds';

const liveStatuses = new Set(['live']);

/** What the desk's match list asks for (tradingMatches). */
export interface MatchesQuery {
  state: 'live' | 'prematch' | 'all' | 'offbook';
  sportId?: number | undefined;
  q?: string | undefined;
  page: number;
  size: number;
}

const holdAnswer = (row: HoldRow | null | undefined) =>
  row ? { reason: row.reason, operatorId: row.operatorId, at: row.createdAt.getTime() } : null;

/**
 * The trading desk: the book's matches as the read model holds them, operators' holds (suspend
 * and reopen), voids and settlements by hand. A held market reads suspended wherever the book is
 * read, so bets, live acceptance and cash out refuse it like a feed suspension. Settlement
 * changes are told to the members they touch.
 */
export function createTradingDesk(deps: {
  db: Database;
  repository: TradingRepository;
  readModel: ReadModel;
  catalogue: Catalogue;
  holds: TradingHolds;
  exposure: OrderExposure;
  manual: ManualSettlement;
  settlement: Pick<Settlement, 'service' | 'tellChange'>;
  now: () => Date;
}) {
  const { db, repository, readModel, holds, catalogue, exposure, manual, now } = deps;
  const { service: settlement, tellChange } = deps.settlement;

  function summaryOf(state: EventState) {
    const { fixture, status } = state;
    return {
      eventId: fixture.eventId,
      sportId: fixture.sportId,
      leagueName: fixture.league.name,
      name: fixture.name,
      startTime: fixture.startTime,
      status: status.status,
      homeScore: status.homeScore,
      awayScore: status.awayScore,
      marketCount: state.markets.size,
      isBetStopped: state.isBetStopped,
      hold: holdAnswer(holds.holdOf({ eventId: fixture.eventId, playId: 0, specifiers: '' })),
    };
  }

  /**
   * A match the book no longer holds, as the catalogue recorded it (or only its id and sport
   * when the catalogue never saw it), with the markets its open bets are on.
   */
  async function offBookSummaryOf(eventId: number, sportId: number, marketCount: number) {
    const recorded = await catalogue.eventOf(eventId);
    return {
      eventId,
      sportId: recorded?.fixture.sportId ?? sportId,
      leagueName: recorded?.fixture.league.name ?? '',
      name: recorded?.fixture.name ?? `#${eventId}`,
      startTime: recorded?.fixture.startTime ?? 0,
      status: recorded?.status.status ?? 'unknown',
      homeScore: recorded?.status.homeScore ?? 0,
      awayScore: recorded?.status.awayScore ?? 0,
      marketCount,
      isBetStopped: true,
      hold: holdAnswer(holds.holdOf({ eventId, playId: 0, specifiers: '' })),
    };
  }

  /** Matches off the book with open bets, for the `offbook` state of the match list. */
  async function offBookMatches(input: { sportId?: number | undefined; q?: string | undefined }) {
    const open = await exposure.eventsWithOpenOrders();
    const summaries = await Promise.all(
      open
        .filter((event) => !readModel.get(event.eventId))
        .map((event) => offBookSummaryOf(event.eventId, event.sportId, event.marketCount)),
    );
    const needle = input.q?.toLowerCase();
    return summaries
      .filter((summary) => input.sportId === undefined || summary.sportId === input.sportId)
      .filter(
        (summary) =>
          !needle ||
          summary.name.toLowerCase().includes(needle) ||
          summary.leagueName.toLowerCase().includes(needle),
      )
      .sort((a, b) => a.startTime - b.startTime || a.eventId - b.eventId);
  }

  function requireEvent(eventId: number): EventState {
    const state = readModel.get(eventId);
    if (!state) throw new AppError('NOT_FOUND', `eventId: the book holds no match ${eventId}`);
    return state;
  }

  function requireMarket(state: EventState, playId: number, specifiers: string): void {
    if (!state.markets.has(marketKey({ playId, specifiers })))
      throw new AppError(
        'NOT_FOUND',
        `playId: match ${state.fixture.eventId} has no market ${playId} "${specifiers}"`,
      );
  }

  return {
    /** The matches of a state, filtered by sport and name, a page at a time. */
    async matches(input: MatchesQuery) {
      const start = (input.page - 1) * input.size;
      if (input.state === 'offbook') {
        const found = await offBookMatches(input);
        return { records: found.slice(start, start + input.size), total: found.length };
      }
      const needle = input.q?.toLowerCase();
      const found = [...readModel.all()].filter((state) => {
        if (input.sportId !== undefined && state.fixture.sportId !== input.sportId) return false;
        const isLive = liveStatuses.has(state.status.status);
        if (input.state === 'live' && !isLive) return false;
        if (input.state === 'prematch' && state.status.status !== 'not_started') return false;
        if (!needle) return true;
        return (
          state.fixture.name.toLowerCase().includes(needle) ||
          state.fixture.league.name.toLowerCase().includes(needle)
        );
      });
      found.sort((a, b) => {
        const liveOrder =
          Number(liveStatuses.has(b.status.status)) - Number(liveStatuses.has(a.status.status));
        return (
          liveOrder ||
          a.fixture.startTime - b.fixture.startTime ||
          a.fixture.eventId - b.fixture.eventId
        );
      });
      return {
        records: found.slice(start, start + input.size).map(summaryOf),
        total: found.length,
      };
    },

    /** A match with its markets, their holds and the book's liability on each outcome. */
    async match(eventId: number) {
      const liability = await exposure.liabilityOf(eventId);
      if (!readModel.get(eventId)) {
        // Off the book: the markets its bets are on, every outcome they named, no prices.
        const betOn = await exposure.marketsBetOn(eventId);
        if (betOn.length === 0) requireEvent(eventId);
        const markets = betOn.map(({ sportId: _sportId, ...market }) => ({
          playId: market.playId,
          specifiers: market.specifiers,
          name: market.specifiers ? `${market.playId} ${market.specifiers}` : `${market.playId}`,
          status: 'off_book',
          isOpen: false,
          hold: holdAnswer(holds.holdOf({ eventId, ...market })),
          outcomes: market.outcomeIds.map((outcomeId) => ({
            id: outcomeId,
            name: outcomeId,
            odds: 0,
            liability: liability.get(`${marketKey(market)}|${outcomeId}`) ?? [],
          })),
        }));
        const sportId = betOn[0]?.sportId ?? 0;
        const summary = await offBookSummaryOf(eventId, sportId, markets.length);
        return { ...summary, isOffBook: true, markets };
      }
      const state = requireEvent(eventId);
      const markets = [...state.markets.values()]
        .sort((a, b) => a.playId - b.playId || a.specifiers.localeCompare(b.specifiers))
        .map((market) => ({
          playId: market.playId,
          specifiers: market.specifiers,
          name: market.name,
          status: market.status,
          isOpen: readModel.isMarketOpen(state, market),
          hold: holdAnswer(holds.holdOf({ eventId, ...market })),
          outcomes: market.outcomes.map((outcome) => ({
            id: outcome.id,
            name: outcome.name,
            odds: fromOddsUnits(outcome.odds),
            liability: liability.get(`${marketKey(market)}|${outcome.id}`) ?? [],
          })),
        }));
      return { ...summaryOf(state), isOffBook: false, markets };
    },

    /** The audit target of a hold, a void or a settlement: `eventId:market`. */
    targetIdOf: (target: HoldTarget) => `${target.eventId}:${holdKeyOf(target)}`,

    /** Holds or reopens a match (no playId) or one market of it. */
    async hold(
      input: { eventId: number; playId?: number | undefined; specifiers: string; held: boolean },
      change: { reason: string; operatorId: number },
      audit: (target: HoldTarget) => AuditWithin,
    ) {
      const state = requireEvent(input.eventId);
      const playId = input.playId ?? 0;
      const specifiers = input.playId === undefined ? '' : input.specifiers;
      if (playId !== 0) requireMarket(state, playId, specifiers);
      const target = { eventId: input.eventId, playId, specifiers };
      const { hold, applied } = await holds.set(
        target,
        { held: input.held, reason: change.reason, operatorId: change.operatorId },
        audit(target),
      );
      return { ...target, hold: holdAnswer(hold), applied };
    },

    /**
     * Voids a market: the catalogue's record, the hold that keeps bets off it and the audit entry
     * commit together; the orders on it then settle (or their leg turns void).
     */
    async voidMarket(
      target: HoldTarget,
      change: { reason: string; operatorId: number },
      audit: AuditWithin,
    ): Promise<{ ordersVoided: number; applied: boolean }> {
      const state = readModel.get(target.eventId);
      // A match off the book can still be voided, market by market, where bets were placed.
      if (state) requireMarket(state, target.playId, target.specifiers);
      else if ((await exposure.outcomesBetOn(db, target)).length === 0)
        requireEvent(target.eventId);
      const at = now();
      const voided = await repository.transaction(async (_queries, tx) => {
        const cancellationId = await catalogue.recordOperatorVoid(tx, target, at);
        if (cancellationId === null) return null;
        // A voided market takes no more bets: it stays held, whatever the feed says of it.
        await holds.holdWithin(tx, target, {
          reason: `void: ${change.reason}`,
          operatorId: change.operatorId,
          at,
        });
        const openOrders = await exposure.openOrdersOn(tx, target);
        await audit(tx, {
          before: { voided: false, openOrders },
          after: { voided: true, cancellationId },
        });
        return openOrders;
      });
      if (voided === null) return { ordersVoided: 0, applied: false };
      await holds.refresh();
      // Settlement reads the catalogue: the orders on the market settle (or their leg turns void)
      // now, and a crash before this point is caught up by the settlement sweep.
      for (const change of await settlement.reconcileEvent(target.eventId)) tellChange(change);
      return { ordersVoided: voided, applied: true };
    },

    /** Settles (or resettles) a market by hand, then its orders (manual-settlement.ts). */
    async settle(request: ManualSettlementRequest) {
      const { version, applied, changes } = await manual.settle(request);
      for (const change of changes) tellChange(change);
      return { ...request.market, version, applied, ordersChanged: changes.length };
    },
  };
}

export type TradingDesk = ReturnType<typeof createTradingDesk>;
