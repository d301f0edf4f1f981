import { atLeast, type Dist, discreteNormal, mixture, normalise, pointMass, without } from './dist';

/**
 * Basketball scoring as two correlated normal processes: per minute each side scores its mean
 * rate with a variance, and a shared pace term makes the total vary more than the margin (as
 * real games do: a quick game is quick for both teams).
 */
export interface HoopsParams {
  /** Expected points per minute. */
  homeRate: number;
  awayRate: number;
  /** Per-minute variance of one side's points, and the covariance between the sides. */
  variance: number;
  covariance: number;
  overtimeMinutes: number;
}

export function defaultHoopsParams(homeRate: number, awayRate: number): HoopsParams {
  // Per 48 minutes: margin sd about 12 points, total sd about 18.
  return { homeRate, awayRate, variance: 4.9, covariance: 0.95, overtimeMinutes: 5 };
}

interface Segment {
  margin: Dist;
  total: Dist;
}

/** The final margin and total, with the chance that regulation ends level. */
interface Final extends Segment {
  tie: number;
}

/**
 * Points scored in `minutes` of play, margin and total. The total is never negative: late in a
 * quarter the normal's lower tail would otherwise give points back, and price an under line the
 * score has already passed.
 */
export function segment(params: HoopsParams, minutes: number): Segment {
  if (minutes <= 0) return { margin: pointMass(0), total: pointMass(0) };
  const marginVar = 2 * (params.variance - params.covariance) * minutes;
  const totalVar = 2 * (params.variance + params.covariance) * minutes;
  return {
    margin: discreteNormal((params.homeRate - params.awayRate) * minutes, Math.sqrt(marginVar)),
    total: atLeast(
      discreteNormal((params.homeRate + params.awayRate) * minutes, Math.sqrt(totalVar)),
      0,
    ),
  };
}

function zeroed(dist: Dist): Dist {
  return { min: dist.min, p: dist.p.map((p, i) => (dist.min + i === 0 ? 0 : p)) };
}

/**
 * Final margin and total from the current ones and the minutes left before a tie would go to
 * overtime. A tie is replaced by an overtime's margin (never zero: another overtime follows),
 * and adds an overtime's points to the total; margin and total are treated as independent,
 * which is close enough for pricing.
 */
export function finalWithOvertime(
  params: HoopsParams,
  margin: number,
  total: number,
  minutesLeft: number,
): Final {
  const rest = segment(params, minutesLeft);
  const regMargin: Dist = { min: rest.margin.min + margin, p: rest.margin.p };
  const regTotal: Dist = { min: rest.total.min + total, p: rest.total.p };
  const tie = regMargin.p[-regMargin.min] ?? 0;
  if (tie < 1e-9) return { margin: normalise(regMargin), total: regTotal, tie: 0 };
  const overtime = segment(params, params.overtimeMinutes);
  // Sum of two normals: the total after an overtime is normal with both means and variances.
  const minutes = Math.max(minutesLeft, 0);
  const rate = params.homeRate + params.awayRate;
  const totalVar = 2 * (params.variance + params.covariance);
  const withOvertime = atLeast(
    discreteNormal(
      total + rate * (minutes + params.overtimeMinutes),
      Math.sqrt(totalVar * (minutes + params.overtimeMinutes)),
    ),
    total,
  );
  return {
    margin: mixture([
      { weight: 1, dist: zeroed(regMargin) },
      { weight: tie, dist: without(overtime.margin, 0) },
    ]),
    total: mixture([
      { weight: 1 - tie, dist: regTotal },
      { weight: tie, dist: withOvertime },
    ]),
    tie,
  };
}

/**
 * One side's final points (team totals): its own part of the scoring process from `points`,
 * and an overtime's more with the chance `tie` that regulation ends level, as the total has.
 */
export function sideWithOvertime(
  params: HoopsParams,
  rate: number,
  points: number,
  tie: number,
  minutesLeft: number,
): Dist {
  const minutes = Math.max(minutesLeft, 0);
  const regular = atLeast(
    discreteNormal(points + rate * minutes, Math.sqrt(params.variance * minutes)),
    points,
  );
  if (tie < 1e-9) return regular;
  const longer = minutes + params.overtimeMinutes;
  const withOvertime = atLeast(
    discreteNormal(points + rate * longer, Math.sqrt(params.variance * longer)),
    points,
  );
  return mixture([
    { weight: 1 - tie, dist: regular },
    { weight: tie, dist: withOvertime },
  ]);
}

/**
 * A second half not yet begun, overtime included as books settle it: the two quarters' points,
 * and an overtime's points on the total with the chance `tie` that the game goes to one. The
 * overtime's small and two-sided effect on the margin is left out, close enough for pricing.
 */
export function secondHalfAhead(params: HoopsParams, halfMinutes: number, tie: number): Segment {
  const regular = segment(params, halfMinutes);
  if (tie < 1e-9) return regular;
  return {
    margin: regular.margin,
    total: mixture([
      { weight: 1 - tie, dist: regular.total },
      { weight: tie, dist: segment(params, halfMinutes + params.overtimeMinutes).total },
    ]),
  };
}
