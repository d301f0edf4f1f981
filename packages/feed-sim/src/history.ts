import type { Model } from './catalogue';
import { buildUniverse, CALENDAR, EPOCH, type LeagueWorld, type Team, WEEK } from './fixtures';
import type { LocalNames } from './messages';
import { createRng, type Rng } from './prng';

/** A meeting of two competitors before the simulated world began, as the record keeps it. */
/** A side of a past match, named as the world names it (and in Chinese, when it has one). */
export interface PastSide {
  id: number;
  name: string;
  names?: LocalNames;
}

export interface PastMatch {
  /** Feed time of kick-off. */
  startTime: number;
  leagueName: string;
  leagueNames?: LocalNames;
  home: PastSide;
  away: PastSide;
  /** Goals, points, sets or maps: the sport's final score. */
  homeScore: number;
  awayScore: number;
}

export interface HeadToHead {
  /** The two sides' last meetings, newest first. */
  meetings: PastMatch[];
  /** Each side's last matches against anyone, newest first. */
  homeForm: PastMatch[];
  awayForm: PastMatch[];
}

/** Matches a record lists: five meetings, five of each side's latest. */
export const pastMatchCount = 5;

/** A league's past is a double round robin of weekly rounds, played on Saturdays at 15:00 UTC. */
const roundOffsetMs = 5 * 86_400_000 + 15 * 3_600_000;

/**
 * The seeded past of every league: weekly rounds in which each team meets every other in turn
 * (the circle method), scores drawn from the teams' strengths with the sport's own scoring. A
 * meeting is one entry seen from both sides, so a team's form and a pair's meetings agree, and
 * the same seed gives the same past whenever and wherever it is asked. Races and outrights have
 * no pairs and so no past.
 */
export function createSeededPast(seed: string, calendar = CALENDAR) {
  const universe = buildUniverse(seed, 1, calendar);
  const worldOfTeam = new Map<number, LeagueWorld>();
  const orderOfLeague = new Map<LeagueWorld, Team[]>();
  for (const world of universe.leagues) {
    if (world.sport.model === 'racing' || world.teams.length < 2) continue;
    // An even number of places: with an odd roster one team rests each round.
    const order: (Team | null)[] = createRng(seed, 'past', world.def.key).shuffle(world.teams);
    if (order.length % 2 === 1) order.push(null);
    orderOfLeague.set(world, order as Team[]);
    for (const team of world.teams) worldOfTeam.set(team.id, world);
  }

  /** The opponent of the team at `index` in round `round`, and whether the team is at home. */
  function pairing(order: (Team | null)[], index: number, round: number) {
    const n = order.length;
    const turns = n - 1;
    const slotOf = (i: number) => (i === 0 ? 0 : ((((i - 1 - round) % turns) + turns) % turns) + 1);
    const teamAt = (slot: number) => (slot === 0 ? 0 : ((slot - 1 + round) % turns) + 1);
    const slot = slotOf(index);
    const opponent = order[teamAt(n - 1 - slot)] ?? null;
    // Home and away swap every round, and between the two halves of the double round robin.
    const isLowSlot = slot < n / 2;
    const isEvenTurn = (round % turns) % 2 === 0;
    const isSecondHalf = Math.floor(round / turns) % 2 === 1;
    const isHome = isLowSlot === (isEvenTurn !== isSecondHalf);
    return { opponent, isHome };
  }

  function playedMatch(world: LeagueWorld, round: number, home: Team, away: Team): PastMatch {
    const rng = createRng(seed, 'past', world.def.key, round, home.id, away.id);
    const [homeScore, awayScore] = finalScore(world, home, away, rng);
    const side = ({ id, name, names }: Team): PastSide =>
      names ? { id, name, names } : { id, name };
    const match: PastMatch = {
      startTime: EPOCH + round * WEEK + roundOffsetMs,
      leagueName: world.league.name,
      home: side(home),
      away: side(away),
      homeScore,
      awayScore,
    };
    if (world.league.names) match.leagueNames = world.league.names;
    return match;
  }

  /** The team's matches of the rounds before `before`, newest first, while `keep` wants more. */
  function pastOf(
    teamId: number,
    before: number,
    keep: (match: PastMatch) => boolean,
    count: number,
    maxRounds: number,
  ): PastMatch[] {
    const world = worldOfTeam.get(teamId);
    const order = world && orderOfLeague.get(world);
    if (!world || !order) return [];
    const index = order.findIndex((team) => team?.id === teamId);
    const self = order[index] as Team;
    const found: PastMatch[] = [];
    let round = Math.floor((before - EPOCH - roundOffsetMs) / WEEK);
    if (EPOCH + round * WEEK + roundOffsetMs >= before) round -= 1;
    for (let seen = 0; seen < maxRounds && found.length < count && round >= 0; seen++, round--) {
      const { opponent, isHome } = pairing(order, index, round);
      if (!opponent) continue;
      const match = isHome
        ? playedMatch(world, round, self, opponent)
        : playedMatch(world, round, opponent, self);
      if (keep(match)) found.push(match);
    }
    return found;
  }

  return {
    /**
     * The record of two competitors before `before` (a fixture's kick-off), or null when they
     * have no shared past (not of one league, or not competitors of a known league).
     */
    headToHead(homeId: number, awayId: number, before: number): HeadToHead | null {
      const world = worldOfTeam.get(homeId);
      if (!world || worldOfTeam.get(awayId) !== world) return null;
      const rounds = (orderOfLeague.get(world)?.length ?? 2) - 1;
      const isMeeting = (match: PastMatch) => match.home.id === awayId || match.away.id === awayId;
      return {
        // Two sides meet once in every cycle of rounds.
        meetings: pastOf(homeId, before, isMeeting, pastMatchCount, rounds * (pastMatchCount + 1)),
        homeForm: pastOf(homeId, before, () => true, pastMatchCount, 2 * pastMatchCount),
        awayForm: pastOf(awayId, before, () => true, pastMatchCount, 2 * pastMatchCount),
      };
    },
  };
}

