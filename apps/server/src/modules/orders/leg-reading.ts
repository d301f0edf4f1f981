import { orderStatus } from '@sb/contract';
import type { LegState } from '@sb/domain';
import type { Catalogue } from '../catalogue/catalogue.service';
import { homeAndAway } from '../match/match.service';
import { type EventFacts, legStateOf } from './leg-states';
import type { OrderLegRow } from './orders.repository';

/**
 * Where the reading of legs finds what it needs: the catalogue's facts and fixtures, and when each
 * order was first accepted (the orders' own history, read by the caller's repository).
 */
export interface LegSources {
  catalogue: Pick<Catalogue, 'standingFactsOf' | 'recordedFixturesOf'>;
  /** When each order was first accepted, in milliseconds: what a cancellation's window holds. */
  acceptedAtOf(orderIds: ReadonlySet<number>): Promise<Map<number, number>>;
}

/** A leg as read with its order's status and how the order's standing settlement left it. */
export interface LegBeingRead {
  leg: OrderLegRow;
  orderStatus: number;
  /** The standing settlement's result of the leg ('open' beside a parlay's lost leg), or null. */
  result: string | null;
  /** The state the standing settlement read the leg in ('open' without one). */
  state: LegState;
}

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
 * Each leg's state (by leg id: 'open', 'void' or its settled outcome, whose result settleSelection
 * names) as soon as its own market is settled, and names filled in on the rows of legs that were
 * placed without them, both from the catalogue (what the feed said, kept past the book's memory):
 *
 * - A leg the order's standing settlement does not decide reads the catalogue's standing
 *   settlement or cancellation of its market exactly as settlement will (`legStateOf`, with the
 *   order's acceptance time for cancellation windows), so a parlay shows its finished matches
 *   while its other legs play on. The standing settlement, once there, is what the leg reads.
 * - A leg without names takes the match's sides, the league's name and, for an outcome named
 *   after a competitor (outrights, races), that competitor's name from the recorded fixture;
 *   an event the catalogue never held leaves them empty.
 *
 * Reads only: what settlement writes meanwhile is read on the next call. Four queries at most,
 * none when every leg is settled and named.
 *
 * The catalogue's reads run on the pool, not in the caller's transaction: they only describe
 * legs (a result shown early, names), the catalogue is written by the feed's recorder and never
 * in an order's transaction, and no caller reads legs with the catalogue inside one (the book's
 * own work on an order reads them without it, orders.repository.ts `findLegsOf`).
 */
export async function completeLegs(
  sources: LegSources,
  rows: readonly LegBeingRead[],
): Promise<Map<number, LegState>> {
  const states = new Map<number, LegState>();
  for (const row of rows) states.set(row.leg.id, row.state);
  const awaiting = rows.filter(awaitsResult);
  const unnamed = rows.filter(isUnnamed);
  if (awaiting.length === 0 && unnamed.length === 0) return states;

  const [facts, acceptedAt, events] = await Promise.all([
    factsOf(sources.catalogue, awaiting),
    sources.acceptedAtOf(new Set(awaiting.map(({ leg }) => leg.orderId))),
    sources.catalogue.recordedFixturesOf(new Set(unnamed.map(({ leg }) => leg.eventId))),
  ]);
  for (const { leg } of awaiting) {
    const eventFacts = facts.get(leg.eventId);
    const accepted = acceptedAt.get(leg.orderId);
    if (!eventFacts || accepted === undefined) continue;
    states.set(leg.id, legStateOf(leg, eventFacts, accepted));
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
  return states;
}

/** The standing settlements of the legs' outcomes and cancellations of their events, by event. */
async function factsOf(
  catalogue: LegSources['catalogue'],
  awaiting: readonly LegBeingRead[],
): Promise<Map<number, EventFacts>> {
  const byEvent = new Map<number, EventFacts>();
  if (awaiting.length === 0) return byEvent;
  const eventIds = new Set(awaiting.map(({ leg }) => leg.eventId));
  const { settlements, cancellations } = await catalogue.standingFactsOf(
    awaiting.map(({ leg }) => ({
      eventId: leg.eventId,
      playId: leg.playId,
      specifiers: leg.specifiers,
      outcomeId: leg.outcomeId,
    })),
  );
  for (const eventId of eventIds) byEvent.set(eventId, { settlements: [], cancellations: [] });
  for (const row of settlements) byEvent.get(row.eventId)?.settlements.push(row);
  for (const row of cancellations) byEvent.get(row.eventId)?.cancellations.push(row);
  return byEvent;
}
