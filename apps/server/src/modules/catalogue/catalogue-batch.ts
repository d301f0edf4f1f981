import type {
  BetCancelReason,
  EventStatus,
  FeedMessage,
  FeedSnapshot,
  Fixture,
  FixtureChangeType,
  League,
  MarketRef,
  MatchResult,
  MatchStatus,
  SportInfo,
} from '@sb/feed-sim';

/** Where a feed source stands: everything it sent up to `callerTime` is in the batch. */
export interface FeedPosition {
  callerTime: number;
  /** The feed's own clock at `callerTime`. */
  feedTime: number;
  /**
   * The simulator's fixture calendar, fixed for the life of its world (absent for other feeds,
   * and in positions saved before calendars existed, which were calendar 1).
   */
  calendar?: number;
  /**
   * The simulator's density, fixed for the life of its world like the calendar (absent for other
   * feeds, and in positions saved before it was recorded, whose worlds ran at density 1).
   */
  density?: number;
}

export interface FixturePatch {
  fixture: Fixture;
  seq: number;
}

/**
 * A new status. A fixture change that calls a match off names only the new status: `status` is
 * then undefined and the recorded periods and scores stay.
 */
export interface StatusPatch {
  eventId: number;
  seq: number;
  statusName: EventStatus;
  status?: MatchStatus;
}

export interface ResultPatch {
  eventId: number;
  seq: number;
  result: MatchResult;
}

export interface SettlementRow {
  eventId: number;
  seq: number;
  playId: number;
  specifiers: string;
  outcomeId: string;
  result: 0 | 1;
  voidFactor: number;
  deadHeatFactor: number;
  certainty: number;
  producedAt: Date;
  receivedAt: Date;
}

/** A market ref with the message that withdraws its earlier settlement or cancellation. */
export interface RollbackRow {
  eventId: number;
  seq: number;
  /** Null with `specifiers` null: a cancellation of every market of the event. */
  playId: number | null;
  specifiers: string | null;
  windowStart: Date | null;
  windowEnd: Date | null;
  rolledBackAt: Date;
}

export interface CancellationRow {
  eventId: number;
  seq: number;
  playId: number | null;
  specifiers: string | null;
  windowStart: Date | null;
  windowEnd: Date | null;
  reason: BetCancelReason;
  producedAt: Date;
  receivedAt: Date;
}

export interface FixtureChangeRow {
  eventId: number;
  seq: number;
  changeType: FixtureChangeType;
  startTime: Date;
  previousStartTime: Date | null;
  producedAt: Date;
  receivedAt: Date;
}

/**
 * Everything one write puts in the catalogue: the latest fixture, status and result per event
 * (older ones in the same batch are superseded) and every fact in the order it came.
 */
export interface CatalogueBatch {
  sports: Map<number, SportInfo>;
  leagues: Map<number, League>;
  fixtures: Map<number, FixturePatch>;
  statuses: Map<number, StatusPatch>;
  results: Map<number, ResultPatch>;
  fixtureChanges: FixtureChangeRow[];
  settlements: SettlementRow[];
  settlementRollbacks: RollbackRow[];
  cancellations: CancellationRow[];
  cancellationRollbacks: RollbackRow[];
  position?: FeedPosition;
}

/**
 * The feed's settlements carry no certainty. The simulator settles from final figures only,
 * which UOF calls certainty 2 (confirmed).
 */
const confirmedCertainty = 2;

export function emptyBatch(): CatalogueBatch {
  return {
    sports: new Map(),
    leagues: new Map(),
    fixtures: new Map(),
    statuses: new Map(),
    results: new Map(),
    fixtureChanges: [],
    settlements: [],
    settlementRollbacks: [],
    cancellations: [],
    cancellationRollbacks: [],
  };
}

/** Rows of facts in the batch: what a limit on unwritten work counts. */
export function factCountOf(batch: CatalogueBatch): number {
  return (
    batch.fixtureChanges.length +
    batch.settlements.length +
    batch.settlementRollbacks.length +
    batch.cancellations.length +
    batch.cancellationRollbacks.length
  );
}

/** Whether the batch holds anything but a position. */
export function hasContent(batch: CatalogueBatch): boolean {
  return (
    batch.sports.size > 0 ||
    batch.leagues.size > 0 ||
    batch.fixtures.size > 0 ||
    batch.statuses.size > 0 ||
    batch.results.size > 0 ||
    factCountOf(batch) > 0
  );
}

/** Keeps the patch with the higher seq: a batch may hold an event's messages out of order. */
function putLatest<T extends { seq: number }>(map: Map<number, T>, key: number, patch: T): void {
  const existing = map.get(key);
  if (!existing || existing.seq <= patch.seq) map.set(key, patch);
}

function putFixture(batch: CatalogueBatch, fixture: Fixture, seq: number): void {
  putLatest(batch.fixtures, fixture.eventId, { fixture, seq });
  batch.leagues.set(fixture.league.id, fixture.league);
}

const dateOrNull = (time: number | undefined) => (time === undefined ? null : new Date(time));

function refRows(
  markets: readonly MarketRef[],
): { playId: number | null; specifiers: string | null }[] {
  // A message naming no market concerns every market of the event.
  if (markets.length === 0) return [{ playId: null, specifiers: null }];
  return markets.map((market) => ({ playId: market.playId, specifiers: market.specifiers }));
}

/**
 * Decides which statuses are worth a write. The running clock changes with every odds change of
 * a live match and is no news here; anything else (period, score, state) is.
 */
