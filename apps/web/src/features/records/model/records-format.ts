import { formatDisplayAmount } from '@sb/domain';
import { displayDateOf, shiftDisplayDate, startOfDisplayDate } from '../../../lib/display-time';
import { formatPercentage } from '../../../lib/percent';

/** SPEC §9 history ranges: today, 7, 15 and 30 days. */
export const dayRanges = [1, 7, 15, 30] as const;
export type DayRange = (typeof dayRanges)[number];

/** A range of whole display days ending today, as the statistics calls take it. */
export interface StatRange {
  startDate: string;
  endDate: string;
  /** Epoch ms, both inclusive (docs/betting.md "Statistics"). */
  startTime: number;
  endTime: number;
}

export function rangeOfDays(days: DayRange, nowMs: number): StatRange {
  const endDate = displayDateOf(nowMs);
  const startDate = shiftDisplayDate(endDate, 1 - days);
  return {
    startDate,
    endDate,
    startTime: startOfDisplayDate(startDate),
    endTime: startOfDisplayDate(shiftDisplayDate(endDate, 1)) - 1,
  };
}

/** A win or loss with its sign, 2 decimals (SPEC §9): "+12.50", "-3.00", "0.00". */
export function formatSignedAmount(amountMinor: number, scale: number): string {
  const text = formatDisplayAmount(amountMinor, scale);
  return amountMinor > 0 ? `+${text}` : text;
}

/**
 * Wins among decided bets (wins and losses; draws left out, as the server's win rate does), as a
 * percentage to 5 significant digits (SPEC §9): "66.667%". Null without any decided bet: there
 * is nothing to rate yet, and "0%" would say every bet lost.
 */
export function formatWinRate(winCount: number, lossCount: number): string | null {
  const decided = winCount + lossCount;
  if (decided === 0) return null;
  return formatPercentage((winCount / decided) * 100);
}

/** Pages of `size` rows a list of `total` rows takes; at least one, so "1 / 1" shows when empty. */
export function pageCountOf(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

export interface ChartBar {
  date: string;
  resultMinor: number;
  x: number;
  y: number;
  width: number;
  height: number;
  isLoss: boolean;
}

export interface ChartGeometry {
  bars: ChartBar[];
  /** Where the zero line runs. */
  zeroY: number;
}

/**
 * Bars of each day's result around a zero line: wins above, losses below, the largest one
 * reaching the edge. The zero line sits where the largest win and loss leave room for each other,
 * so a range of only wins uses the whole height.
 */
export function chartGeometry(
  days: readonly { date: string; result: number }[],
  width: number,
  height: number,
): ChartGeometry {
  const maxWin = Math.max(0, ...days.map((day) => day.result));
  const maxLoss = Math.max(0, ...days.map((day) => -day.result));
  const span = maxWin + maxLoss;
  const zeroY = span === 0 ? height / 2 : (maxWin / span) * height;
  const unit = span === 0 ? 0 : height / span;
  const slot = days.length === 0 ? 0 : width / days.length;
  const barWidth = slot * 0.7;
  const bars = days.map((day, index) => {
    const barHeight = Math.abs(day.result) * unit;
    return {
      date: day.date,
      resultMinor: day.result,
      x: index * slot + (slot - barWidth) / 2,
      y: day.result >= 0 ? zeroY - barHeight : zeroY,
      width: barWidth,
      height: barHeight,
      isLoss: day.result < 0,
    };
  });
  return { bars, zeroY };
}
