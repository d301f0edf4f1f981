import type { SetFinish } from './sets';

/**
 * Rally-point sets (volleyball, table tennis, badminton, and esports maps as rounds): every
 * rally is a point, won by home with a fixed chance; first to `target`, two clear, up to `cap`.
 */
export interface RallyRule {
  target: number;
  /** A score at which the next point wins whatever the lead (badminton: 30). */
  cap?: number;
}

export function isSetOver(home: number, away: number, rule: RallyRule): boolean {
  if (rule.cap !== undefined && (home >= rule.cap || away >= rule.cap)) return true;
  return (home >= rule.target || away >= rule.target) && Math.abs(home - away) >= 2;
}

/** Once the mass still being played at deuce is this small it is settled in one step. */
const DEUCE_REST = 1e-5;

export function rallySetFinishes(
  p: number,
  home: number,
  away: number,
  rule: RallyRule,
): SetFinish[] {
  const finishes: SetFinish[] = [];
  const deuceWin = (p * p) / (p * p + (1 - p) * (1 - p));
  // level[h] is the chance of home having h points after `points` rallies in all.
  let level = new Float64Array(home + 2);
  level[home] = 1;
  let low = home;
  let high = home;
  for (let points = home + away; low <= high; points++) {
    const next = new Float64Array(high + 3);
    let playing = 0;
    for (let h = low; h <= high; h++) {
      if ((level[h] ?? 0) > 0 && !isSetOver(h, points - h, rule)) playing += level[h] ?? 0;
    }
    const deuce = points >= 2 * rule.target - 2 && playing < DEUCE_REST;
    let nextLow = Number.POSITIVE_INFINITY;
    let nextHigh = -1;
    for (let h = low; h <= high; h++) {
      const mass = level[h] ?? 0;
      if (mass === 0) continue;
      const a = points - h;
      if (isSetOver(h, a, rule)) {
        finishes.push({ home: h, away: a, p: mass });
      } else if (deuce && h === a) {
        // Level at deuce: home must win two in a row before away does.
        finishes.push({ home: h + 2, away: a, p: mass * deuceWin });
        finishes.push({ home: h, away: a + 2, p: mass * (1 - deuceWin) });
      } else if (mass > 1e-15) {
        next[h + 1] = (next[h + 1] ?? 0) + mass * p;
        next[h] = (next[h] ?? 0) + mass * (1 - p);
        nextLow = Math.min(nextLow, h);
        nextHigh = Math.max(nextHigh, h + 1);
      }
    }
    level = next;
    low = nextLow;
    high = nextHigh;
  }
  return finishes;
}
