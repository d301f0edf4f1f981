import type { Fixture, League, MatchStatus } from '@sb/feed-sim';
import {
  and,
  asc,
  type Column,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  min,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  betCancellations,
  feedPositions,
  fixtureChanges,
  leagues,
  marketSettlements,
  operatorVoidReason,
  sportEvents,
  sports,
} from './catalogue.schema';
import type { CatalogueBatch, FeedPosition, RollbackRow } from './catalogue-batch';

export type SportEventRow = typeof sportEvents.$inferSelect;
export type LeagueRow = typeof leagues.$inferSelect;
export type SettlementRecord = Omit<typeof marketSettlements.$inferSelect, 'id'>;
export type CancellationRecord = Omit<typeof betCancellations.$inferSelect, 'id'>;
export type FixtureChangeRecord = Omit<typeof fixtureChanges.$inferSelect, 'id'>;
export type NewSettlementRow = typeof marketSettlements.$inferInsert;

/** A market of an event, as settlements and cancellations name it. */
export interface MarketRef {
  eventId: number;
  playId: number;
  specifiers: string;
}

/** One outcome of a market, as a bet's leg names it. */
export interface OutcomeRef extends MarketRef {
  outcomeId: string;
}

/** An event's recorded fixture, as far as naming a bet's leg needs it. */
export type RecordedFixture = Pick<Fixture, 'kind' | 'name' | 'names' | 'competitors'> & {
  league: Pick<League, 'name' | 'names'>;
};

/** `column = any('{…}'::bigint[])`: one parameter however many ids. */
const anyOf = (column: Column, ids: Iterable<number>): SQL =>
  sql`${column} = any(${`{${[...ids].join(',')}}`}::bigint[])`;

const sameMarket = (market: MarketRef) =>
  and(
    eq(marketSettlements.eventId, market.eventId),
    eq(marketSettlements.playId, market.playId),
    eq(marketSettlements.specifiers, market.specifiers),
  );

/** Rows per INSERT: keeps a long catch-up's batch well under PostgreSQL's parameter limit. */
const rowsPerInsert = 500;

/** How an event listed before any status arrived stands: as the read model starts one. */
const notStartedStatus: MatchStatus = {
  status: 'not_started',
  period: 0,
  periodCode: 0,
  inBreak: false,
  description: '',
  homeScore: 0,
  awayScore: 0,
  periodScores: [],
};

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += rowsPerInsert)
    out.push(rows.slice(start, start + rowsPerInsert));
  return out;
}

