import { type LeagueDef, type NameStyle, SPORTS, type SportDef } from './catalogue';
import { localNames } from './local-names/compose';
import type { Competitor, League, LocalNames } from './messages';
import {
  abbreviate,
  CLUB_PATTERNS,
  ESPORTS_WORDS,
  FIRST_NAMES,
  HORSE_WORDS,
  LAST_NAMES,
  NICKNAMES,
  TOWNS,
  WOMEN_FIRST_NAMES,
} from './names';
import { createRng, type Rng } from './prng';

/** Day numbers and ids count from here, so ids stay small and stable for years. */
export const EPOCH = Date.UTC(2020, 0, 6); // a Monday
export const DAY = 86_400_000;
export const WEEK = 7 * DAY;

/**
 * The fixture calendar a new world plays: which leagues play and when. A world keeps the one it
 * began with (a resumed world is told it), because a day's events are numbered in kick-off order:
 * another calendar gives the same ids to other matches.
 *   1: the first calendar.
 *   2: adds the round-the-clock table tennis Pro League, so matches are in play at every hour.
 *   3: the deep world: lower divisions, women's and youth competitions, Asian, American and
 *      Oceanian leagues in their own evenings, ITF and Challenger tennis, more round-the-clock
 *      table tennis and esports; a day's matches take ids from a wider range (`matchIdsPerDay`).
 */
export const CALENDAR = 3;

/** Id ranges by kind of event. */
const REGULAR_BASE = 10_000_000;
/**
 * Ids a day's matches are numbered within. The deep world of calendar 3 lists more than a
 * thousand matches a day at the higher densities, so its days take twice the range (its ids
 * stay below the outrights' until 2074).
 */
export const matchIdsPerDay = (calendar: number) => (calendar >= 3 ? 2000 : 1000);
const OUTRIGHT_BASE = 50_000_000;
const VIRTUAL_BASE = 100_000_000;

export interface Team extends Competitor {
  /** Overall strength, about standard normal. */
  rating: number;
  /** Football: attacking and defensive strength around the rating. */
  attack: number;
  defence: number;
}

export interface LeagueWorld {
  sport: SportDef;
  def: LeagueDef;
  league: League;
  teams: Team[];
}

export interface Universe {
  seed: string;
  calendar: number;
  /** Share of the usual number of matches a day (and of virtual events). */
  density: number;
  leagues: LeagueWorld[];
}

export function buildUniverse(seed: string, density = 1, calendar = CALENDAR): Universe {
  const leagues: LeagueWorld[] = [];
  SPORTS.forEach((sport, sportIndex) => {
    sport.leagues.forEach((def, leagueIndex) => {
      if ((def.sinceCalendar ?? 1) > calendar) return;
      const id = (sportIndex + 1) * 100 + leagueIndex + 1;
      const league: League = { id, sportId: sport.sportId, name: def.name, category: def.category };
      const leagueNames = localNames.league(def.name);
      const categoryNames = localNames.category(def.category);
      if (leagueNames) league.names = leagueNames;
      if (categoryNames) league.categoryNames = categoryNames;
      const rng = createRng(seed, 'league', def.key);
      const names = competitorNames(def.names, def.size, rng);
      const teams = names.map((name, i) => makeTeam(id * 100 + i + 1, name, rng));
      leagues.push({ sport, def, league, teams });
    });
  });
  return { seed, calendar, density, leagues };
}

function makeTeam(id: number, { name, names }: NamedEntry, rng: Rng): Team {
  const rating = rng.normal(0, 0.6);
  const team: Team = {
    id,
    name,
    abbreviation: abbreviate(name),
    rating,
    attack: rating + rng.normal(0, 0.25),
    defence: rating + rng.normal(0, 0.25),
  };
  if (names) team.names = names;
  return team;
}

/** A competitor's name, and the same name in Chinese when every word of it has one. */
interface NamedEntry {
  name: string;
  names: LocalNames | undefined;
}

