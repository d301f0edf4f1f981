import type { SetFinish } from './sets';

/**
 * Tennis from the point up: each player wins a point on their own serve with a fixed chance;
 * games, tie-breaks and sets follow from the scoring rules.
 */

/** Chance the server holds a game from 0-0. */
export function holdProbability(p: number): number {
  const q = 1 - p;
  const deuce = (p * p) / (p * p + q * q);
  return p ** 4 * (1 + 4 * q + 10 * q * q) + 20 * p ** 3 * q ** 3 * deuce;
}

/** Who serves point n of a tie-break: first, then two each. */
export function tiebreakServerIsFirst(point: number): boolean {
  return Math.floor((point + 1) / 2) % 2 === 0;
}

/** Chance the player serving first wins a tie-break to 7 (by two). */
export function tiebreakProbability(pFirst: number, pSecond: number): number {
  const reach = new Map<string, number>([['0:0', 1]]);
  let win = 0;
  for (let level = 0; level < 12; level++) {
    const firstServes = tiebreakServerIsFirst(level);
    const pPoint = firstServes ? pFirst : 1 - pSecond;
    for (let i = Math.max(0, level - 6); i <= Math.min(6, level); i++) {
      const j = level - i;
      const mass = reach.get(`${i}:${j}`) ?? 0;
      if (mass === 0) continue;
      const add = (key: string, value: number) => reach.set(key, (reach.get(key) ?? 0) + value);
      if (i + 1 === 7) win += mass * pPoint;
      else add(`${i + 1}:${j}`, mass * pPoint);
      if (j + 1 < 7) add(`${i}:${j + 1}`, mass * (1 - pPoint));
    }
  }
  // From 6-6 the serve alternates every point pair, one each: a race of pairs.
  const wins = pFirst * (1 - pSecond);
  const losses = (1 - pFirst) * pSecond;
  return win + (reach.get('6:6') ?? 0) * (wins / (wins + losses));
}

/**
 * Every finish of a set from games (home, away) with `homeServes` serving the next game. The
 * tie-break is counted as a seventh game.
 */
export function tennisSetFinishes(
  pHome: number,
  pAway: number,
  home: number,
  away: number,
  homeServes: boolean,
): SetFinish[] {
  const holdHome = holdProbability(pHome);
  const holdAway = holdProbability(pAway);
  const tiebreakHomeFirst = tiebreakProbability(pHome, pAway);
  const tiebreakAwayFirst = 1 - tiebreakProbability(pAway, pHome);
  const finishes: SetFinish[] = [];
  // Forward over games played: who serves follows from how many games have gone.
  let level = new Map<number, number>([[home, 1]]);
  for (let games = home + away; level.size > 0; games++) {
    const next = new Map<number, number>();
    const serving = (games - home - away) % 2 === 0 ? homeServes : !homeServes;
    for (const [h, mass] of level) {
      const a = games - h;
      if (((h >= 6 || a >= 6) && Math.abs(h - a) >= 2) || h === 7 || a === 7) {
        finishes.push({ home: h, away: a, p: mass });
        continue;
      }
      const tiebreak = h === 6 && a === 6;
      const homeWins = tiebreak
        ? serving
          ? tiebreakHomeFirst
          : tiebreakAwayFirst
        : serving
          ? holdHome
          : 1 - holdAway;
      next.set(h + 1, (next.get(h + 1) ?? 0) + mass * homeWins);
      next.set(h, (next.get(h) ?? 0) + mass * (1 - homeWins));
    }
    level = next;
  }
  return finishes;
}
