import type { Fixture, MatchResult, MatchStatus, SportId } from '@sb/feed-sim';
import type { Database } from '../../db/database';
import {
  type CancellationRecord,
  createCatalogueRepository,
  type FinishedEventsQuery,
  type FixtureChangeRecord,
  type LeagueRow,
  type MarketRef,
  type OutcomeRef,
  type RecordedFixture,
  type SettlementRecord,
  type SportEventRow,
} from './catalogue.repository';
import type { FeedPosition } from './catalogue-batch';
import {
  type CatalogueRecorder,
  createCatalogueRecorder,
  type RecorderLog,
} from './catalogue-recorder';

// The process that runs the feed starts the simulator through here (docs/boundaries.md).
export { startRecordedSimulator } from './recorded-simulator';

/** Operator voids are no feed message: they take this seq, so a market is voided once. */
const operatorVoidSeq = 0;

export type {
  CancellationRecord,
  FinishedEventsQuery,
  FixtureChangeRecord,
  MarketRef,
  OutcomeRef,
  RecordedFixture,
  SettlementRecord,
};

/** One outcome's result as an operator settles it: the feed's terms (1 won, 0 lost). */
export interface OperatorOutcome {
  outcomeId: string;
  result: 0 | 1;
  voidFactor: number;
  deadHeatFactor: number;
}

/** The certainty recorded with an operator's settlement: decided, like UOF's confirmed. */
const operatorCertainty = 2;

/** An event as the catalogue holds it: the fixture, the last recorded status and result. */
export interface CatalogueEvent {
  fixture: Fixture;
  status: MatchStatus;
  /** The figures of the last settlement; null before any. */
  result: MatchResult | null;
  updatedAt: Date;
}

function eventOfRow(event: SportEventRow, league: LeagueRow): CatalogueEvent {
  const fixture: Fixture = {
    eventId: event.eventId,
    sportId: event.sportId as SportId,
    kind: event.kind,
    name: event.name,
    league: {
      id: league.leagueId,
      sportId: league.sportId as SportId,
      name: league.name,
      category: league.category,
      ...(league.names ? { names: league.names } : {}),
      ...(league.categoryNames ? { categoryNames: league.categoryNames } : {}),
    },
    competitors: event.competitors,
    startTime: event.startTime.getTime(),
    virtual: event.isVirtual,
    liveOdds: event.hasLiveOdds,
    format: event.format,
  };
  if (event.endTime) fixture.endTime = event.endTime.getTime();
  if (event.names) fixture.names = event.names;
  return { fixture, status: event.matchStatus, result: event.result, updatedAt: event.updatedAt };
}

/**
 * What the feed has said that outlives a restart, for the betting engine (settlements,
 * cancellations, an event's state) and for results older than memory holds. Only the process
 * that runs the feed writes it, through a recorder.
 */
