import type { LegResult } from '@sb/contract';
import { decodeOptionId, lineOf, outcomeNameOf } from '@sb/domain';

/**
 * How a leg of a bet is named for the member, from what the order recorded of it: the match
 * ("Home v Away"), the market and the selection as people say them ("Arsenal -0.25", "Over 2.5",
 * "2-1", "Arsenal by 3+"). One place for the slip's receipt, my bets, cash out and the records
 * table, so the wording of a bet never differs between them. Words are translated by `t`; team
 * and runner names are proper names and stay as the book gave them.
 */

/** What naming needs of a leg: the order's leg or the slip's selection. */
export interface NamedLeg {
  playId: number;
  specifiers: string;
  outcomeId: string;
  home: string;
  away: string;
  /** The book's own name of the outcome, for outcomes named after a competitor. */
  optName: string;
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** "Home v Away", or an outright's or race's title alone. */
export function matchNameOf(leg: Pick<NamedLeg, 'home' | 'away'>): string {
  return leg.away ? `${leg.home} v ${leg.away}` : leg.home;
}

const sideOutcome = /^(home|away)(?:_(.+))?$/;
const scoreOutcome = /^(\d+):(\d+)$/;
const countOutcome = /^\d+\+?$/;

const teamsOf = (leg: NamedLeg, t: Translate) => ({
  home: leg.home || t('legs.home'),
  away: leg.away || t('legs.away'),
});

/**
 * Football's outcomes of plays 20-26 by the teams' names: "Arsenal or Draw", "Arsenal / Draw",
 * "Yes", "No goal"; undefined for any other outcome.
 */
function footballNameOf(leg: NamedLeg, t: Translate): string | undefined {
  const { kind, value } = outcomeNameOf(1, leg.playId, leg.outcomeId);
  switch (kind) {
    case 'yes':
    case 'no':
    case 'noGoal':
    case 'homeOrDraw':
    case 'homeOrAway':
    case 'drawOrAway':
      return t(`legs.${kind}`, teamsOf(leg, t));
    case 'halfTimeFullTime': {
      const teams = teamsOf(leg, t);
      const part = (side: string) =>
        side === 'home' ? teams.home : side === 'away' ? teams.away : t('legs.draw');
      const [half = '', full = ''] = value.split('/');
      return t('legs.halfTimeFullTime', { half: part(half), full: part(full) });
    }
  }
  return undefined;
}

/** The selection as people say it; the book's own name for one named after a competitor. */
export function selectionNameOf(leg: NamedLeg, t: Translate): string {
  const { outcomeId } = leg;
  const line = lineOf(leg.specifiers, outcomeId);
  const football = footballNameOf(leg, t);
  if (football) return football;
  const side = sideOutcome.exec(outcomeId);
  if (side) {
    const team = (side[1] === 'home' ? leg.home : leg.away) || t(`legs.${side[1]}`);
    // A winning margin band: "Arsenal by 2", "Arsenal by 3+".
    if (side[2]) return t('legs.wins_by', { team, margin: side[2] });
    return line ? `${team} ${line}` : team;
  }
  const score = scoreOutcome.exec(outcomeId);
  if (score) return `${score[1]}-${score[2]}`;
  // Exact goals ("3", "6+") are a match's; an outright's or race's numbers are its competitors.
  if (leg.away && countOutcome.test(outcomeId)) return outcomeId;
  switch (outcomeId) {
    case 'draw':
    case 'odd':
    case 'even':
      return t(`legs.${outcomeId}`);
    case 'over':
    case 'under':
      return t(`legs.${outcomeId}`, { line });
    case 'other':
      return t('legs.otherScore');
  }
  return leg.optName || outcomeId;
}

/**
 * A slip selection as a leg to name: its outcome read from its option id, the board's label of
 * the option standing in for the book's own name.
 */
export function slipLegOf(selection: {
  oi: string;
  playId: number;
  specifiers: string;
  home: string;
  away: string;
  optionName: string;
}): NamedLeg {
  return {
    playId: selection.playId,
    specifiers: selection.specifiers,
    outcomeId: decodeOptionId(selection.oi)?.outcomeId ?? '',
    home: selection.home,
    away: selection.away,
    optName: selection.optionName,
  };
}

/** The text key of a leg's result. */
export const legResultTextKeys: Record<LegResult, string> = {
  won: 'legs.resultWon',
  lost: 'legs.resultLost',
  void: 'legs.resultVoid',
  half_won: 'legs.resultHalfWon',
  half_lost: 'legs.resultHalfLost',
  dead_heat: 'legs.resultDeadHeat',
};
