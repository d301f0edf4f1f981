import type { Model } from './catalogue';
import {
  DAY,
  type LeagueWorld,
  type MatchPlan,
  type OutrightPlan,
  type Team,
  type VirtualPlan,
} from './fixtures';
import { localNames } from './local-names/compose';
import type { Competitor, Fixture, LocalNames } from './messages';
import { SportIds } from './messages';
import { createRng, type Rng } from './prng';
import type { EventPlan, Scenario } from './runtime';
import { matchEngine, raceEngine, TYPICAL_DURATION } from './setups';

/** Matches are listed this long before kick-off. */
export const PREMATCH_WINDOW = 3 * DAY;
/** Virtual events are listed this long before they start. */
export const VIRTUAL_LEAD = 12 * 60_000;

const HOUR = 3_600_000;

/** A postponed match kicks off at most this much later (`decideScenario`). */
export const LONGEST_POSTPONEMENT = 4 * HOUR;

/**
 * A round-the-clock league's matches are listed only this long before: at one every quarter hour
 * three days would be hundreds of them, crowding every list.
 */
const ROLLING_WINDOW = 12 * HOUR;

export interface PlanContext {
  seed: string;
  /** Multiplies the chance of every incident (1 is realistic; tests raise it). */
  incidentRate: number;
}

const competitor = ({ id, name, abbreviation, names }: Team): Competitor =>
  names ? { id, name, abbreviation, names } : { id, name, abbreviation };

/** Sets a fixture's Chinese names when it has them. */
function withNames(fixture: Fixture, names: LocalNames | undefined): Fixture {
  if (names) fixture.names = names;
  return fixture;
}

function formatOf(world: LeagueWorld): Fixture['format'] {
  switch (world.sport.model) {
    case 'football':
    case 'virtual_football':
      return { periods: 2, periodMinutes: 45 };
    case 'hockey':
      return { periods: 3, periodMinutes: 20 };
    case 'basketball':
    case 'virtual_basketball':
      return { periods: 4, periodMinutes: world.def.quarterMinutes ?? 10 };
    case 'volleyball':
    case 'table_tennis':
      return { periods: 5, bestOf: 5 };
    case 'racing':
      return { periods: 1 };
    default:
      return { periods: 3, bestOf: 3 };
  }
}

function matchFixture(
  eventId: number,
  world: LeagueWorld,
  home: Team,
  away: Team,
  kickoff: number,
  virtual: boolean,
): Fixture {
  return withNames(
    {
      eventId,
      sportId: world.sport.sportId,
      kind: 'match',
      name: `${home.name} vs ${away.name}`,
      league: world.league,
      competitors: [competitor(home), competitor(away)],
      startTime: kickoff,
      virtual,
      liveOdds: !virtual,
      format: formatOf(world),
    },
    localNames.match(home.names, away.names),
  );
}

function decideScenario(
  rng: Rng,
  model: Model,
  openAt: number,
  kickoff: number,
  rate: number,
): Scenario {
  const scenario: Scenario = {};
  const lead = kickoff - openAt;
  const duration = TYPICAL_DURATION[model];
  const roll = rng.next();
  if (roll < 0.004 * rate) {
    scenario.cancelAt = kickoff - rng.between(0.05, 0.9) * lead;
  } else if (roll < 0.014 * rate) {
    scenario.postponeAt = kickoff - rng.between(0.02, 0.5) * lead;
    // Quarter hours from one hour to LONGEST_POSTPONEMENT.
    scenario.postponeBy = Math.round(rng.between(1, 4) * 4) * (HOUR / 4);
  } else if (roll < 0.018 * rate) {
    scenario.abandonAfter = rng.between(0.3, 0.8) * duration;
  }
  if (rng.chance(0.012 * rate)) {
    scenario.oddsErrorAfter = rng.between(0.1, 0.6) * duration;
    scenario.oddsErrorFor = rng.between(1, 4) * 60_000;
    scenario.rollbackCancel = rng.chance(0.3);
  }
  if (model === 'football' && rng.chance(0.015 * rate))
    scenario.correction = rng.chance(0.5) ? 'home' : 'away';
  return scenario;
}

export function regularEvent(ctx: PlanContext, plan: MatchPlan): EventPlan {
  const { eventId, world, home, away, kickoff } = plan;
  const window = world.def.rolling ? ROLLING_WINDOW : PREMATCH_WINDOW;
  const openAt = kickoff - window;
  const side = createRng(ctx.seed, 'incidents', eventId);
  const drifts = [openAt + side.between(0.2, 0.6) * window, kickoff - side.between(0.5, 3) * HOUR];
  return {
    fixture: matchFixture(eventId, world, home, away, kickoff, false),
    openAt,
    kickoff,
    drifts,
    settleDelay: side.between(60_000, 180_000),
    scenario: decideScenario(side, world.sport.model, openAt, kickoff, ctx.incidentRate),
    rng: createRng(ctx.seed, 'event', eventId),
    playRng: createRng(ctx.seed, 'plays', eventId),
    createEngine: (host) => matchEngine(host, world, home, away),
  };
}

export function virtualEvent(ctx: PlanContext, plan: VirtualPlan): EventPlan {
  const { eventId, world, entrants, kickoff } = plan;
  const base = {
    openAt: kickoff - VIRTUAL_LEAD,
    kickoff,
    drifts: [],
    settleDelay: 3000,
    scenario: {},
    rng: createRng(ctx.seed, 'event', eventId),
    playRng: createRng(ctx.seed, 'plays', eventId),
  };
  if (world.sport.sportId === SportIds.VirtualRacing) {
    const raceNumber = (Math.floor(kickoff / (3 * 60_000)) % 480) + 1;
    const { names: _match, ...race } = matchFixture(
      eventId,
      world,
      entrants[0] as Team,
      entrants[1] as Team,
      kickoff,
      true,
    );
    const fixture = withNames(
      {
        ...race,
        kind: 'race',
        name: `${world.league.name} · Race ${raceNumber}`,
        competitors: entrants.map(competitor),
      },
      localNames.race(world.league.names, raceNumber),
    );
    return { ...base, fixture, createEngine: (host) => raceEngine(host, entrants, false) };
  }
  const [home, away] = entrants as [Team, Team];
  return {
    ...base,
    fixture: matchFixture(eventId, world, home, away, kickoff, true),
    createEngine: (host) => matchEngine(host, world, home, away),
  };
}

export function outrightEvent(ctx: PlanContext, plan: OutrightPlan): EventPlan {
  const { eventId, world, openAt, endAt } = plan;
  const fixture = withNames(
    {
      eventId,
      sportId: SportIds.Outrights,
      kind: 'outright',
      name: `${world.league.name} — Outright winner`,
      league: world.league,
      competitors: world.teams.map(competitor),
      startTime: openAt,
      endTime: endAt,
      virtual: false,
      liveOdds: false,
      format: { periods: 0 },
    },
    localNames.outright(world.league.names),
  );
  const drifts: number[] = [];
  for (let t = openAt + DAY; t < endAt; t += DAY) drifts.push(t);
  return {
    fixture,
    openAt,
    kickoff: endAt,
    drifts,
    settleDelay: 10 * 60_000,
    scenario: {},
    rng: createRng(ctx.seed, 'event', eventId),
    playRng: createRng(ctx.seed, 'plays', eventId),
    createEngine: (host) => raceEngine(host, world.teams, true),
  };
}