/** One parameter carrying many rows, for the UPDATE … FROM statements below. */
const recordset = (rows: readonly object[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`;

export interface FinishedEventsQuery {
  /** Event statuses that count as finished. */
  statuses: readonly string[];
  hiddenSportIds: readonly number[];
  sportId?: number | undefined;
  leagueId?: number | undefined;
  /** The viewer's own leagues; null for every league. */
  leagueIds: readonly number[] | null;
  /** Kick-off window, epoch ms: from inclusive, before exclusive. */
  startFrom?: number | undefined;
  startBefore?: number | undefined;
  /** Events the caller answers from memory. */
  excludedEventIds: readonly number[];
  offset: number;
  limit: number;
}

async function writeEvents(tx: Transaction, batch: CatalogueBatch): Promise<void> {
  const fixtures = [...batch.fixtures.values()].map(({ fixture, seq }) => ({
    eventId: fixture.eventId,
    sportId: fixture.sportId,
    leagueId: fixture.league.id,
    kind: fixture.kind,
    name: fixture.name,
    names: fixture.names ?? null,
    startTime: new Date(fixture.startTime),
    endTime: fixture.endTime === undefined ? null : new Date(fixture.endTime),
    competitors: fixture.competitors,
    isVirtual: fixture.virtual,
    hasLiveOdds: fixture.liveOdds,
    format: fixture.format,
    fixtureSeq: seq,
    // A new event starts as not started at seq 0; its status, if the batch has one, follows.
    status: notStartedStatus.status,
    homeScore: 0,
    awayScore: 0,
    matchStatus: notStartedStatus,
    statusSeq: 0,
  }));
  for (const rows of chunks(fixtures)) {
    await tx
      .insert(sportEvents)
      .values(rows)
      .onConflictDoUpdate({
        target: sportEvents.eventId,
        set: {
          sportId: sql`excluded.sport_id`,
          leagueId: sql`excluded.league_id`,
          kind: sql`excluded.kind`,
          name: sql`excluded.name`,
          names: sql`excluded.names`,
          startTime: sql`excluded.start_time`,
          endTime: sql`excluded.end_time`,
          competitors: sql`excluded.competitors`,
          isVirtual: sql`excluded.is_virtual`,
          hasLiveOdds: sql`excluded.has_live_odds`,
          format: sql`excluded.format`,
          fixtureSeq: sql`excluded.fixture_seq`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`${sportEvents.fixtureSeq} < excluded.fixture_seq`,
      });
  }

  if (batch.statuses.size > 0) {
    const patches = [...batch.statuses.values()].map((patch) => ({
      event_id: patch.eventId,
      seq: patch.seq,
      status_name: patch.statusName,
      match_status: patch.status ?? null,
      home_score: patch.status?.homeScore ?? null,
      away_score: patch.status?.awayScore ?? null,
    }));
    // A patch without a whole status (a match called off) changes only the state's name. A status
    // the row already holds (a live match's running clock aside, as the batch's filter judges
    // news) is no change: a later copy of it, met first when messages come again out of order,
    // leaves the row as the first copy wrote it.
    await tx.execute(sql`
      update sport_events as e set
        status = p.status_name,
        match_status = coalesce(
          p.match_status, jsonb_set(e.match_status, '{status}', to_jsonb(p.status_name))),
        home_score = coalesce(p.home_score, e.home_score),
        away_score = coalesce(p.away_score, e.away_score),
        status_seq = p.seq,
        updated_at = now()
      from ${recordset(patches)} as p(
        event_id bigint, seq integer, status_name text, match_status jsonb,
        home_score integer, away_score integer)
      where e.event_id = p.event_id and e.status_seq < p.seq
        and (e.status is distinct from p.status_name
          or (p.match_status is not null and case when p.status_name = 'live'
            then (e.match_status - 'clock') is distinct from (p.match_status - 'clock')
            else e.match_status is distinct from p.match_status end))`);
  }

  if (batch.results.size > 0) {
    const patches = [...batch.results.values()].map((patch) => ({
      event_id: patch.eventId,
      seq: patch.seq,
      result: patch.result,
    }));
    await tx.execute(sql`
      update sport_events as e set result = p.result, result_seq = p.seq, updated_at = now()
      from ${recordset(patches)} as p(event_id bigint, seq integer, result jsonb)
      where e.event_id = p.event_id and e.result_seq < p.seq`);
  }
}

const rollbackFields = (row: RollbackRow) => ({
  event_id: row.eventId,
  seq: row.seq,
  play_id: row.playId,
  specifiers: row.specifiers,
  window_start: row.windowStart,
  window_end: row.windowEnd,
  rolled_back_at: row.rolledBackAt,
});

async function writeSettlements(tx: Transaction, batch: CatalogueBatch): Promise<void> {
  for (const rows of chunks(batch.settlements))
    await tx.insert(marketSettlements).values(rows).onConflictDoNothing();
  if (batch.settlementRollbacks.length === 0) return;
  // A rollback withdraws the settlements of its market sent before it, each by the first
  // rollback after it; a settlement sent again after the rollback stands.
  await tx.execute(sql`
    update market_settlements as s set rolled_back_at = r.rolled_back_at
    from (
      select distinct on (earlier.id) earlier.id, p.rolled_back_at
      from ${recordset(batch.settlementRollbacks.map(rollbackFields))} as p(
        event_id bigint, seq integer, play_id integer, specifiers text,
        rolled_back_at timestamptz)
      join market_settlements as earlier on earlier.event_id = p.event_id
        and (p.play_id is null or (earlier.play_id = p.play_id and earlier.specifiers = p.specifiers))
        and earlier.seq < p.seq
      -- An operator's settlement by hand is the book's own decision: only an operator takes it back.
      where earlier.rolled_back_at is null and earlier.operator_id is null
      order by earlier.id, p.seq
    ) as r
    where s.id = r.id`);
}

async function writeCancellations(tx: Transaction, batch: CatalogueBatch): Promise<void> {
  for (const rows of chunks(batch.cancellations))
    await tx.insert(betCancellations).values(rows).onConflictDoNothing();
  if (batch.cancellationRollbacks.length === 0) return;
  // A rollback names the market and window of the cancellation it withdraws.
  await tx.execute(sql`
    update bet_cancellations as c set rolled_back_at = r.rolled_back_at
    from (
      select distinct on (earlier.id) earlier.id, p.rolled_back_at
      from ${recordset(batch.cancellationRollbacks.map(rollbackFields))} as p(
        event_id bigint, seq integer, play_id integer, specifiers text,
        window_start timestamptz, window_end timestamptz, rolled_back_at timestamptz)
      join bet_cancellations as earlier on earlier.event_id = p.event_id
        and earlier.play_id is not distinct from p.play_id
        and earlier.specifiers is not distinct from p.specifiers
        and earlier.window_start is not distinct from p.window_start
        and earlier.window_end is not distinct from p.window_end
        and earlier.seq < p.seq
      -- An operator's void is the book's own decision: the feed's rollbacks never lift it.
      where earlier.rolled_back_at is null and earlier.reason <> ${operatorVoidReason}
      order by earlier.id, p.seq
    ) as r
    where c.id = r.id`);
}

async function writeReferenceData(tx: Transaction, batch: CatalogueBatch): Promise<void> {
  if (batch.sports.size > 0) {
    const rows = [...batch.sports.values()].map((sport) => ({
      sportId: sport.sportId,
      name: sport.name,
      isVirtual: sport.virtual,
    }));
    await tx
      .insert(sports)
      .values(rows)
      .onConflictDoUpdate({
        target: sports.sportId,
        set: {
          name: sql`excluded.name`,
          isVirtual: sql`excluded.is_virtual`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`(${sports.name}, ${sports.isVirtual}) is distinct from (excluded.name, excluded.is_virtual)`,
      });
  }
  const leagueRows = [...batch.leagues.values()].map((league) => ({
    leagueId: league.id,
    sportId: league.sportId,
    name: league.name,
    category: league.category,
    names: league.names ?? null,
    categoryNames: league.categoryNames ?? null,
  }));
  for (const rows of chunks(leagueRows)) {
    await tx
      .insert(leagues)
      .values(rows)
      .onConflictDoUpdate({
        target: leagues.leagueId,
        set: {
          sportId: sql`excluded.sport_id`,
          name: sql`excluded.name`,
          category: sql`excluded.category`,
          names: sql`excluded.names`,
          categoryNames: sql`excluded.category_names`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`(${leagues.sportId}, ${leagues.name}, ${leagues.category},
            ${leagues.names}::text, ${leagues.categoryNames}::text)
          is distinct from (excluded.sport_id, excluded.name, excluded.category,
            excluded.names::text, excluded.category_names::text)`,
      });
  }
}

async function writePosition(tx: Transaction, source: string, position: FeedPosition) {
  // The feed clock only moves forward, whatever the caller's clock did between two runs.
  await tx
    .insert(feedPositions)
    .values({
      source,
      callerTime: Math.round(position.callerTime),
      feedTime: position.feedTime,
      calendar: position.calendar ?? null,
      density: position.density ?? null,
    })
    // The calendar and density are the world's for good: only the clocks move.
    .onConflictDoUpdate({
      target: feedPositions.source,
      set: {
        callerTime: sql`excluded.caller_time`,
        feedTime: sql`excluded.feed_time`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${feedPositions.feedTime} < excluded.feed_time`,
    });
}

