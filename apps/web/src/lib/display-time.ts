/**
 * SPEC §9: times are shown in a fixed zone four hours behind UTC, whatever the browser's zone,
 * and the server's display days (docs/betting.md "Statistics") are the days of that zone.
 */
export const displayOffsetMs = -4 * 60 * 60 * 1000;

const dayMs = 24 * 60 * 60 * 1000;

/** The display day of an instant, `YYYY-MM-DD`. */
export function displayDateOf(epochMs: number): string {
  return new Date(epochMs + displayOffsetMs).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD HH:mm` in the display zone. */
export function formatDisplayTime(epochMs: number): string {
  const iso = new Date(epochMs + displayOffsetMs).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** The display day `days` after (or before, when negative) `date`. */
export function shiftDisplayDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** The first instant of a display day, epoch ms. */
export function displayDayStartMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - displayOffsetMs;
}