function competitorNames(style: NameStyle, size: number, rng: Rng): NamedEntry[] {
  // Two-word names: each round pairs every first word with a second word shifted by the round,
  // which never repeats a pair until every combination is used.
  const pairs = (
    a: readonly string[],
    b: readonly string[],
    join: (x: string, y: string) => NamedEntry,
  ) => {
    const first = rng.shuffle(a);
    const second = rng.shuffle(b);
    const names: NamedEntry[] = [];
    for (let round = 0; round < second.length; round++) {
      for (let i = 0; i < first.length && names.length < size; i++) {
        names.push(join(first[i] ?? '', second[(i + round) % second.length] ?? ''));
      }
    }
    return names;
  };
  switch (style.kind) {
    case 'club': {
      const patterns = style.patterns ?? CLUB_PATTERNS[style.towns];
      return rng
        .shuffle(TOWNS[style.towns])
        .slice(0, size)
        .map((town) => {
          const pattern = rng.pick(patterns);
          return { name: pattern.replace('{t}', town), names: localNames.club(pattern, town) };
        });
    }
    case 'nickname': {
      const nicknames = rng.shuffle(NICKNAMES);
      return rng
        .shuffle(TOWNS[style.towns])
        .slice(0, size)
        .map((town, i) => {
          const nickname = nicknames[i % nicknames.length] ?? '';
          return { name: `${town} ${nickname}`, names: localNames.nickname(town, nickname) };
        });
    }
    case 'player':
      return pairs(style.women ? WOMEN_FIRST_NAMES : FIRST_NAMES, LAST_NAMES, (f, l) => ({
        name: `${f} ${l}`,
        names: localNames.player(f, l),
      }));
    case 'esports':
      return pairs(ESPORTS_WORDS.first, ESPORTS_WORDS.second, (f, s) => ({
        name: `${f} ${s}`,
        names: localNames.esports(f, s),
      }));
    case 'horse':
      return pairs(HORSE_WORDS.first, HORSE_WORDS.second, (f, s) => ({
        name: `${f} ${s}`,
        names: localNames.horse(f, s),
      }));
  }
}

export interface MatchPlan {
  eventId: number;
  world: LeagueWorld;
  home: Team;
  away: Team;
  /** Feed time of kick-off. */
  kickoff: number;
}

export const dayOf = (time: number) => Math.floor((time - EPOCH) / DAY);
export const dayStart = (day: number) => EPOCH + day * DAY;

