import { CALENDAR } from '@sb/feed-sim';
import { describe, expect, it } from 'vitest';
import { catchUpLimitFeedMs, planResume } from './simulator-resume';

const now = Date.UTC(2026, 2, 1, 12, 0, 0);
const minute = 60_000;

describe('where the simulator starts', () => {
  it('begins a new world now on the caller calendar, with the current fixtures, when nothing was saved', () => {
    expect(planResume(undefined, now, 60)).toEqual({
      startTime: now,
      feedStartTime: now,
      calendar: CALENDAR,
      density: 1,
      skippedFeedMs: 0,
    });
  });

  it('begins a new world on the calendar and density asked for', () => {
    expect(planResume(undefined, now, 60, { calendar: 2, density: 0.25 })).toMatchObject({
      calendar: 2,
      density: 0.25,
    });
  });

  it('carries on from the saved position and catches up the whole downtime', () => {
    const saved = { callerTime: now - 10 * minute, feedTime: now + 500 * minute, calendar: 1 };
    expect(planResume(saved, now, 60)).toEqual({
      startTime: saved.callerTime,
      feedStartTime: saved.feedTime,
      calendar: 1,
      density: 1,
      skippedFeedMs: 0,
    });
  });

  it('keeps the first calendar for a world saved before calendars were recorded', () => {
    expect(CALENDAR).toBeGreaterThan(1);
    const saved = { callerTime: now - 10 * minute, feedTime: now };
    expect(planResume(saved, now, 60).calendar).toBe(1);
    expect(planResume({ ...saved, calendar: CALENDAR }, now, 60).calendar).toBe(CALENDAR);
  });

  it('keeps the density a saved world began with, whatever a new world would take', () => {
    const saved = { callerTime: now - 10 * minute, feedTime: now, calendar: 2, density: 0.5 };
    expect(planResume(saved, now, 60, { calendar: CALENDAR, density: 2 })).toMatchObject({
      calendar: 2,
      density: 0.5,
    });
    // Worlds saved before densities were recorded ran at the simulator's default.
    const { density: _, ...older } = saved;
    expect(planResume(older, now, 60, { calendar: CALENDAR, density: 2 }).density).toBe(1);
  });

  it('skips the oldest part of a downtime longer than the catch-up limit, on the same line', () => {
    const saved = { callerTime: now - 60 * minute, feedTime: now };
    const plan = planResume(saved, now, 60);
    // 24 feed hours at speed 60 are 24 caller minutes: the first 36 of the hour are skipped.
    expect(plan.startTime).toBe(now - 24 * minute);
    expect(plan.skippedFeedMs).toBe(36 * 60 * minute);
    expect(plan.feedStartTime).toBe(saved.feedTime + plan.skippedFeedMs);
    // The world still stands where it would have, had it never stopped.
    const feedNowIfNeverStopped = saved.feedTime + 60 * minute * 60;
    expect(plan.feedStartTime + (now - plan.startTime) * 60).toBe(feedNowIfNeverStopped);
    expect((now - plan.startTime) * 60).toBe(catchUpLimitFeedMs);
  });

  it('resumes now from the saved feed time when the clock is behind the saved position', () => {
    const saved = { callerTime: now + 5 * minute, feedTime: now + 5 * minute };
    expect(planResume(saved, now, 1)).toEqual({
      startTime: now,
      feedStartTime: saved.feedTime,
      calendar: 1,
      density: 1,
      skippedFeedMs: 0,
    });
  });
});
