import { type MarketFamily, marketFamilyOf } from '../market-layout/market-names';

/**
 * Whether where a match stands already decides an outcome, whatever a feed prices it at: the
 * rule the server applies to every price it shows and every bet it takes or accepts after the
 * bet delay (docs/matches.md, "Decided outcomes"). An outcome is a bet only while it can still
 * win (at least half) and still lose (at least half); one that can no longer win, or no longer
 * lose, is decided, and so is every outcome of an event that takes no bets in play once it has
 * started (virtual sports, races, outrights).
 *
 * The rules read only what the match has settled for good: counts that never go down (goals,
 * points, games, sets, corners, cards) and parts of the match that are over. They never call an
 * open outcome decided; a few outcomes that a sport's own limits decide (a tennis set at 6-6 has
 * 13 games) are left to the feed's model.
 */

export interface PeriodScore {
  home: number;
  away: number;
}

/** Where a match stands, as the feed's status and fixture tell it. */
export interface MatchSituation {
  sportId: number;
  /** Whether the event takes bets in play; without it betting closes at the start. */
  liveOdds: boolean;
  /** Regular periods: halves, hockey periods, quarters; set sports play at most `bestOf`. */
  periods: number;
  bestOf?: number;
  /** The feed's event status: `not_started`, `live`, `ended`… */
  status: string;
  /** The period in play (or the one just over, in a break); 0 before the start. */
  period: number;
  inBreak: boolean;
  /** Goals or points; sets (maps) won in set sports. */
  homeScore: number;
  awayScore: number;
  /** Goals or points per period; games, points or rounds per set. */
  periodScores: readonly PeriodScore[];
  /** Football's corners so far. */
  corners?: PeriodScore;
  /** Football's cards shown so far, yellow and red each counting one. */
  cards?: number;
}

/** One outcome of one market, as the option id names it. */
export interface OutcomeRef {
  playId: number;
  specifiers: string;
  outcomeId: string;
}

/** How a bet on an outcome may still end: whether it can win and whether it can lose. */
interface Prospects {
  canWin: boolean;
  canLose: boolean;
}

const OPEN: Prospects = { canWin: true, canLose: true };
const OVER: Prospects = { canWin: false, canLose: false };

/** True when the situation leaves the outcome nothing to bet on. */
export function isOutcomeDecided(situation: MatchSituation, outcome: OutcomeRef): boolean {
  if (situation.status === 'not_started') return false;
  if (situation.status !== 'live' || !situation.liveOdds) return true;
  const prospects = prospectsOf(situation, outcome);
  return !(prospects.canWin && prospects.canLose);
}

function prospectsOf(situation: MatchSituation, outcome: OutcomeRef): Prospects {
  const family = marketFamilyOf(situation.sportId);
  switch (family) {
    case 'football':
    case 'hockey':
      return goalProspects(situation, outcome, family);
    case 'basketball':
      return hoopsProspects(situation, outcome);
    case 'tennis':
    case 'volleyball':
    case 'rally':
    case 'esports':
      return setsProspects(situation, outcome);
    default:
      return OPEN;
  }
}

const sum = (scores: readonly PeriodScore[]): PeriodScore =>
  scores.reduce((total, s) => ({ home: total.home + s.home, away: total.away + s.away }), {
    home: 0,
    away: 0,
  });

/** A specifier's number (`total` of `quarternr=2|total=52.5`); NaN when absent. */
export function specifierNumber(specifiers: string, key: string): number {
  const match = new RegExp(`(?:^|\\|)${key}=(-?\\d+(?:\\.\\d+)?)`).exec(specifiers);
  return match ? Number(match[1]) : Number.NaN;
}

/** Whether period `n` (1-based) is over: a later one has begun, or its break is on. */
function isPeriodOver(situation: MatchSituation, n: number): boolean {
  return situation.period > n || (situation.period === n && situation.inBreak);
}

/**
 * An over/under outcome on a count that can only grow from `count`. The line may be a half,
 * whole or quarter line (a quarter line is half the stake on each line a quarter away). A half of
 * the stake on line `h` loses for over, and wins for under, when the final count is below `h`; the
 * count only grows, so that is still possible only while the count is below `h` now.
 */