export function createCatalogue(db: Database) {
  const repository = createCatalogueRepository(db);
  return {
    async eventOf(eventId: number): Promise<CatalogueEvent | undefined> {
      const row = await repository.findEvent(eventId);
      return row && eventOfRow(row.event, row.league);
    },

    /** Every outcome result the feed sent for the event, rolled back ones included, in order. */
    settlementsOf(eventId: number): Promise<SettlementRecord[]> {
      return repository.listSettlements(eventId);
    },

    /**
     * An operator voids a market: a cancellation of every bet on it, with no window, that the
     * feed's rollbacks never lift. Written in the caller's transaction; answers its id, or null
     * when the market was already voided so.
     */
    async recordOperatorVoid(
      tx: Database,
      market: { eventId: number; playId: number; specifiers: string },
      at: Date,
    ): Promise<number | null> {
      return repository.insertOperatorVoid(tx, market, operatorVoidSeq, at);
    },

    /**
     * The settlements of one market that stand now (not rolled back), the feed's and an
     * operator's, read in the caller's transaction.
     */
    standingSettlementsOf(tx: Database, market: MarketRef): Promise<SettlementRecord[]> {
      return repository.listStandingSettlements(tx, market);
    },

    /** Whether an operator voided the market (a void that stands). */
    isVoidedByOperator(tx: Database, market: MarketRef): Promise<boolean> {
      return repository.hasStandingOperatorVoid(tx, market);
    },

    /**
     * An operator settles a market by hand, in the caller's transaction (which must hold the
     * market's lock): the operator's earlier settlement of it, if one stands, is rolled back and
     * the new one recorded as the next version. Answers that version.
     */
    async recordOperatorSettlement(
      tx: Database,
      market: MarketRef,
      outcomes: readonly OperatorOutcome[],
      by: { operatorId: number; at: Date },
    ): Promise<number> {
      const lowestSeq = await repository.lowestOperatorSeq(tx, market);
      const version = 1 - Math.min(0, lowestSeq ?? 0);
      await repository.rollBackOperatorSettlement(tx, market, by.at);
      await repository.insertSettlements(
        tx,
        outcomes.map((outcome) => ({
          ...market,
          seq: -version,
          outcomeId: outcome.outcomeId,
          result: outcome.result,
          voidFactor: outcome.voidFactor,
          deadHeatFactor: outcome.deadHeatFactor,
          certainty: operatorCertainty,
          producedAt: by.at,
          receivedAt: by.at,
          operatorId: by.operatorId,
        })),
      );
      return version;
    },

    /**
     * Serialises operators' settlements of one market for the rest of the caller's transaction:
     * two operators settling it at once take turns, and the second sees the first's version.
     */
    async lockMarket(tx: Database, market: MarketRef): Promise<void> {
      const key = `market:${market.eventId}:${market.playId}:${market.specifiers}`;
      await repository.lockWithin(tx, key);
    },

    /** Every cancellation the feed sent for the event, rolled back ones included, in order. */
    cancellationsOf(eventId: number): Promise<CancellationRecord[]> {
      return repository.listCancellations(eventId);
    },

    /**
     * The standing settlements of these outcomes and the standing cancellations of their events:
     * what the feed has said of a bet's legs before the bet's own settlement, read as settlement
     * reads them.
     */
    async standingFactsOf(
      outcomes: readonly OutcomeRef[],
    ): Promise<{ settlements: SettlementRecord[]; cancellations: CancellationRecord[] }> {
      if (outcomes.length === 0) return { settlements: [], cancellations: [] };
      const eventIds = new Set(outcomes.map((outcome) => outcome.eventId));
      const [settlements, cancellations] = await Promise.all([
        repository.listStandingOutcomeSettlements(outcomes),
        repository.listStandingCancellations(eventIds),
      ]);
      return { settlements, cancellations };
    },

    /** The recorded fixtures of these events, by event id; an event never recorded is absent. */
    async recordedFixturesOf(eventIds: ReadonlySet<number>): Promise<Map<number, RecordedFixture>> {
      if (eventIds.size === 0) return new Map();
      return repository.findRecordedFixtures(eventIds);
    },

    fixtureChangesOf(eventId: number): Promise<FixtureChangeRecord[]> {
      return repository.listFixtureChanges(eventId);
    },

    /** Finished events, latest kick-off first: one page and how many match the query. */
    async finishedEvents(
      query: FinishedEventsQuery,
    ): Promise<{ events: CatalogueEvent[]; total: number }> {
      const { rows, total } = await repository.findFinishedEvents(query);
      return { events: rows.map((row) => eventOfRow(row.event, row.league)), total };
    },

    /** How far a feed source has been recorded; undefined before its first write. */
    positionOf(source: string): Promise<FeedPosition | undefined> {
      return repository.readPosition(source);
    },

    /** Every feed source that has recorded here. */
    sources(): Promise<string[]> {
      return repository.listSources();
    },

    /** A recorder for the one process that runs the feed `source`. */
    startRecording(
      source: string,
      options: { now?: () => Date; log?: RecorderLog } = {},
    ): CatalogueRecorder {
      return createCatalogueRecorder({ repository, source, ...options });
    },
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
