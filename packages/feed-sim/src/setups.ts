import type { Model } from './catalogue';
import type { EngineHost, SportEngine } from './engine';
import type { LeagueWorld, Team } from './fixtures';
import { GoalsEngine, type GoalsSetup } from './in-play/goals';
import { HoopsEngine } from './in-play/hoops';
import { RaceEngine } from './in-play/race';
import { RallyEngine, type RallySetup } from './in-play/rally';
import { TennisEngine } from './in-play/tennis';
import { goalPlays } from './markets/goals';
import { hoopsPlays } from './markets/hoops';
import { outrightPlays, racePlays } from './markets/race';
import { setsPlays } from './markets/sets';
import { defaultHoopsParams } from './models/hoops';

const MINUTE = 60_000;
const clamp = (value: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, value));

/** Feed time a match of each model usually takes, for placing incidents inside it. */
export const TYPICAL_DURATION: Record<Model, number> = {
  football: 112 * MINUTE,
  hockey: 160 * MINUTE,
  basketball: 135 * MINUTE,
  tennis: 100 * MINUTE,
  volleyball: 95 * MINUTE,
  table_tennis: 25 * MINUTE,
  badminton: 40 * MINUTE,
  esports: 110 * MINUTE,
  virtual_football: 2 * MINUTE,
  virtual_basketball: 2 * MINUTE,
  racing: MINUTE,
};

function footballSetup(virtual: boolean): GoalsSetup {
  return {
    plan: [
      { minutes: 45, share: 0.45, meanStoppage: virtual ? 1 : 2.5 },
      { minutes: 45, share: 0.55, meanStoppage: virtual ? 2 : 4.5 },
    ],
    msPerMinute: virtual ? 1000 : MINUTE,
    breakMs: virtual ? 10_000 : 15 * MINUTE,
    stoppage: (rng, period) =>
      virtual ? rng.int(0, 2) + period - 1 : period === 1 ? rng.int(1, 4) : rng.int(2, 7),
    corners: null,
    penalties: !virtual,
    overtime: null,
    plays: goalPlays({ hockey: false, only: virtual ? [1, 2, 3, 6, 8, 9] : undefined }),
    labels: { periods: ['1st half', '2nd half'], breaks: ['Half-time'] },
    publishEvery: virtual ? 0 : 1,
  };
}

function footballEngine(host: EngineHost, home: Team, away: Team, virtual: boolean): SportEngine {
  const setup = footballSetup(virtual);
  const expected = {
    home: Math.exp(Math.log(1.3) + 0.3 * (home.attack - away.defence) + 0.12),
    away: Math.exp(Math.log(1.3) + 0.3 * (away.attack - home.defence) - 0.12),
  };
  if (!virtual) {
    const edge = 0.12 * (home.rating - away.rating);
    setup.corners = { home: 5.1 * Math.exp(edge), away: 4.3 * Math.exp(-edge) };
  }
  return new GoalsEngine(host, setup, expected, { home: home.name, away: away.name });
}

function hockeyEngine(host: EngineHost, home: Team, away: Team): SportEngine {
  const diff = home.rating - away.rating;
  const setup: GoalsSetup = {
    plan: [1, 2, 3].map(() => ({ minutes: 20, share: 1 / 3, meanStoppage: 0 })),
    msPerMinute: 2.2 * MINUTE,
    breakMs: 17 * MINUTE,
    stoppage: () => 0,
    corners: null,
    penalties: false,
    overtime: { minutes: 5, rateFactor: 1.25, shootoutHome: clamp(0.5 + 0.04 * diff, 0.3, 0.7) },
    plays: goalPlays({ hockey: true }),
    labels: {
      periods: ['1st period', '2nd period', '3rd period'],
      breaks: ['1st intermission', '2nd intermission', 'Before overtime'],
    },
    publishEvery: 1,
  };
  const expected = {
    home: Math.exp(Math.log(3.0) + 0.18 * diff + 0.05),
    away: Math.exp(Math.log(2.85) - 0.18 * diff),
  };
  return new GoalsEngine(host, setup, expected, { home: home.name, away: away.name });
}

function hoopsEngine(
  host: EngineHost,
  world: LeagueWorld,
  home: Team,
  away: Team,
  virtual: boolean,
): SportEngine {
  const quarterMinutes = world.def.quarterMinutes ?? 10;
  const minutes = 4 * quarterMinutes;
  const points = world.def.points ?? 84;
  const edge = 3.2 * (home.rating - away.rating) + (virtual ? 0 : 1.5);
  const params = defaultHoopsParams((points + edge) / minutes, (points - edge) / minutes);
  return new HoopsEngine(
    host,
    {
      quarterMinutes,
      msPerMinute: virtual ? 2500 : 2.5 * MINUTE,
      quarterBreakMs: virtual ? 4000 : 2.5 * MINUTE,
      halfTimeMs: virtual ? 8000 : 15 * MINUTE,
      params,
      plays: hoopsPlays(virtual ? [1, 2, 3, 6] : undefined),
      publishEvery: virtual ? quarterMinutes : 0.25,
      stepsPerMinute: virtual ? 1 : 4,
    },
    { home: home.name, away: away.name },
  );
}

