import { orderStatus } from '@sb/contract';
import type { Fixture } from '@sb/feed-sim';
import { and, type Column, eq, getTableColumns, isNull, min, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  betCancellations,
  leagues,
  marketSettlements,
  sportEvents,
} from '../catalogue/catalogue.schema';
import { homeAndAway } from '../match/match.service';
import { type EventFacts, legResultOf, legStateOf } from '../settlement/leg-states';
import type { OrderLegRow } from './orders.repository';
import { orderStatusHistory } from './orders.schema';

/** A leg as read with its order's status and its result in the order's standing settlement. */
export interface LegBeingRead {
  leg: OrderLegRow;
  orderStatus: number;
  /** The standing settlement's result of the leg ('open' beside a parlay's lost leg), or null. */
  result: string | null;
}

/** `column = any('{…}'::bigint[])`: one parameter however many ids. */
const anyOf = (column: Column, ids: Iterable<number>): SQL =>
  sql`${column} = any(${`{${[...ids].join(',')}}`}::bigint[])`;

/**
 * Whether the catalogue may tell the leg's result before its order's settlement does: a leg of an
 * open (accepted) order, or one a lost parlay was settled without. Pending and rejected orders
 * were never bets that stood, and a cashed-out order's legs no longer count.
 */
function awaitsResult({ orderStatus: status, result }: LegBeingRead): boolean {
  if (status === orderStatus.accepted) return result === null;
  return status === orderStatus.settled && result === 'open';
}

/** Legs placed before the book recorded names on them (migration 0021) have them empty. */
const isUnnamed = ({ leg }: LegBeingRead): boolean => leg.homeName === '';

/**
 * Each leg's result (by leg id) as soon as its own market is settled, and names filled in on the
 * rows of legs that were placed without them, both from the catalogue (what the feed said, kept past the book's memory):
 *
 * - A leg the order's standing settlement does not decide reads the catalogue's standing
 *   settlement or cancellation of its market exactly as settlement will (`legStateOf`, with the
 *   order's acceptance time for cancellation windows), so a parlay shows its finished matches
 *   while its other legs play on. The standing settlement, once there, is what the leg reads.
 * - A leg without names takes the match's sides, the league's name and, for an outcome named
 *   after a competitor (outrights, races), that competitor's name from the recorded fixture;
 *   an event the catalogue never held leaves them empty.
 *
 * Reads only: what settlement writes meanwhile is read on the next call. Three queries at most,
 * none when every leg is settled and named.
 */
export async function completeLegs(
  db: Database,
  rows: readonly LegBeingRead[],
): Promise<Map<number, string | null>> {
  const results = new Map<number, string | null>();
  for (const row of rows) results.set(row.leg.id, row.result === 'open' ? null : row.result);
  const awaiting = rows.filter(awaitsResult);
  const unnamed = rows.filter(isUnnamed);
  if (awaiting.length === 0 && unnamed.length === 0) return results;

  const [facts, acceptedAt, events] = await Promise.all([
    factsOf(db, awaiting),
    acceptanceOf(db, new Set(awaiting.map(({ leg }) => leg.orderId))),
    fixturesOf(db, new Set(unnamed.map(({ leg }) => leg.eventId))),
  ]);
  for (const { leg } of awaiting) {
    const eventFacts = facts.get(leg.eventId);
    const accepted = acceptedAt.get(leg.orderId);
    if (!eventFacts || accepted === undefined) continue;
    results.set(leg.id, legResultOf(legStateOf(leg, eventFacts, accepted)));
  }
  for (const { leg } of unnamed) {
    const fixture = events.get(leg.eventId);
    if (!fixture) continue;
    const { home, away } = homeAndAway(fixture);
    leg.homeName = home;
    leg.awayName = away;
    leg.leagueName = fixture.league.name;
    leg.outcomeName ||=
      fixture.competitors.find((competitor) => String(competitor.id) === leg.outcomeId)?.name ?? '';
  }
  return results;
}

/** The standing settlements of the legs' outcomes and cancellations of their events, by event. */
async function factsOf(
  db: Database,
  awaiting: readonly LegBeingRead[],
): Promise<Map<number, EventFacts>> {
  const byEvent = new Map<number, EventFacts>();
  if (awaiting.length === 0) return byEvent;
  const eventIds = new Set(awaiting.map(({ leg }) => leg.eventId));
  const outcomes = JSON.stringify(
    awaiting.map(({ leg }) => ({
      e: leg.eventId,
      p: leg.playId,
      s: leg.specifiers,
      o: leg.outcomeId,
    })),
  );
  const { id: _settlementId, ...settlementColumns } = getTableColumns(marketSettlements);
  const { id: _cancellationId, ...cancellationColumns } = getTableColumns(betCancellations);
  const [settlements, cancellations] = await Promise.all([
    db
      .select(settlementColumns)
      .from(marketSettlements)
      .where(
        and(
          isNull(marketSettlements.rolledBackAt),
          sql`(${marketSettlements.eventId}, ${marketSettlements.playId}, ${marketSettlements.specifiers}, ${marketSettlements.outcomeId})
            in (select e, p, s, o from jsonb_to_recordset(${outcomes}::jsonb)
                as leg(e bigint, p integer, s text, o text))`,
        ),
      ),
    db
      .select(cancellationColumns)
      .from(betCancellations)
      .where(and(isNull(betCancellations.rolledBackAt), anyOf(betCancellations.eventId, eventIds))),
  ]);
  for (const eventId of eventIds) byEvent.set(eventId, { settlements: [], cancellations: [] });
  for (const row of settlements) byEvent.get(row.eventId)?.settlements.push(row);
  for (const row of cancellations) byEvent.get(row.eventId)?.cancellations.push(row);
  return byEvent;
}

/** When each order was first accepted, in milliseconds: what a cancellation's window holds. */
async function acceptanceOf(db: Database, orderIds: Set<number>): Promise<Map<number, number>> {
  const byOrder = new Map<number, number>();
  if (orderIds.size === 0) return byOrder;
  const rows = await db
    .select({ orderId: orderStatusHistory.orderId, at: min(orderStatusHistory.at) })
    .from(orderStatusHistory)
    .where(
      and(
        anyOf(orderStatusHistory.orderId, orderIds),
        eq(orderStatusHistory.toStatus, orderStatus.accepted),
      ),
    )
    .groupBy(orderStatusHistory.orderId);
  for (const row of rows) if (row.at) byOrder.set(row.orderId, row.at.getTime());
  return byOrder;
}

type RecordedFixture = Pick<Fixture, 'kind' | 'name' | 'competitors'> & {
  league: { name: string };
};

/** The recorded fixtures of these events, with their leagues' names. */
async function fixturesOf(
  db: Database,
  eventIds: Set<number>,
): Promise<Map<number, RecordedFixture>> {
  const byEvent = new Map<number, RecordedFixture>();
  if (eventIds.size === 0) return byEvent;
  const rows = await db
    .select({
      eventId: sportEvents.eventId,
      kind: sportEvents.kind,
      name: sportEvents.name,
      competitors: sportEvents.competitors,
      leagueName: leagues.name,
    })
    .from(sportEvents)
    .innerJoin(leagues, eq(leagues.leagueId, sportEvents.leagueId))
    .where(anyOf(sportEvents.eventId, eventIds));
  for (const { eventId, leagueName, ...fixture } of rows)
    byEvent.set(eventId, { ...fixture, league: { name: leagueName } });
  return byEvent;
}
