import { at, type Dist, pointMass } from '../models/dist';
import {
  handicapOutcomes,
  oddEvenOutcomes,
  tableOutcomes,
  totalOutcomes,
  voidOutcomes,
  winnerOutcomes,
} from './kinds';
import { handicapLines, totalLines } from './lines';
import { simpleMass } from './mass';
import { type Names, type OutcomeSpec, type PlayDef, scopeNumber } from './spec';

/** Set sports (tennis, volleyball, table tennis, badminton, esports maps). */
export interface SetsDists {
  /** Final score in sets, '2:1' -> probability. */
  setScores: ReadonlyMap<string, number>;
  /** Total games (tennis), points or rounds over the match, and the home-minus-away margin. */
  units: Dist;
  unitMargin: Dist;
  /** Sets won home minus away, and the number of sets played. */
  setMargin: Dist;
  sets: Dist;
  /** First set's unit margin and total; null once settled. */
  first: { margin: Dist; total: Dist } | null;
  /**
   * Sets (maps) by number, their unit margin and total, for plays about each one: when pricing
   * the ones still to be decided that may yet be played; when settling every number up to the
   * longest match, null for one never played (its bets are void). Empty for sports without such
   * plays.
   */
  byNumber: ReadonlyMap<number, SetView | null>;
  /**
   * Games by scope (`setnr=1|gamenr=5`) and the chance home wins each: the next game in play
   * when pricing, every game played (1 or 0) when settling. Empty for sports without them.
   */
  games: ReadonlyMap<string, number>;
}

export interface SetView {
  margin: Dist;
  total: Dist;
}

