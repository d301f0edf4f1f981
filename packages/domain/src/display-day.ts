/**
 * SPEC §9: times are shown in a fixed zone four hours behind UTC, whatever the viewer's zone, and
 * a display day (results by date, statistics, history ranges, a match's season) is a day of that
 * zone. Days are counted as whole days since 1970-01-01 in that zone, so the database, the server
 * and the pages bucket instants the same way.
 */
export const displayOffsetMs = -4 * 3_600_000;
export const dayMs = 86_400_000;

/** The display day an instant falls in. */
export function displayDayOf(epochMs: number): number {
  return Math.floor((epochMs + displayOffsetMs) / dayMs);
}

/** The first instant of a display day, epoch ms. */
export function displayDayStartMs(day: number): number {
  return day * dayMs - displayOffsetMs;
}

/** A display day as `YYYY-MM-DD`. */
export function dateOfDisplayDay(day: number): string {
  return new Date(day * dayMs).toISOString().slice(0, 10);
}

/** The display day of a `YYYY-MM-DD` date (checked to be a real date by the caller). */
export function displayDayOfDate(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / dayMs);
}