function slotMinutes(slot: string): number {
  const [h, m] = slot.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** The matches of one day, the same for a seed whenever it is asked. */
export function planDay(universe: Universe, day: number): MatchPlan[] {
  const plans: MatchPlan[] = [];
  for (const world of universe.leagues) {
    const { def } = world;
    if (def.perDay <= 0 || world.sport.virtual) continue;
    if (def.rolling) {
      plans.push(...rollingDay(universe, world, day));
      continue;
    }
    const rng = createRng(universe.seed, 'day', day, def.key);
    const expected = def.perDay * universe.density;
    const wobble = expected >= 2 && rng.chance(0.4) ? rng.int(-1, 1) : 0;
    const rounded = Math.floor(expected) + (rng.chance(expected % 1) ? 1 : 0);
    const count = Math.max(0, Math.min(Math.floor(world.teams.length / 2), rounded + wobble));
    const teams = rng.shuffle(world.teams);
    for (let i = 0; i < count; i++) {
      const home = teams[2 * i];
      const away = teams[2 * i + 1];
      if (!home || !away) break;
      const kickoff = dayStart(day) + slotMinutes(rng.pick(def.slots)) * 60_000;
      plans.push({ eventId: 0, world, home, away, kickoff });
    }
  }
  plans.sort((a, b) => a.kickoff - b.kickoff || a.world.league.id - b.world.league.id);
  const perDay = matchIdsPerDay(universe.calendar);
  return plans.map((plan, n) => ({ ...plan, eventId: REGULAR_BASE + day * perDay + n }));
}

/** Matches at each end of a rolling league's round, each end from its own half of the roster. */
const ROUND_EDGE = 3;

/**
 * A round-the-clock league's day: `perDay` matches (thinned by the density) at evenly spread
 * kick-offs. Its matches are numbered on from day to day and dealt in rounds of the whole roster,
 * each player once a round. The roster is split in two halves for good: a round opens with
 * `ROUND_EDGE` matches of the first half and closes with as many of the second, so the players of
 * one round's last matches are not in the next round's first ones, across midnight too, and
 * nobody plays within four kick-offs of their last match.
 */
function rollingDay(universe: Universe, world: LeagueWorld, day: number): MatchPlan[] {
  const { def } = world;
  const count = Math.min(def.slots.length, Math.round(def.perDay * universe.density));
  const perRound = Math.floor(world.teams.length / 2);
  const halves = createRng(universe.seed, 'rolling', def.key).shuffle(world.teams);
  const first = halves.slice(0, perRound);
  const second = halves.slice(perRound, 2 * perRound);
  const rounds = new Map<number, [Team, Team][]>();
  const roundOf = (round: number) => {
    const known = rounds.get(round);
    if (known) return known;
    const rng = createRng(universe.seed, 'rolling', def.key, round);
    const a = rng.shuffle(first);
    const b = rng.shuffle(second);
    const edge = 2 * ROUND_EDGE;
    const middle = rng.shuffle([...a.slice(edge), ...b.slice(edge)]);
    const order = [...a.slice(0, edge), ...middle, ...b.slice(0, edge)];
    const pairs: [Team, Team][] = [];
    for (let i = 0; i + 1 < order.length; i += 2)
      pairs.push([order[i] as Team, order[i + 1] as Team]);
    rounds.set(round, pairs);
    return pairs;
  };
  return Array.from({ length: count }, (_, i) => {
    const ordinal = day * count + i;
    const [home, away] = roundOf(Math.floor(ordinal / perRound))[ordinal % perRound] as [
      Team,
      Team,
    ];
    const slot = def.slots[Math.floor((i * def.slots.length) / count)] ?? '00:00';
    return { eventId: 0, world, home, away, kickoff: dayStart(day) + slotMinutes(slot) * 60_000 };
  });
}

export interface VirtualPlan {
  eventId: number;
  world: LeagueWorld;
  /** Home and away, or the field of a race. */
  entrants: Team[];
  kickoff: number;
}

/** How often a virtual sport starts an event, thinned out with the density. */
function virtualTiming(
  universe: Universe,
  world: LeagueWorld,
): { everyMs: number; offsetMs: number } {
  const timing = world.sport.virtual;
  if (!timing) throw new Error(`${world.sport.name} is not virtual`);
  const everyMs = Math.round(timing.everyMs / universe.density / 60_000) * 60_000;
  return { everyMs: Math.max(everyMs, 60_000), offsetMs: timing.offsetMs };
}

export function virtualSlot(universe: Universe, world: LeagueWorld, time: number): number {
  const timing = virtualTiming(universe, world);
  return Math.floor((time - EPOCH - timing.offsetMs) / timing.everyMs);
}

export function planVirtual(universe: Universe, world: LeagueWorld, slot: number): VirtualPlan {
  const timing = virtualTiming(universe, world);
  const ordinal = universe.leagues.filter((w) => w.sport.virtual).indexOf(world) + 1;
  const rng = createRng(universe.seed, 'virtual', world.def.key, slot);
  const field = world.sport.model === 'racing' ? 8 : 2;
  return {
    eventId: VIRTUAL_BASE * ordinal + slot,
    world,
    entrants: rng.shuffle(world.teams).slice(0, field),
    kickoff: EPOCH + timing.offsetMs + slot * timing.everyMs,
  };
}

export interface OutrightPlan {
  eventId: number;
  world: LeagueWorld;
  week: number;
  /** Books open two hours before the week starts and close two hours before it ends. */
  openAt: number;
  endAt: number;
}

const OUTRIGHT_LEAD = 2 * 3_600_000;

export const outrightWeek = (time: number) => Math.floor((time + OUTRIGHT_LEAD - EPOCH) / WEEK);

export function planOutrights(universe: Universe, week: number): OutrightPlan[] {
  return universe.leagues
    .filter((world) => world.def.outright)
    .map((world, index) => ({
      eventId: OUTRIGHT_BASE + week * 100 + index,
      world,
      week,
      openAt: EPOCH + week * WEEK - OUTRIGHT_LEAD,
      endAt: EPOCH + (week + 1) * WEEK - OUTRIGHT_LEAD,
    }));
}

export function allLeagues(universe: Universe): League[] {
  return universe.leagues.map((world) => world.league);
}