function totalProspects(count: number, specifiers: string, outcomeId: string): Prospects {
  const line = specifierNumber(specifiers, 'total');
  if (Number.isNaN(line)) return OPEN;
  const halves = Math.abs(Math.round(line * 4)) % 2 === 1 ? [line - 0.25, line + 0.25] : [line];
  const belowSomeHalf = halves.some((half) => count < half);
  if (outcomeId === 'over') return { canWin: true, canLose: belowSomeHalf };
  if (outcomeId === 'under') return { canWin: belowSomeHalf, canLose: true };
  return OPEN;
}

/** The result of a score on a 1X2-like id: home, draw or away. */
function resultOf(score: PeriodScore): 'home' | 'draw' | 'away' {
  return score.home > score.away ? 'home' : score.home === score.away ? 'draw' : 'away';
}

/** Football, virtual football and ice hockey: regulation goals per side only ever grow. */
function goalProspects(
  situation: MatchSituation,
  { playId, specifiers, outcomeId }: OutcomeRef,
  family: MarketFamily,
): Prospects {
  const hockey = family === 'hockey';
  const regulationOver = isPeriodOver(situation, situation.periods);
  const regulation = sum(situation.periodScores.slice(0, situation.periods));
  const goals = regulation.home + regulation.away;
  const firstOver = isPeriodOver(situation, 1);
  const first = situation.periodScores[0] ?? { home: 0, away: 0 };
  if (hockey) {
    // Plays 7 (winner) and 30 (puck line) count overtime and the shoot-out; the rest is over
    // with regulation.
    if (playId === 7 || playId === 30) return OPEN;
    if (regulationOver) return OVER;
  }
  switch (playId) {
    case 2:
    case 18:
      return totalProspects(goals, specifiers, outcomeId);
    case 4:
    case 11:
      return firstOver ? OVER : OPEN;
    case 5:
      return firstOver ? OVER : totalProspects(first.home + first.away, specifiers, outcomeId);
    case 7:
      return totalProspects(
        (situation.corners?.home ?? 0) + (situation.corners?.away ?? 0),
        specifiers,
        outcomeId,
      );
    case 8:
      return correctScoreProspects(regulation, outcomeId, hockey ? 5 : 4);
    case 9:
      return exactCountProspects(goals, outcomeId);
    case 20:
      return bothScoreProspects(regulation, outcomeId);
    case 23:
      return totalProspects(regulation.home, specifiers, outcomeId);
    case 24:
      return totalProspects(regulation.away, specifiers, outcomeId);
    case 25: {
      const half = outcomeId.split('/')[0];
      return firstOver && half !== resultOf(first) ? { canWin: false, canLose: true } : OPEN;
    }
    case 26: {
      const goal = specifierNumber(specifiers, 'goalnr');
      return goals >= goal ? OVER : OPEN;
    }
    case 27:
      return totalProspects(situation.cards ?? 0, specifiers, outcomeId);
    default:
      return OPEN;
  }
}

/** `h:a` wins only if neither side has passed it; "other" cannot lose once a side passes `top`. */
function correctScoreProspects(score: PeriodScore, outcomeId: string, top: number): Prospects {
  if (outcomeId === 'other') {
    return { canWin: true, canLose: score.home <= top && score.away <= top };
  }
  const [home, away] = outcomeId.split(':').map(Number);
  if (home === undefined || away === undefined || Number.isNaN(home) || Number.isNaN(away))
    return OPEN;
  return { canWin: home >= score.home && away >= score.away, canLose: true };
}

/** `n` goals wins only while the count has not passed it; `n+` cannot lose once reached. */
function exactCountProspects(count: number, outcomeId: string): Prospects {
  const n = Number.parseInt(outcomeId, 10);
  if (Number.isNaN(n)) return OPEN;
  if (outcomeId.endsWith('+')) return { canWin: true, canLose: count < n };
  return { canWin: n >= count, canLose: true };
}

function bothScoreProspects(score: PeriodScore, outcomeId: string): Prospects {
  const both = score.home > 0 && score.away > 0;
  if (outcomeId === 'yes') return { canWin: true, canLose: !both };
  if (outcomeId === 'no') return { canWin: !both, canLose: true };
  return OPEN;
}

