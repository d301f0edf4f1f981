/** SPEC §9: times show in a fixed zone four hours behind UTC, whatever the browser's zone. */
export const displayZoneOffsetMs = -4 * 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD HH:mm:ss in the display zone. */
export function formatDisplayTime(epochMs: number): string {
  return new Date(epochMs + displayZoneOffsetMs).toISOString().slice(0, 19).replace('T', ' ');
}

/** SPEC §9 history ranges: today, or the last 7, 15 or 30 days counting today. */
export const historyRangeDays = [1, 7, 15, 30] as const;
export type HistoryRangeDays = (typeof historyRangeDays)[number];

/** From the start of the first day (midnight in the display zone) to now, both inclusive. */
export function historyRange(
  days: HistoryRangeDays,
  nowMs: number,
): { startTime: number; endTime: number } {
  const local = nowMs + displayZoneOffsetMs;
  const startOfToday = local - (((local % dayMs) + dayMs) % dayMs) - displayZoneOffsetMs;
  return { startTime: startOfToday - (days - 1) * dayMs, endTime: nowMs };
}
