import { displayOffsetMs } from '../match/match-wire';

/**
 * Display days (SPEC §9: a fixed zone four hours behind UTC). A day is counted as whole days since
 * 1970-01-01 in that zone, so the database and the server bucket instants the same way.
 */
export { displayOffsetMs };
export const dayMs = 86_400_000;

/** The display day an instant falls in. */
export function displayDayOf(at: Date): number {
  return Math.floor((at.getTime() + displayOffsetMs) / dayMs);
}

/** A display day as `YYYY-MM-DD`. */
export function displayDateOf(day: number): string {
  return new Date(day * dayMs).toISOString().slice(0, 10);
}

/** The display day of a `YYYY-MM-DD` date (the contract has checked it is a real date). */
export function displayDayOfDate(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / dayMs);
}

/** The first instant of a display day. */
export function displayDayStart(day: number): Date {
  return new Date(day * dayMs - displayOffsetMs);
}
