import { dayMs, displayDayOf, displayDayStartMs, displayOffsetMs } from '@sb/domain';

/** YYYY-MM-DD HH:mm:ss in the display zone (SPEC §9, packages/domain display-day.ts). */
export function formatDisplayTime(epochMs: number): string {
  return new Date(epochMs + displayOffsetMs).toISOString().slice(0, 19).replace('T', ' ');
}

/** SPEC §9 history ranges: today, or the last 7, 15 or 30 days counting today. */
export const historyRangeDays = [1, 7, 15, 30] as const;
export type HistoryRangeDays = (typeof historyRangeDays)[number];

/** From the start of the first day (midnight in the display zone) to now, both inclusive. */
export function historyRange(
  days: HistoryRangeDays,
  nowMs: number,
): { startTime: number; endTime: number } {
  const startOfToday = displayDayStartMs(displayDayOf(nowMs));
  return { startTime: startOfToday - (days - 1) * dayMs, endTime: nowMs };
}
