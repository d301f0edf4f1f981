import { CALENDAR } from '@sb/feed-sim';

/**
 * Where a simulated world stood when it was last saved: the caller's clock and the feed's, the
 * fixture calendar it plays and its density (absent in positions saved before they were kept).
 */
export interface SimulatorPosition {
  callerTime: number;
  feedTime: number;
  calendar?: number;
  density?: number;
}

/** What a world is made of besides its seed: both fix which matches a day holds and their ids. */
export interface WorldShape {
  calendar: number;
  density: number;
}

/**
 * Where a simulator starts: its creation time on both clocks, its calendar and density, what was
 * skipped.
 */
export interface ResumePoint extends WorldShape {
  startTime: number;
  feedStartTime: number;
  /** Feed time passed over without being replayed, because the feed was down too long. */
  skippedFeedMs: number;
}

/**
 * A world that was down replays at most this much of its own time on the way back, sending what
 * happened meanwhile (results included). A few seconds of work at the default density; at speed 1
 * it covers a day of downtime, at speed 60 twenty-four minutes.
 */
export const catchUpLimitFeedMs = 24 * 3_600_000;

/**
 * The rule for starting the simulator. With nothing saved, a new world begins now on the
 * caller's calendar. Otherwise the world carries on from the saved position: it is created
 * there and caught up to now, its feed clock running at the current speed from the saved one,
 * so it holds the same events under the same ids as if it had never stopped. When the downtime
 * is longer than the catch-up limit, the oldest part is skipped: the world is created that much
 * later on the same line, and what happened in the skipped part is never sent. A saved position
 * ahead of the caller's clock (a clock set back) resumes now from the saved feed time. A world
 * keeps its fixture calendar and density: a day's events are numbered in kick-off order, so a
 * newer calendar or another density would give the ids of matches already in the catalogue (and
 * their open bets) to other matches. New worlds take `fresh`: by default the current calendar at
 * density 1.
 */
export function planResume(
  saved: SimulatorPosition | undefined,
  nowMs: number,
  speed: number,
  fresh: WorldShape = { calendar: CALENDAR, density: 1 },
): ResumePoint {
  if (!saved) return { startTime: nowMs, feedStartTime: nowMs, ...fresh, skippedFeedMs: 0 };
  const downMs = Math.max(0, nowMs - saved.callerTime);
  const catchUpMs = Math.min(downMs, catchUpLimitFeedMs / speed);
  const skippedFeedMs = (downMs - catchUpMs) * speed;
  return {
    startTime: nowMs - catchUpMs,
    feedStartTime: saved.feedTime + skippedFeedMs,
    // Positions saved before calendars existed belong to worlds of the first one.
    calendar: saved.calendar ?? 1,
    // And before densities were, to worlds the server ran at the simulator's default, 1.
    density: saved.density ?? 1,
    skippedFeedMs,
  };
}
