/**
 * Goal expectations for football and ice hockey. A side's goals are a Poisson process whose
 * rate differs by period (more goals after the break in football); a match is planned as
 * periods of regular minutes plus stoppage, and what remains of it is what is priced.
 */
export interface PeriodPlan {
  minutes: number;
  /** Share of the match's expected goals scored in this period. */
  share: number;
  /** Average stoppage minutes added; goals keep coming at the same rate in them. */
  meanStoppage: number;
}

/** Goals per minute of one side in a period, stoppage minutes included. */
export function goalRate(expected: number, plan: readonly PeriodPlan[], period: number): number {
  const part = plan[period - 1];
  return part ? (expected * part.share) / (part.minutes + part.meanStoppage) : 0;
}

export interface ClockState {
  /** 0 before kick-off, then the period being played (or just finished, in a break). */
  period: number;
  /** Minutes still to play in the current period, stoppage included; 0 in a break. */
  minutesLeft: number;
}

/** Expected goals still to come, for the whole match and for the first period only. */
export function remainingGoals(
  expected: number,
  plan: readonly PeriodPlan[],
  clock: ClockState,
): { full: number; first: number } {
  let full = 0;
  let first = 0;
  plan.forEach((part, index) => {
    const period = index + 1;
    let minutes = 0;
    if (period > clock.period) minutes = part.minutes + part.meanStoppage;
    else if (period === clock.period) minutes = clock.minutesLeft;
    const goals = minutes * goalRate(expected, plan, period);
    full += goals;
    if (period === 1) first += goals;
  });
  return { full, first };
}

/** Minutes still to play in regulation, stoppage included (the average one for periods to come). */
export function remainingMinutes(plan: readonly PeriodPlan[], clock: ClockState): number {
  let minutes = 0;
  plan.forEach((part, index) => {
    const period = index + 1;
    if (period > clock.period) minutes += part.minutes + part.meanStoppage;
    else if (period === clock.period) minutes += clock.minutesLeft;
  });
  return minutes;
}

/**
 * Chance the home side wins a sudden-death overtime of `minutes` at these goal rates, with a
 * shoot-out (won by home with `shootoutHome`) if nobody scores.
 */
export function overtimeHomeShare(
  homeRate: number,
  awayRate: number,
  minutes: number,
  shootoutHome: number,
): number {
  const rate = homeRate + awayRate;
  if (rate <= 0) return shootoutHome;
  const scoreless = Math.exp(-rate * minutes);
  return (homeRate / rate) * (1 - scoreless) + scoreless * shootoutHome;
}