export function createStatusFilter() {
  const lastKeys = new Map<number, string>();
  return {
    isNews(eventId: number, status: MatchStatus): boolean {
      const { clock: _clock, ...withoutClock } = status;
      const key = JSON.stringify(status.status === 'live' ? withoutClock : status);
      if (lastKeys.get(eventId) === key) return false;
      lastKeys.set(eventId, key);
      return true;
    },
    /** Forgets an event that will send no more statuses, so the filter stays small. */
    forget(eventId: number): void {
      lastKeys.delete(eventId);
    },
  };
}

export type StatusFilter = ReturnType<typeof createStatusFilter>;

const finishedStatuses = new Set<EventStatus>(['ended', 'closed', 'cancelled', 'abandoned']);

/**
 * A finished event's statuses are rare (a corrected score at most) and always written, so the
 * filter forgets it and holds only events still to be played.
 */
function putStatus(batch: CatalogueBatch, filter: StatusFilter, patch: StatusPatch): void {
  if (finishedStatuses.has(patch.statusName)) filter.forget(patch.eventId);
  else if (patch.status && !filter.isNews(patch.eventId, patch.status)) return;
  putLatest(batch.statuses, patch.eventId, patch);
}

/** Adds a provider's whole picture: every listed event's fixture and status. */
export function addSnapshot(
  batch: CatalogueBatch,
  filter: StatusFilter,
  snapshot: FeedSnapshot,
  sports: readonly SportInfo[],
): void {
  for (const sport of sports) batch.sports.set(sport.sportId, sport);
  for (const event of snapshot.events) {
    putFixture(batch, event.fixture, event.seq);
    putStatus(batch, filter, {
      eventId: event.fixture.eventId,
      seq: event.seq,
      statusName: event.status.status,
      status: event.status,
    });
  }
}

/** Adds what one feed tick sent; odds are left to the read model. */
export function addMessages(
  batch: CatalogueBatch,
  filter: StatusFilter,
  messages: readonly FeedMessage[],
  receivedAt: Date,
): void {
  for (const message of messages) {
    if (message.type === 'alive') continue;
    const { eventId, seq } = message;
    const producedAt = new Date(message.timestamp);
    switch (message.type) {
      case 'odds_change':
      case 'bet_stop':
        putStatus(batch, filter, {
          eventId,
          seq,
          statusName: message.status.status,
          status: message.status,
        });
        break;
      case 'fixture_change':
        putFixture(batch, message.fixture, seq);
        batch.fixtureChanges.push({
          eventId,
          seq,
          changeType: message.changeType,
          startTime: new Date(message.fixture.startTime),
          previousStartTime: dateOrNull(message.previousStartTime),
          producedAt,
          receivedAt,
        });
        if (message.changeType === 'cancelled')
          putStatus(batch, filter, { eventId, seq, statusName: 'cancelled' });
        break;
      case 'bet_settlement':
        putLatest(batch.results, eventId, { eventId, seq, result: message.result });
        for (const market of message.markets) {
          for (const outcome of market.outcomes) {
            batch.settlements.push({
              eventId,
              seq,
              playId: market.playId,
              specifiers: market.specifiers,
              outcomeId: outcome.id,
              result: outcome.result,
              voidFactor: outcome.voidFactor,
              deadHeatFactor: outcome.deadHeatFactor ?? 1,
              certainty: confirmedCertainty,
              producedAt,
              receivedAt,
            });
          }
        }
        break;
      case 'rollback_bet_settlement':
        for (const ref of refRows(message.markets)) {
          batch.settlementRollbacks.push({
            eventId,
            seq,
            ...ref,
            windowStart: null,
            windowEnd: null,
            rolledBackAt: receivedAt,
          });
        }
        break;
      case 'bet_cancel':
        for (const ref of refRows(message.markets)) {
          batch.cancellations.push({
            eventId,
            seq,
            ...ref,
            windowStart: dateOrNull(message.startTime),
            windowEnd: dateOrNull(message.endTime),
            reason: message.reason,
            producedAt,
            receivedAt,
          });
        }
        break;
      case 'rollback_bet_cancel':
        for (const ref of refRows(message.markets)) {
          batch.cancellationRollbacks.push({
            eventId,
            seq,
            ...ref,
            windowStart: dateOrNull(message.startTime),
            windowEnd: dateOrNull(message.endTime),
            rolledBackAt: receivedAt,
          });
        }
        break;
    }
  }
}

/** One batch holding `older` and then `newer`, for a write that failed and is tried again. */
export function mergeBatches(older: CatalogueBatch, newer: CatalogueBatch): CatalogueBatch {
  const merged = emptyBatch();
  for (const batch of [older, newer]) {
    for (const [id, sport] of batch.sports) merged.sports.set(id, sport);
    for (const [id, league] of batch.leagues) merged.leagues.set(id, league);
    for (const [id, patch] of batch.fixtures) putLatest(merged.fixtures, id, patch);
    for (const [id, patch] of batch.statuses) putLatest(merged.statuses, id, patch);
    for (const [id, patch] of batch.results) putLatest(merged.results, id, patch);
    merged.fixtureChanges.push(...batch.fixtureChanges);
    merged.settlements.push(...batch.settlements);
    merged.settlementRollbacks.push(...batch.settlementRollbacks);
    merged.cancellations.push(...batch.cancellations);
    merged.cancellationRollbacks.push(...batch.cancellationRollbacks);
    if (batch.position) merged.position = batch.position;
  }
  return merged;
}