/** Basketball: points per side only ever grow; halves and quarters end. */
function hoopsProspects(
  situation: MatchSituation,
  { playId, specifiers, outcomeId }: OutcomeRef,
): Prospects {
  const scores = situation.periodScores;
  const points = (from: number, to?: number) => {
    const part = sum(scores.slice(from, to));
    return part.home + part.away;
  };
  const halfOver = isPeriodOver(situation, 2);
  switch (playId) {
    case 2:
      return totalProspects(situation.homeScore + situation.awayScore, specifiers, outcomeId);
    case 4:
    case 11:
      return halfOver ? OVER : OPEN;
    case 5:
      return halfOver ? OVER : totalProspects(points(0, 2), specifiers, outcomeId);
    case 7:
      return isPeriodOver(situation, 1) ? OVER : OPEN;
    case 40:
    case 41: {
      const quarter = specifierNumber(specifiers, 'quarternr');
      if (isPeriodOver(situation, quarter)) return OVER;
      return playId === 41
        ? totalProspects(points(quarter - 1, quarter), specifiers, outcomeId)
        : OPEN;
    }
    case 43:
      return totalProspects(points(2), specifiers, outcomeId);
    case 44:
      return totalProspects(situation.homeScore, specifiers, outcomeId);
    case 45:
      return totalProspects(situation.awayScore, specifiers, outcomeId);
    default:
      return OPEN;
  }
}

/** Every final score in sets still possible from sets won so far. */
function finalSetScores(situation: MatchSituation): PeriodScore[] {
  const need = ((situation.bestOf ?? 3) + 1) / 2;
  const finals: PeriodScore[] = [];
  for (let lost = 0; lost < need; lost++) {
    finals.push({ home: need, away: lost }, { home: lost, away: need });
  }
  return finals.filter((f) => f.home >= situation.homeScore && f.away >= situation.awayScore);
}

/** Prospects over the final set scores still possible: wins on some, loses on some. */
function overFinals(
  situation: MatchSituation,
  result: (final: PeriodScore) => 'win' | 'lose' | 'push',
): Prospects {
  const results = finalSetScores(situation).map(result);
  return { canWin: results.includes('win'), canLose: results.includes('lose') };
}

/**
 * Tennis, volleyball, table tennis, badminton and esports: sets (maps) are won for good, and the
 * games, points or rounds inside them only grow.
 */
function setsProspects(
  situation: MatchSituation,
  { playId, specifiers, outcomeId }: OutcomeRef,
): Prospects {
  const scores = situation.periodScores;
  const units = (part: readonly PeriodScore[]) => {
    const total = sum(part);
    return total.home + total.away;
  };
  const setsPlayed = situation.homeScore + situation.awayScore;
  switch (playId) {
    case 2:
      return totalProspects(units(scores), specifiers, outcomeId);
    case 4:
    case 11:
      return isPeriodOver(situation, 1) ? OVER : OPEN;
    case 5:
      return isPeriodOver(situation, 1)
        ? OVER
        : totalProspects(units(scores.slice(0, 1)), specifiers, outcomeId);
    case 8: {
      const [home, away] = outcomeId.split(':').map(Number);
      return overFinals(situation, (f) => (f.home === home && f.away === away ? 'win' : 'lose'));
    }
    case 9: {
      const count = Number(outcomeId);
      return overFinals(situation, (f) => (f.home + f.away === count ? 'win' : 'lose'));
    }
    case 16: {
      const hcp = specifierNumber(specifiers, 'hcp');
      if (Number.isNaN(hcp)) return OPEN;
      const sign = outcomeId === 'home' ? 1 : outcomeId === 'away' ? -1 : 0;
      if (sign === 0) return OPEN;
      return overFinals(situation, (f) => {
        const value = sign * (f.home - f.away + hcp);
        return value > 0 ? 'win' : value < 0 ? 'lose' : 'push';
      });
    }
    case 46: {
      const set = specifierNumber(specifiers, 'setnr');
      const game = specifierNumber(specifiers, 'gamenr');
      const played = set <= setsPlayed || units(scores.slice(set - 1, set)) >= game;
      return played ? OVER : OPEN;
    }
    case 48:
    case 49:
    case 50: {
      const map = specifierNumber(specifiers, 'mapnr');
      if (map <= setsPlayed) return OVER;
      return playId === 50 && situation.period === map && !situation.inBreak
        ? totalProspects(units(scores.slice(map - 1, map)), specifiers, outcomeId)
        : OPEN;
    }
    default:
      return OPEN;
  }
}