function tennisEngine(host: EngineHost, world: LeagueWorld, home: Team, away: Team): SportEngine {
  const base = world.def.women ? 0.56 : 0.64;
  const edge = 0.03 * (home.rating - away.rating);
  const labels = { set: 'set', unit: 'games', bestOf: 3 };
  return new TennisEngine(
    host,
    {
      labels,
      plays: setsPlays(labels, { nextGame: true }),
      setBreakMs: 2 * MINUTE,
      pointMs: 40_000,
      changeoverMs: 90_000,
    },
    { home: base + edge, away: base - edge },
    { home: home.name, away: away.name },
  );
}

const RALLY: Record<
  'volleyball' | 'table_tennis' | 'badminton' | 'esports',
  Omit<RallySetup, 'plays'>
> = {
  volleyball: {
    labels: { set: 'set', unit: 'points', bestOf: 5 },
    rule: { target: 25 },
    decidingRule: { target: 15 },
    rallyMs: 28_000,
    chunk: 5,
    setBreakMs: 3 * MINUTE,
    live: {
      serve: { next: 'winner', opening: 'alternate', aceShare: 0.12, errorShare: 0.15 },
      timeouts: { count: 2, per: 'set' },
    },
  },
  table_tennis: {
    labels: { set: 'game', unit: 'points', bestOf: 5 },
    rule: { target: 11 },
    rallyMs: 16_000,
    chunk: 4,
    setBreakMs: MINUTE,
    live: {
      serve: { next: 'two_each', opening: 'alternate', aceShare: 0.08, errorShare: 0.05 },
      timeouts: { count: 1, per: 'match' },
    },
  },
  badminton: {
    labels: { set: 'game', unit: 'points', bestOf: 3 },
    rule: { target: 21, cap: 30 },
    rallyMs: 22_000,
    chunk: 5,
    setBreakMs: 2 * MINUTE,
    // Badminton has intervals at 11 points, not timeouts.
    live: {
      serve: { next: 'winner', opening: 'set_winner', aceShare: 0.04, errorShare: 0.05 },
    },
  },
  esports: {
    labels: { set: 'map', unit: 'rounds', bestOf: 3 },
    rule: { target: 13 },
    rallyMs: 110_000,
    chunk: 2,
    setBreakMs: 6 * MINUTE,
    // Twelve rounds a half: rounds 1 and 13 are played with pistols.
    live: {
      serve: null,
      timeouts: { count: 3, per: 'set' },
      pistolRounds: [1, 13],
    },
  },
};

const RALLY_EDGE = { volleyball: 0.025, table_tennis: 0.03, badminton: 0.03, esports: 0.03 };

function rallyEngine(
  host: EngineHost,
  model: keyof typeof RALLY,
  home: Team,
  away: Team,
): SportEngine {
  const base = RALLY[model];
  const p = clamp(0.5 + RALLY_EDGE[model] * (home.rating - away.rating), 0.3, 0.7);
  const plays = setsPlays(base.labels, { byNumber: model === 'esports' });
  return new RallyEngine(host, { ...base, plays }, p, {
    home: home.name,
    away: away.name,
  });
}

/** The in-play engine of a head-to-head match. */
export function matchEngine(
  host: EngineHost,
  world: LeagueWorld,
  home: Team,
  away: Team,
): SportEngine {
  const model = world.sport.model;
  switch (model) {
    case 'football':
    case 'virtual_football':
      return footballEngine(host, home, away, model === 'virtual_football');
    case 'hockey':
      return hockeyEngine(host, home, away);
    case 'basketball':
    case 'virtual_basketball':
      return hoopsEngine(host, world, home, away, model === 'virtual_basketball');
    case 'tennis':
      return tennisEngine(host, world, home, away);
    case 'racing':
      throw new Error('races are not head-to-head');
    default:
      return rallyEngine(host, model, home, away);
  }
}

/** Race or outright: entrants' strengths as Plackett-Luce weights. */
export function raceEngine(
  host: EngineHost,
  entrants: readonly Team[],
  outright: boolean,
): SportEngine {
  const weights = new Map(
    entrants.map((team) => [
      String(team.id),
      Math.exp(outright ? 1.5 * team.rating : 0.8 * host.rng.normal()),
    ]),
  );
  const field = entrants.map((team, i) => ({
    id: String(team.id),
    name: team.name,
    number: i + 1,
  }));
  const setup = outright
    ? { durationMs: 0, deadHeatChance: 0, driftSd: 0.06, plays: outrightPlays() }
    : { durationMs: 50_000, deadHeatChance: 0.03, driftSd: 0, plays: racePlays() };
  return new RaceEngine(host, setup, field, weights);
}
