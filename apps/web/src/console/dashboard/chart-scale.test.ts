import { describe, expect, it } from 'vitest';
import {
  bandLayout,
  barExtent,
  formatAxisAmount,
  labelledIndexes,
  niceStep,
  valueAxis,
  yOf,
} from './chart-scale';

describe('chart steps and axes', () => {
  it('round a step up to 1, 2 or 5 times a power of ten, at least one minor unit', () => {
    expect(niceStep(0.3)).toBe(1);
    expect(niceStep(1)).toBe(1);
    expect(niceStep(1.2)).toBe(2);
    expect(niceStep(3)).toBe(5);
    expect(niceStep(7)).toBe(10);
    expect(niceStep(38_350)).toBe(50_000);
    expect(niceStep(100_000)).toBe(100_000);
    expect(niceStep(100_001)).toBe(200_000);
  });

  it('hold every value and zero, on ticks of one step', () => {
    expect(valueAxis([153_400, 20_000, 0])).toEqual({
      min: 0,
      max: 200_000,
      step: 50_000,
      ticks: [0, 50_000, 100_000, 150_000, 200_000],
    });
    const withLoss = valueAxis([-2_500, 9_000]);
    expect(withLoss.min).toBeLessThanOrEqual(-2_500);
    expect(withLoss.max).toBeGreaterThanOrEqual(9_000);
    expect(withLoss.ticks).toContain(0);
    expect(withLoss.ticks.every((tick) => tick % withLoss.step === 0)).toBe(true);
  });

  it('keep zero at the top when every value is a loss', () => {
    const axis = valueAxis([-120, -40]);
    expect(axis.max).toBe(0);
    expect(axis.min).toBeLessThanOrEqual(-120);
  });

  it('give an empty or all-zero chart the minimum span', () => {
    expect(valueAxis([], 4, 100)).toMatchObject({ min: 0, max: 100, ticks: [0, 50, 100] });
    expect(valueAxis([0, 0], 4, 100).max).toBe(100);
  });
});

describe('chart positions', () => {
  const axis = valueAxis([-100, 300]); // step 100: -100 … 300

  it('place the axis min at the bottom and its max at the top', () => {
    expect(axis).toMatchObject({ min: -100, max: 300 });
    expect(yOf(-100, axis, 10, 210)).toBe(210);
    expect(yOf(300, axis, 10, 210)).toBe(10);
    expect(yOf(100, axis, 10, 210)).toBe(110);
  });

  it('draw bars from zero, up for gains and down for losses', () => {
    expect(barExtent(300, axis, 10, 210)).toEqual({ y: 10, height: 150 });
    expect(barExtent(-100, axis, 10, 210)).toEqual({ y: 160, height: 50 });
    expect(barExtent(0, axis, 10, 210)).toEqual({ y: 160, height: 0 });
  });

  it('centre bars in equal bands', () => {
    const layout = bandLayout(4, 40, 400, 0.5);
    expect(layout.band).toBe(100);
    expect(layout.barWidth).toBe(50);
    expect(layout.xOf(0)).toBe(65);
    expect(layout.xOf(3)).toBe(365);
  });

  it('label at most the asked number of days, always the last', () => {
    expect(labelledIndexes(5, 8)).toEqual([true, true, true, true, true]);
    const ninety = labelledIndexes(90, 8);
    expect(ninety.filter(Boolean).length).toBeLessThanOrEqual(8);
    expect(ninety[89]).toBe(true);
    expect(labelledIndexes(14, 7)).toEqual([
      false,
      true,
      false,
      true,
      false,
      true,
      false,
      true,
      false,
      true,
      false,
      true,
      false,
      true,
    ]);
  });
});

describe('axis labels', () => {
  it('shorten major units in the operator’s locale', () => {
    expect(formatAxisAmount(150_000_000, 2, 'en-US')).toBe('1.5M');
    expect(formatAxisAmount(150_000_000, 2, 'en-GB')).toBe('1.5m');
    expect(formatAxisAmount(150_000_000, 2, 'zh-CN')).toBe('150万');
    expect(formatAxisAmount(-2_500, 2, 'en-GB')).toBe('-25');
    expect(formatAxisAmount(0, 2, 'zh-TW')).toBe('0');
  });
});
