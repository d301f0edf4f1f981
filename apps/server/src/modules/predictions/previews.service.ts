import type { Language, Preview, PreviewSummary } from '@sb/contract';
import type { PastMatch, PastSide, SeededPast } from '@sb/feed-sim';
import { nameIn, namesOfEveryLanguage } from '../feed/feed.service';
import type { EventState } from '../feed/feed.types';

/** Rounds the league table counts: the record keeps no seasons, so the latest ten. */
export const standingRounds = 10;
const weekMs = 7 * 86_400_000;
/** Tables kept at most; a league's changes once a week. */
const standingCacheLimit = 500;

type Outcome = 'W' | 'D' | 'L';

/** The 1X2 play: home, draw and away. */
const threeWayPlayId = 3;

/** The model's fair 1X2 probabilities of the match, or null when its book has no 1X2. */
export function fairProbabilitiesOf(state: EventState) {
  const market = [...state.markets.values()].find(
    (entry) => entry.playId === threeWayPlayId && entry.specifiers === '',
  );
  if (!market) return null;
  const probabilityOf = (id: string) =>
    market.outcomes.find((outcome) => outcome.id === id)?.probability;
  const home = probabilityOf('home');
  const draw = probabilityOf('draw');
  const away = probabilityOf('away');
  if (home === undefined || draw === undefined || away === undefined) return null;
  if (home + draw + away <= 0) return null;
  const round = (value: number) => Math.round(value * 1_000_000) / 1_000_000;
  return { home: round(home), draw: round(draw), away: round(away) };
}

/**
 * Whether the event is a match members may predict and preview: two sides of a real (not
 * virtual) league, with a 1X2 book (the result a prediction picks is home, draw or away).
 */
export function isPredictable(state: EventState): boolean {
  const { fixture } = state;
  if (fixture.kind !== 'match' || fixture.virtual || fixture.competitors.length !== 2) return false;
  return [...state.markets.values()].some(
    (market) =>
      market.playId === threeWayPlayId &&
      market.specifiers === '' &&
      ['home', 'draw', 'away'].every((id) => market.outcomes.some((outcome) => outcome.id === id)),
  );
}

/** Whether the match has not started at `nowMs`: predictions are open until then. */
export function isUpcoming(state: EventState, nowMs: number): boolean {
  return state.status.status === 'not_started' && state.fixture.startTime > nowMs;
}

/** Whether a team or league name of the match holds the keyword, in any of its languages. */
export function matchesKeyword(state: EventState, keyword: string): boolean {
  const wanted = keyword.toLocaleLowerCase();
  const { fixture } = state;
  const names = [
    ...namesOfEveryLanguage(fixture.league.name, fixture.league.names),
    ...fixture.competitors.flatMap((side) => namesOfEveryLanguage(side.name, side.names)),
  ];
  return names.some((name) => name.toLocaleLowerCase().includes(wanted));
}

interface StandingRow {
  side: PastSide;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
}

const outcomeOf = (goalsFor: number, goalsAgainst: number): Outcome =>
  goalsFor > goalsAgainst ? 'W' : goalsFor === goalsAgainst ? 'D' : 'L';

/** A past match seen from one side. */
function formEntry(match: PastMatch, teamId: number, language: Language) {
  const isHome = match.home.id === teamId;
  const opponent = isHome ? match.away : match.home;
  const goalsFor = isHome ? match.homeScore : match.awayScore;
  const goalsAgainst = isHome ? match.awayScore : match.homeScore;
  return {
    t: match.startTime,
    opponentId: opponent.id,
    opponentName: nameIn(opponent.name, opponent.names, language),
    isHome,
    goalsFor,
    goalsAgainst,
    result: outcomeOf(goalsFor, goalsAgainst),
  };
}

/**
 * Previews from the seeded past of the simulated world (the record the head-to-head window
 * reads): each side's form, the sides' meetings and a league table over the latest rounds.
 * Without a record (a feed that keeps none) the lists are empty and the places null.
 */
