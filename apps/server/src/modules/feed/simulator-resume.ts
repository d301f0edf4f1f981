import { CALENDAR } from '@sb/feed-sim';

/**
 * Where a simulated world stood when it was last saved: the caller's clock and the feed's, and
 * the fixture calendar it plays (absent in positions saved before calendars existed).
 */
export interface SimulatorPosition {
  callerTime: number;
  feedTime: number;
  calendar?: number;
}

/** Where a simulator starts: its creation time on both clocks, its calendar, what was skipped. */
export interface ResumePoint {
  startTime: number;
  feedStartTime: number;
  calendar: number;
  /** Feed time passed over without being replayed, because the feed was down too long. */
  skippedFeedMs: number;
}

/**
 * A world that was down replays at most this much of its own time on the way back, sending what
 * happened meanwhile (results included). About a second of work at the usual density; at speed 1
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
 * keeps its fixture calendar: a day's events are numbered in kick-off order, so a newer calendar
 * would give the ids of matches already in the catalogue (and their open bets) to other matches.
 * New worlds play the current calendar.
 */
export function planResume(
  saved: SimulatorPosition | undefined,
  nowMs: number,
  speed: number,
): ResumePoint {
  if (!saved)
    return { startTime: nowMs, feedStartTime: nowMs, calendar: CALENDAR, skippedFeedMs: 0 };
  const downMs = Math.max(0, nowMs - saved.callerTime);
  const catchUpMs = Math.min(downMs, catchUpLimitFeedMs / speed);
  const skippedFeedMs = (downMs - catchUpMs) * speed;
  return {
    startTime: nowMs - catchUpMs,
    feedStartTime: saved.feedTime + skippedFeedMs,
    // Positions saved before calendars existed belong to worlds of the first one.
    calendar: saved.calendar ?? 1,
    skippedFeedMs,
  };
}