export type SeededPast = ReturnType<typeof createSeededPast>;

/** Best of: sets or maps a side must win, by model. */
const setsToWin: Partial<Record<Model, number>> = {
  tennis: 2,
  volleyball: 3,
  table_tennis: 3,
  badminton: 2,
  esports: 2,
};

/** A final score from the two sides' strengths, scored as the sport scores. */
function finalScore(world: LeagueWorld, home: Team, away: Team, rng: Rng): [number, number] {
  const model = world.sport.model;
  const edge = home.rating - away.rating;
  switch (model) {
    case 'football':
    case 'virtual_football':
      return [
        rng.poisson(1.45 * Math.exp(0.35 * (home.attack - away.defence))),
        rng.poisson(1.15 * Math.exp(0.35 * (away.attack - home.defence))),
      ];
    case 'hockey':
      return overtime(
        rng.poisson(3.1 * Math.exp(0.25 * edge)),
        rng.poisson(2.8 * Math.exp(-0.25 * edge)),
        edge,
        rng,
        1,
      );
    case 'basketball':
    case 'virtual_basketball': {
      const points = world.def.points ?? 100;
      return overtime(
        Math.round(rng.normal(points + 1.5 + 4 * edge, 10)),
        Math.round(rng.normal(points - 1.5 - 4 * edge, 10)),
        edge,
        rng,
        rng.int(3, 12),
      );
    }
    default: {
      const toWin = setsToWin[model] ?? 2;
      const setChance = 1 / (1 + Math.exp(-1.2 * edge));
      let homeSets = 0;
      let awaySets = 0;
      while (homeSets < toWin && awaySets < toWin) {
        if (rng.chance(setChance)) homeSets++;
        else awaySets++;
      }
      return [homeSets, awaySets];
    }
  }
}

/** Sports without draws: a level score goes to the side the extra time favours. */
function overtime(
  home: number,
  away: number,
  edge: number,
  rng: Rng,
  margin: number,
): [number, number] {
  if (home !== away) return [home, away];
  return rng.chance(1 / (1 + Math.exp(-edge))) ? [home + margin, away] : [home, away + margin];
}