/** Queries on the catalogue's tables; no rules live here. */
export function createCatalogueRepository(db: Database) {
  return {
    /**
     * Inserts an operator's void of the market (a cancellation with `operatorVoidReason`) unless
     * one with the same seq is recorded; answers its id, or null.
     */
    async insertOperatorVoid(
      tx: Database,
      market: MarketRef,
      seq: number,
      at: Date,
    ): Promise<number | null> {
      const [row] = await tx
        .insert(betCancellations)
        .values({
          ...market,
          seq,
          reason: operatorVoidReason,
          producedAt: at,
          receivedAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: betCancellations.id });
      return row?.id ?? null;
    },

    /** The settlements of one market not rolled back, the feed's and operators'. */
    async listStandingSettlements(tx: Database, market: MarketRef): Promise<SettlementRecord[]> {
      const rows = await tx
        .select()
        .from(marketSettlements)
        .where(and(sameMarket(market), isNull(marketSettlements.rolledBackAt)));
      return rows.map(({ id: _id, ...row }) => row);
    },

    /** Whether an operator's void of the market stands (is not rolled back). */
    async hasStandingOperatorVoid(tx: Database, market: MarketRef): Promise<boolean> {
      const [row] = await tx
        .select({ id: betCancellations.id })
        .from(betCancellations)
        .where(
          and(
            eq(betCancellations.eventId, market.eventId),
            eq(betCancellations.playId, market.playId),
            eq(betCancellations.specifiers, market.specifiers),
            eq(betCancellations.reason, operatorVoidReason),
            isNull(betCancellations.rolledBackAt),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The lowest seq among operators' settlements of the market; undefined before any. */
    async lowestOperatorSeq(tx: Database, market: MarketRef): Promise<number | undefined> {
      const [last] = await tx
        .select({ seq: min(marketSettlements.seq) })
        .from(marketSettlements)
        .where(and(sameMarket(market), isNotNull(marketSettlements.operatorId)));
      return last?.seq ?? undefined;
    },

    /** Rolls back, as of `at`, the operator's settlement of the market that stands. */
    async rollBackOperatorSettlement(tx: Database, market: MarketRef, at: Date): Promise<void> {
      await tx
        .update(marketSettlements)
        .set({ rolledBackAt: at })
        .where(
          and(
            sameMarket(market),
            isNotNull(marketSettlements.operatorId),
            isNull(marketSettlements.rolledBackAt),
          ),
        );
    },

    async insertSettlements(tx: Database, rows: readonly NewSettlementRow[]): Promise<void> {
      await tx.insert(marketSettlements).values([...rows]);
    },

    /** Takes a lock on `key` held until the caller's transaction ends. */
    async lockWithin(tx: Database, key: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    },

    /**
     * Writes a batch in one transaction: the facts, the events they change and the source's
     * position together, so a position never names messages that are not stored.
     */
    async write(source: string, batch: CatalogueBatch): Promise<void> {
      await db.transaction(async (tx) => {
        await writeReferenceData(tx, batch);
        await writeEvents(tx, batch);
        for (const rows of chunks(batch.fixtureChanges))
          await tx.insert(fixtureChanges).values(rows).onConflictDoNothing();
        await writeSettlements(tx, batch);
        await writeCancellations(tx, batch);
        if (batch.position) await writePosition(tx, source, batch.position);
      });
    },

    async readPosition(source: string): Promise<FeedPosition | undefined> {
      const [row] = await db
        .select({
          callerTime: feedPositions.callerTime,
          feedTime: feedPositions.feedTime,
          calendar: feedPositions.calendar,
          density: feedPositions.density,
        })
        .from(feedPositions)
        .where(eq(feedPositions.source, source));
      if (!row) return undefined;
      const { calendar, density, ...clocks } = row;
      return {
        ...clocks,
        ...(calendar === null ? {} : { calendar }),
        ...(density === null ? {} : { density }),
      };
    },

    async listSources(): Promise<string[]> {
      const rows = await db.select({ source: feedPositions.source }).from(feedPositions);
      return rows.map((row) => row.source);
    },

    async findEvent(
      eventId: number,
    ): Promise<{ event: SportEventRow; league: LeagueRow } | undefined> {
      const [row] = await db
        .select({ event: sportEvents, league: leagues })
        .from(sportEvents)
        .innerJoin(leagues, eq(leagues.leagueId, sportEvents.leagueId))
        .where(eq(sportEvents.eventId, eventId));
      return row;
    },

    async listSettlements(eventId: number): Promise<SettlementRecord[]> {
      const { id: _id, ...columns } = getTableColumns(marketSettlements);
      return db
        .select(columns)
        .from(marketSettlements)
        .where(eq(marketSettlements.eventId, eventId))
        .orderBy(
          asc(marketSettlements.seq),
          asc(marketSettlements.playId),
          asc(marketSettlements.specifiers),
          asc(marketSettlements.outcomeId),
        );
    },

    async listCancellations(eventId: number): Promise<CancellationRecord[]> {
      const { id: _id, ...columns } = getTableColumns(betCancellations);
      return db
        .select(columns)
        .from(betCancellations)
        .where(eq(betCancellations.eventId, eventId))
        .orderBy(asc(betCancellations.seq), asc(betCancellations.id));
    },

    /** The settlements of these outcomes that stand (are not rolled back). */
    async listStandingOutcomeSettlements(
      outcomes: readonly OutcomeRef[],
    ): Promise<SettlementRecord[]> {
      const wanted = JSON.stringify(
        outcomes.map((outcome) => ({
          e: outcome.eventId,
          p: outcome.playId,
          s: outcome.specifiers,
          o: outcome.outcomeId,
        })),
      );
      const { id: _id, ...columns } = getTableColumns(marketSettlements);
      return db
        .select(columns)
        .from(marketSettlements)
        .where(
          and(
            isNull(marketSettlements.rolledBackAt),
            sql`(${marketSettlements.eventId}, ${marketSettlements.playId}, ${marketSettlements.specifiers}, ${marketSettlements.outcomeId})
              in (select e, p, s, o from jsonb_to_recordset(${wanted}::jsonb)
                  as leg(e bigint, p integer, s text, o text))`,
          ),
        );
    },

    /** The cancellations of these events' markets that stand (are not rolled back). */
    async listStandingCancellations(eventIds: Iterable<number>): Promise<CancellationRecord[]> {
      const { id: _id, ...columns } = getTableColumns(betCancellations);
      return db
        .select(columns)
        .from(betCancellations)
        .where(
          and(isNull(betCancellations.rolledBackAt), anyOf(betCancellations.eventId, eventIds)),
        );
    },

    /** The recorded fixtures of these events with their leagues' names, by event id. */
    async findRecordedFixtures(eventIds: Iterable<number>): Promise<Map<number, RecordedFixture>> {
      const rows = await db
        .select({
          eventId: sportEvents.eventId,
          kind: sportEvents.kind,
          name: sportEvents.name,
          competitors: sportEvents.competitors,
          names: sportEvents.names,
          leagueName: leagues.name,
          leagueNames: leagues.names,
        })
        .from(sportEvents)
        .innerJoin(leagues, eq(leagues.leagueId, sportEvents.leagueId))
        .where(anyOf(sportEvents.eventId, eventIds));
      const byEvent = new Map<number, RecordedFixture>();
      for (const { eventId, leagueName, leagueNames, names, ...fixture } of rows)
        byEvent.set(eventId, {
          ...fixture,
          ...(names ? { names } : {}),
          league: leagueNames ? { name: leagueName, names: leagueNames } : { name: leagueName },
        });
      return byEvent;
    },

    async listFixtureChanges(eventId: number): Promise<FixtureChangeRecord[]> {
      const { id: _id, ...columns } = getTableColumns(fixtureChanges);
      return db
        .select(columns)
        .from(fixtureChanges)
        .where(eq(fixtureChanges.eventId, eventId))
        .orderBy(asc(fixtureChanges.seq));
    },

    /** Finished events latest kick-off first, a page of them and how many there are. */
    async findFinishedEvents(
      query: FinishedEventsQuery,
    ): Promise<{ rows: { event: SportEventRow; league: LeagueRow }[]; total: number }> {
      const conditions: SQL[] = [inArray(sportEvents.status, [...query.statuses])];
      if (query.hiddenSportIds.length > 0)
        conditions.push(notInArray(sportEvents.sportId, [...query.hiddenSportIds]));
      if (query.sportId !== undefined) conditions.push(eq(sportEvents.sportId, query.sportId));
      if (query.leagueId !== undefined) conditions.push(eq(sportEvents.leagueId, query.leagueId));
      if (query.leagueIds) conditions.push(inArray(sportEvents.leagueId, [...query.leagueIds]));
      if (query.startFrom !== undefined)
        conditions.push(gte(sportEvents.startTime, new Date(query.startFrom)));
      if (query.startBefore !== undefined)
        conditions.push(lt(sportEvents.startTime, new Date(query.startBefore)));
      if (query.excludedEventIds.length > 0) {
        // One parameter however many events memory holds.
        conditions.push(sql`${sportEvents.eventId} not in (
          select value::bigint from jsonb_array_elements_text(${JSON.stringify(query.excludedEventIds)}::jsonb))`);
      }
      const where = and(...conditions);
      const [counted] = await db
        .select({ total: count() })
        .from(sportEvents)
        .innerJoin(leagues, eq(leagues.leagueId, sportEvents.leagueId))
        .where(where);
      const rows = await db
        .select({ event: sportEvents, league: leagues })
        .from(sportEvents)
        .innerJoin(leagues, eq(leagues.leagueId, sportEvents.leagueId))
        .where(where)
        .orderBy(desc(sportEvents.startTime), asc(sportEvents.eventId))
        .offset(query.offset)
        .limit(query.limit);
      return { rows, total: counted?.total ?? 0 };
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
