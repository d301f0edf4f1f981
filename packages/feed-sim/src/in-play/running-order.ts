import type { RunnerPosition } from '../messages';
import type { Rng } from '../prng';

/** Fewest and most lengths (as shares of the distance) between two places at the post. */
const FINISH_GAP = [0.003, 0.025] as const;
/** How far a runner may run ahead of or behind its own pace at halfway. */
const WANDER_SD = 0.035;
const WANDER_LIMIT = 0.08;
const WAVE_MAX = 0.015;

interface Pace {
  id: number;
  /** Share of the distance covered when the winner reaches the post. */
  atFinish: number;
  /** A steady lead or lag on its pace (a fast start, a runner coming late)... */
  bias: number;
  /** ...and a surge and fade on top of it. */
  wave: number;
  waves: number;
  phase: number;
}

/**
 * How a race is run to the finish already drawn: the field's positions at `readings` evenly
 * spaced moments, the last at the post, each reading leader first. Every runner keeps a pace
 * that brings it to the post in its finishing place and wanders ahead of or behind it in
 * running, most at halfway and not at all at the ends, so places change as the race goes and
 * close into the finishing order at the post. `tiedFirst`: the first two reach the post
 * together (a dead heat).
 */
export function runRace(
  finish: readonly number[],
  tiedFirst: boolean,
  readings: number,
  rng: Rng,
): RunnerPosition[][] {
  let behind = 0;
  const paces: Pace[] = finish.map((id, place) => {
    if (place > 0 && !(place === 1 && tiedFirst)) behind += rng.between(...FINISH_GAP);
    return {
      id,
      atFinish: 1 / (1 + behind),
      bias: Math.max(-WANDER_LIMIT, Math.min(WANDER_LIMIT, rng.normal(0, WANDER_SD))),
      wave: rng.between(0, WAVE_MAX),
      waves: rng.int(1, 3),
      phase: rng.between(0, 2 * Math.PI),
    };
  });
  const covered = paces.map(() => 0);
  const course: RunnerPosition[][] = [];
  for (let reading = 1; reading <= readings; reading++) {
    const share = reading / readings;
    const swing = 4 * share * (1 - share);
    paces.forEach((pace, place) => {
      const wander =
        swing * (pace.bias + pace.wave * Math.sin(2 * Math.PI * pace.waves * share + pace.phase));
      const reached = share * pace.atFinish + wander;
      // Nobody runs backwards, and nobody passes the point it is at when the winner finishes.
      covered[place] = Math.min(pace.atFinish, Math.max(covered[place] ?? 0, reached));
    });
    const order = paces.map((_, place) => place);
    // Level runners are listed in finishing order: at the post that is the result itself.
    order.sort((a, b) => (covered[b] ?? 0) - (covered[a] ?? 0) || a - b);
    course.push(
      order.map((place) => ({
        id: paces[place]?.id ?? 0,
        progress: Math.round((covered[place] ?? 0) * 10_000) / 10_000,
      })),
    );
  }
  return course;
}
