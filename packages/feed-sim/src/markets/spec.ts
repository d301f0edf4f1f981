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
  /** The specifier key of line markets. */
  lineKey?: 'hcp' | 'total';
  /** Lines worth offering now (line markets only). */
  lines?: (dists: D) => number[];
  /** Outcomes at a line, or null when the part of the match the play is about is not modelled. */
  outcomes: (dists: D, line: number, names: Names) => OutcomeSpec[] | null;
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

export function lineFromSpecifiers(specifiers: string): number {
  const match = /^(?:hcp|total)=(-?\d+(?:\.\d+)?)$/.exec(specifiers);
  return match ? Number(match[1]) : 0;
}

export function buildMarkets<D>(defs: readonly PlayDef<D>[], dists: D, names: Names): MarketSpec[] {
  const specs: MarketSpec[] = [];
  for (const def of defs) {
    const lines = def.lineKey && def.lines ? def.lines(dists) : [0];
    for (const line of lines) {
      const outcomes = def.outcomes(dists, line, names);
      if (!outcomes) continue;
      const specifiers = def.lineKey ? `${def.lineKey}=${formatLine(line)}` : '';
      specs.push({ playId: def.playId, specifiers, name: def.name, outcomes });
    }
  }
  return specs;
}

/** Outcomes of an offered market under the final distributions, or null if the play is unknown. */
export function settleMarket<D>(
  defs: readonly PlayDef<D>[],
  finalDists: D,
  market: MarketRef,
  names: Names,
): OutcomeSpec[] | null {
  const def = defs.find((candidate) => candidate.playId === market.playId);
  return def ? def.outcomes(finalDists, lineFromSpecifiers(market.specifiers), names) : null;
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