export function createPreviews(deps: { records?: SeededPast | undefined }) {
  const { records } = deps;
  const standings = new Map<string, StandingRow[]>();

  /** A team's matches before `before`, newest first, at most `count` (five at a time). */
  function pastOfTeam(teamId: number, otherId: number, before: number, count: number) {
    const found: PastMatch[] = [];
    let until = before;
    while (records && found.length < count) {
      const form = records.headToHead(teamId, otherId, until)?.homeForm ?? [];
      if (form.length === 0) break;
      found.push(...form);
      until = (form[form.length - 1] as PastMatch).startTime;
    }
    return found.slice(0, count);
  }

  /**
   * The league table over the `standingRounds` rounds before `before`: every team met on the
   * way is walked, so the table holds the whole league however few of its matches are listed.
   * Keyed by the latest round's time (of the two sides, one played in it: only one team of a
   * league rests in a round), so it is worked out once a week per league.
   */
  function standingOf(
    leagueId: number,
    homeId: number,
    awayId: number,
    before: number,
    latestRound: number,
  ): StandingRow[] {
    const key = `${leagueId}:${latestRound}`;
    const cached = standings.get(key);
    if (cached) return cached;
    const from = latestRound - (standingRounds - 1) * weekMs;
    const matches = new Map<string, PastMatch>();
    const teams = new Map<number, PastSide>();
    const queue = [homeId, awayId];
    const walked = new Set<number>();
    while (queue.length > 0) {
      const teamId = queue.pop() as number;
      if (walked.has(teamId)) continue;
      walked.add(teamId);
      const otherId = teamId === homeId ? awayId : homeId;
      for (const match of pastOfTeam(teamId, otherId, before, standingRounds)) {
        if (match.startTime < from) continue;
        matches.set(`${match.startTime}:${match.home.id}:${match.away.id}`, match);
        for (const side of [match.home, match.away]) {
          teams.set(side.id, side);
          if (!walked.has(side.id)) queue.push(side.id);
        }
      }
    }
    const rows = new Map<number, StandingRow>();
    const rowOf = (side: PastSide) => {
      let row = rows.get(side.id);
      if (!row) {
        row = {
          side,
          played: 0,
          won: 0,
          drawn: 0,
          lost: 0,
          goalsFor: 0,
          goalsAgainst: 0,
          points: 0,
        };
        rows.set(side.id, row);
      }
      return row;
    };
    for (const match of matches.values()) {
      for (const [side, goalsFor, goalsAgainst] of [
        [match.home, match.homeScore, match.awayScore],
        [match.away, match.awayScore, match.homeScore],
      ] as const) {
        const row = rowOf(side);
        row.played += 1;
        row.goalsFor += goalsFor;
        row.goalsAgainst += goalsAgainst;
        const outcome = outcomeOf(goalsFor, goalsAgainst);
        if (outcome === 'W') row.won += 1;
        else if (outcome === 'D') row.drawn += 1;
        else row.lost += 1;
        row.points += outcome === 'W' ? 3 : outcome === 'D' ? 1 : 0;
      }
    }
    const table = [...rows.values()].sort(
      (left, right) =>
        right.points - left.points ||
        right.goalsFor - right.goalsAgainst - (left.goalsFor - left.goalsAgainst) ||
        right.goalsFor - left.goalsFor ||
        left.side.name.localeCompare(right.side.name) ||
        left.side.id - right.side.id,
    );
    if (standings.size >= standingCacheLimit) standings.clear();
    standings.set(key, table);
    return table;
  }

  /** Everything a preview says of the match, in `language`. */
  function recordOf(state: EventState, language: Language) {
    const { fixture } = state;
    const [home, away] = fixture.competitors as [
      (typeof fixture.competitors)[0],
      (typeof fixture.competitors)[0],
    ];
    const record = records?.headToHead(home.id, away.id, fixture.startTime) ?? null;
    const homeForm = record?.homeForm ?? [];
    const awayForm = record?.awayForm ?? [];
    const latestRound = Math.max(homeForm[0]?.startTime ?? 0, awayForm[0]?.startTime ?? 0);
    const table =
      record && latestRound > 0
        ? standingOf(fixture.league.id, home.id, away.id, fixture.startTime, latestRound)
        : [];
    const positionOf = (teamId: number) => {
      const index = table.findIndex((row) => row.side.id === teamId);
      return index < 0 ? null : index + 1;
    };
    return {
      head: {
        matchId: fixture.eventId,
        sportId: fixture.sportId,
        leagueId: fixture.league.id,
        leagueName: nameIn(fixture.league.name, fixture.league.names, language),
        homeId: home.id,
        homeName: nameIn(home.name, home.names, language),
        awayId: away.id,
        awayName: nameIn(away.name, away.names, language),
        startTime: fixture.startTime,
      },
      homeRecent: homeForm.map((match) => formEntry(match, home.id, language)),
      awayRecent: awayForm.map((match) => formEntry(match, away.id, language)),
      meetings: (record?.meetings ?? []).map((match) => ({
        t: match.startTime,
        homeId: match.home.id,
        homeName: nameIn(match.home.name, match.home.names, language),
        awayId: match.away.id,
        awayName: nameIn(match.away.name, match.away.names, language),
        homeScore: match.homeScore,
        awayScore: match.awayScore,
      })),
      table,
      homePosition: positionOf(home.id),
      awayPosition: positionOf(away.id),
    };
  }

  /** A preview as the lists show it, from the match's record. */
  function summaryFrom(state: EventState, record: ReturnType<typeof recordOf>): PreviewSummary {
    return {
      ...record.head,
      probabilities: fairProbabilitiesOf(state),
      homeForm: record.homeRecent.map((entry) => entry.result),
      awayForm: record.awayRecent.map((entry) => entry.result),
      homePosition: record.homePosition,
      awayPosition: record.awayPosition,
    };
  }

  return {
    /** The match as lists name it: its sides, league and kick-off in `language`. */
    headOf(state: EventState, language: Language) {
      const { fixture } = state;
      const [home, away] = fixture.competitors;
      return {
        matchId: fixture.eventId,
        sportId: fixture.sportId,
        leagueId: fixture.league.id,
        leagueName: nameIn(fixture.league.name, fixture.league.names, language),
        homeId: home?.id ?? 0,
        homeName: home ? nameIn(home.name, home.names, language) : '',
        awayId: away?.id ?? 0,
        awayName: away ? nameIn(away.name, away.names, language) : '',
        startTime: fixture.startTime,
      };
    },

    summaryOf(state: EventState, language: Language): PreviewSummary {
      return summaryFrom(state, recordOf(state, language));
    },

    previewOf(state: EventState, language: Language): Preview {
      const record = recordOf(state, language);
      return {
        ...summaryFrom(state, record),
        homeRecent: record.homeRecent,
        awayRecent: record.awayRecent,
        meetings: record.meetings,
        standing: record.table.map((row, index) => ({
          position: index + 1,
          teamId: row.side.id,
          teamName: nameIn(row.side.name, row.side.names, language),
          played: row.played,
          won: row.won,
          drawn: row.drawn,
          lost: row.lost,
          goalsFor: row.goalsFor,
          goalsAgainst: row.goalsAgainst,
          points: row.points,
        })),
        standingRounds,
      };
    },
  };
}

export type Previews = ReturnType<typeof createPreviews>;
