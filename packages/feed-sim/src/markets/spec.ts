import type { MarketRef, SettledOutcome } from '../messages';
import type { Mass } from './mass';

export interface OutcomeSpec {
  id: string;
  name: string;
  mass: Mass;
}

/** A market as a model sees it: outcomes with their probability masses, before any margin. */
export interface MarketSpec {
  playId: number;
  specifiers: string;
  name: string;
  outcomes: OutcomeSpec[];
}

export interface Names {
  home: string;
  away: string;
}

/**
 * One play of a sport, defined over that sport's distributions `D`. The same definition prices
 * the market in any state and settles it when `D` is the final result.
 */
export interface PlayDef<D> {
  playId: number;
  name: string;
  /** Settled when this period ends (first-half markets) rather than at the end. */
  settleAfterPeriod?: number;
  /** A play about one of several parts (a quarter, a map): the period its scope names. */
  settleAfterScope?: (scope: string) => number;
  /**
   * The parts of the match the play is offered on now, as the specifiers that name them
   * (`quarternr=2`, `setnr=1|gamenr=5`): one market per scope and line. Without it the play is
   * about the match (or a fixed part of it) and its scope is ''.
   */
  scopes?: (dists: D) => string[];
  /** The specifier key of line markets (`goalnr`: football's next goal, by its number). */
  lineKey?: 'hcp' | 'total' | 'goalnr';
  /** Lines worth offering now (line markets only). */
  lines?: (dists: D, scope: string) => number[];
  /**
   * Outcomes at a line, or null when the part of the match the play is about is not modelled
   * (not offered now, or when settling, not a part this play can be settled on).
   */
  outcomes: (dists: D, line: number, names: Names, scope: string) => OutcomeSpec[] | null;
}

const LINE_TEXT = new Map<number, string>();

/** 0.25 -> "0.25", -1 -> "-1", 0 -> "0". Lines repeat endlessly, so their text is kept. */
export function formatLine(line: number): string {
  let text = LINE_TEXT.get(line);
  if (text === undefined) {
    text = String(line === 0 ? 0 : line);
    if (LINE_TEXT.size < 10_000) LINE_TEXT.set(line, text);
  }
  return text;
}

/** A handicap as shown beside a team: +0.5, -1.25, 0. */
export function signedLine(line: number): string {
  return line > 0 ? `+${formatLine(line)}` : formatLine(line);
}

/** The line of a line market's specifiers, which comes last (`quarternr=2|hcp=-1.5`). */
export function lineFromSpecifiers(specifiers: string): number {
  const match = /(?:^|\|)(?:hcp|total|goalnr)=(-?\d+(?:\.\d+)?)$/.exec(specifiers);
  return match ? Number(match[1]) : 0;
}

/**
 * Whether the over side of a total on a count that only grows (goals, points, games, corners)
 * has won for good: the count is past the whole line, both halves of a quarter line. The market
 * is then settled at once, as books settle an over line the moment it is passed.
 */
export function isOverDecided(count: number, specifiers: string): boolean {
  const line = lineFromSpecifiers(specifiers);
  const isQuarter = Math.abs(Math.round(line * 4)) % 2 === 1;
  return count > line + (isQuarter ? 0.25 : 0);
}

/** The part of the specifiers before the line: the scope of a scoped play, else ''. */
export function scopeFromSpecifiers(specifiers: string): string {
  return specifiers.replace(/(?:^|\|)(?:hcp|total)=[^|]*$/, '');
}

/** A scope's number under its key: `quarternr` of `quarternr=2` is 2; 0 when absent. */
export function scopeNumber(scope: string, key: string): number {
  const match = new RegExp(`(?:^|\\|)${key}=(\\d+)`).exec(scope);
  return match ? Number(match[1]) : 0;
}

const NO_SCOPE = [''];

export function buildMarkets<D>(defs: readonly PlayDef<D>[], dists: D, names: Names): MarketSpec[] {
  const specs: MarketSpec[] = [];
  for (const def of defs) {
    for (const scope of def.scopes ? def.scopes(dists) : NO_SCOPE) {
      const lines = def.lineKey && def.lines ? def.lines(dists, scope) : [0];
      for (const line of lines) {
        const outcomes = def.outcomes(dists, line, names, scope);
        if (!outcomes) continue;
        const lineText = def.lineKey ? `${def.lineKey}=${formatLine(line)}` : '';
        const specifiers = scope && lineText ? `${scope}|${lineText}` : scope || lineText;
        specs.push({ playId: def.playId, specifiers, name: def.name, outcomes });
      }
    }
  }
  return specs;
}

/** The period after which a market of one of these plays is settled; undefined: at the end. */
export function settleAfterPeriodOf<D>(
  defs: readonly PlayDef<D>[],
  playId: number,
  specifiers = '',
): number | undefined {
  const def = defs.find((play) => play.playId === playId);
  return def?.settleAfterScope
    ? def.settleAfterScope(scopeFromSpecifiers(specifiers))
    : def?.settleAfterPeriod;
}

/** Outcomes of an offered market under the final distributions, or null if the play is unknown. */
export function settleMarket<D>(
  defs: readonly PlayDef<D>[],
  finalDists: D,
  market: MarketRef,
  names: Names,
): OutcomeSpec[] | null {
  const def = defs.find((candidate) => candidate.playId === market.playId);
  if (!def) return null;
  const { specifiers } = market;
  return def.outcomes(
    finalDists,
    lineFromSpecifiers(specifiers),
    names,
    scopeFromSpecifiers(specifiers),
  );
}

/** Reads results off masses that describe a finished match. */
export function toSettledOutcomes(outcomes: readonly OutcomeSpec[]): SettledOutcome[] {
  return outcomes.map(({ id, mass }): SettledOutcome => {
    if (mass.halfWin > 0.5) return { id, result: 1, voidFactor: 0.5 };
    if (mass.halfLose > 0.5) return { id, result: 0, voidFactor: 0.5 };
    if (mass.push > 0.5) return { id, result: 0, voidFactor: 1 };
    if (mass.win > 1e-9) {
      const share = Math.round(mass.win * 1e6) / 1e6;
      return share < 1
        ? { id, result: 1, voidFactor: 0, deadHeatFactor: share }
        : { id, result: 1, voidFactor: 0 };
    }
    return { id, result: 0, voidFactor: 0 };
  });
}
