import {
  dateOfDisplayDay,
  displayDayOf,
  displayDayOfDate,
  displayDayStartMs,
  displayOffsetMs,
} from '@sb/domain';

/** Times and days in the display zone (packages/domain display-day.ts), as the pages write them. */

/** The display day of an instant, `YYYY-MM-DD`. */
export function displayDateOf(epochMs: number): string {
  return dateOfDisplayDay(displayDayOf(epochMs));
}

/** `YYYY-MM-DD HH:mm` in the display zone. */
export function formatDisplayTime(epochMs: number): string {
  const iso = new Date(epochMs + displayOffsetMs).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** The display day `days` after (or before, when negative) `date`. */
export function shiftDisplayDate(date: string, days: number): string {
  return dateOfDisplayDay(displayDayOfDate(date) + days);
}

/** The first instant of a display day, epoch ms. */
export function startOfDisplayDate(date: string): number {
  return displayDayStartMs(displayDayOfDate(date));
}