export interface SetsLabels {
  /** What a period is called: set, game (table tennis, badminton), map. */
  set: string;
  /** What is counted inside it: games, points, rounds. */
  unit: string;
  bestOf: number;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Every final score in sets, home's wins first: 2:0, 2:1, 1:2, 0:2 for best of three. */
export function setScoreKeys(bestOf: number): string[] {
  const need = (bestOf + 1) / 2;
  const keys: string[] = [];
  for (let lost = 0; lost < need; lost++) keys.push(`${need}:${lost}`);
  for (let won = need - 1; won >= 0; won--) keys.push(`${won}:${need}`);
  return keys;
}

function setHandicapLines(bestOf: number): number[] {
  return bestOf >= 5 ? [-2.5, -1.5, 1.5, 2.5] : [-1.5, 1.5];
}

/** Plays of tennis's and esports' own block of ids (46 to 50). */
export const SetsPlayIds = {
  NextGame: 46,
  MapWinner: 48,
  MapHandicap: 49,
  MapTotal: 50,
} as const;

/** Which plays beyond the common ones a set sport offers. */
export interface SetsExtras {
  /** Tennis in play: the next game's winner. */
  nextGame?: boolean;
  /**
   * Esports: each later map's winner, rounds handicap and total rounds (the first map's are
   * plays 11, 4 and 5, which every set sport has).
   */
  byNumber?: boolean;
}

/** Whether these plays price sets by number (`SetsDists.byNumber`). */
export function needsSetsByNumber(plays: readonly PlayDef<SetsDists>[]): boolean {
  return plays.some((play) => play.playId === SetsPlayIds.MapWinner);
}

function nextGamePlay(): PlayDef<SetsDists> {
  return {
    playId: SetsPlayIds.NextGame,
    name: 'Next game winner',
    scopes: (d) => [...d.games.keys()],
    outcomes: (d, _, names, scope) => {
      const home = d.games.get(scope);
      if (home === undefined) return null;
      return [
        { id: 'home', name: names.home, mass: simpleMass(home) },
        { id: 'away', name: names.away, mass: simpleMass(1 - home) },
      ];
    },
  };
}

/** Plays about the second and later sets (maps), one market per set and line. */
function byNumberPlays(set: string, unit: string): PlayDef<SetsDists>[] {
  const key = `${set}nr`;
  const scopes = (d: SetsDists) =>
    [...d.byNumber.keys()].filter((n) => n >= 2).map((n) => `${key}=${n}`);
  const after = (scope: string) => scopeNumber(scope, key);
  /** Outcomes on the set a scope names: none while it is not offered, void if never played. */
  const onSet =
    (build: (view: SetView, line: number, names: Names) => OutcomeSpec[]) =>
    (d: SetsDists, line: number, names: Names, scope: string): OutcomeSpec[] | null => {
      const view = d.byNumber.get(scopeNumber(scope, key));
      if (view === undefined) return null;
      if (view === null) return voidOutcomes(build(UNPLAYED, line, names));
      return build(view, line, names);
    };
  const lineOf =
    (choose: (view: SetView) => number[]) =>
    (d: SetsDists, scope: string): number[] => {
      const view = d.byNumber.get(scopeNumber(scope, key));
      return view ? choose(view) : [];
    };
  return [
    {
      playId: SetsPlayIds.MapWinner,
      name: `${capitalise(set)} winner`,
      settleAfterScope: after,
      scopes,
      outcomes: onSet((view, _, names) => winnerOutcomes(view.margin, names)),
    },
    {
      playId: SetsPlayIds.MapHandicap,
      name: `${capitalise(set)} ${unit} handicap`,
      settleAfterScope: after,
      scopes,
      lineKey: 'hcp',
      lines: lineOf((view) => handicapLines(view.margin, 'half', 1)),
      outcomes: onSet((view, hcp, names) => handicapOutcomes(view.margin, hcp, names)),
    },
    {
      playId: SetsPlayIds.MapTotal,
      name: `${capitalise(set)} total ${unit}`,
      settleAfterScope: after,
      scopes,
      lineKey: 'total',
      lines: lineOf((view) => totalLines(view.total, 'half', 1)),
      outcomes: onSet((view, total) => totalOutcomes(view.total, total)),
    },
  ];
}

/** What a set never played is priced as, only to name the outcomes of its void markets. */
const UNPLAYED: SetView = { margin: pointMass(0), total: pointMass(0) };

export function setsPlays(labels: SetsLabels, extras: SetsExtras = {}): PlayDef<SetsDists>[] {
  const { set, unit, bestOf } = labels;
  const need = (bestOf + 1) / 2;
  const scoreKeys = setScoreKeys(bestOf).map((id) => ({ id, name: id.replace(':', '-') }));
  return [
    { playId: 3, name: 'Winner', outcomes: (d, _, names) => winnerOutcomes(d.setMargin, names) },
    {
      playId: 1,
      name: `${capitalise(unit)} handicap`,
      lineKey: 'hcp',
      lines: (d) => handicapLines(d.unitMargin, 'half', 1),
      outcomes: (d, hcp, names) => handicapOutcomes(d.unitMargin, hcp, names),
    },
    {
      playId: 2,
      name: `Total ${unit}`,
      lineKey: 'total',
      lines: (d) => totalLines(d.units, 'half', 1),
      outcomes: (d, total) => totalOutcomes(d.units, total),
    },
    {
      playId: 4,
      name: `1st ${set} ${unit} handicap`,
      settleAfterPeriod: 1,
      lineKey: 'hcp',
      lines: (d) => (d.first ? handicapLines(d.first.margin, 'half', 1) : []),
      outcomes: (d, hcp, names) => (d.first ? handicapOutcomes(d.first.margin, hcp, names) : null),
    },
    {
      playId: 5,
      name: `1st ${set} total ${unit}`,
      settleAfterPeriod: 1,
      lineKey: 'total',
      lines: (d) => (d.first ? totalLines(d.first.total, 'half', 1) : []),
      outcomes: (d, total) => (d.first ? totalOutcomes(d.first.total, total) : null),
    },
    { playId: 6, name: `Odd/even ${unit}`, outcomes: (d) => oddEvenOutcomes(d.units) },
    { playId: 8, name: 'Correct score', outcomes: (d) => tableOutcomes(scoreKeys, d.setScores) },
    {
      playId: 9,
      name: `Number of ${set}s`,
      outcomes: (d) =>
        Array.from({ length: need }, (_, i) => need + i).map((count) => ({
          id: String(count),
          name: `${count} ${set}s`,
          mass: simpleMass(at(d.sets, count)),
        })),
    },
    {
      playId: 11,
      name: `1st ${set} winner`,
      settleAfterPeriod: 1,
      outcomes: (d, _, names) => (d.first ? winnerOutcomes(d.first.margin, names) : null),
    },
    {
      playId: 16,
      name: `${capitalise(set)} handicap`,
      lineKey: 'hcp',
      lines: () => setHandicapLines(bestOf),
      outcomes: (d, hcp, names) => handicapOutcomes(d.setMargin, hcp, names),
    },
    ...(extras.nextGame ? [nextGamePlay()] : []),
    ...(extras.byNumber ? byNumberPlays(set, unit) : []),
  ];
}
