/**
 * The arithmetic of the dashboard's SVG charts, apart from React so it can be tested alone.
 * Values are integers in minor units; positions are SVG user units.
 */

/** A value axis: its ends and the ticks between them, all multiples of `step`. */
export interface ValueAxis {
  min: number;
  max: number;
  step: number;
  ticks: number[];
}

/**
 * The smallest "nice" step (1, 2 or 5 times a power of ten) of at least `rawStep`, and never
 * below 1: values are whole minor units, so a step is too. A nice step in minor units is nice in
 * major units as well (the scale only moves the decimal point).
 */
export function niceStep(rawStep: number): number {
  if (!(rawStep > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(rawStep));
  for (const mantissa of [1, 2, 5, 10]) {
    const step = mantissa * power;
    if (step >= rawStep) return step;
  }
  return 10 * power;
}

/**
 * An axis that holds every value and zero (bars grow from zero, up for gains and down for
 * losses), with about `tickCount` intervals. With no values, or only zeros, the axis spans
 * `minimumSpan` upwards, so an empty chart still has a scale (the dashboard passes one major
 * unit).
 */
export function valueAxis(values: readonly number[], tickCount = 4, minimumSpan = 1): ValueAxis {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values, low === 0 ? minimumSpan : 0);
  const step = niceStep((high - low) / Math.max(1, tickCount));
  const min = Math.floor(low / step) * step;
  const max = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let tick = min; tick <= max; tick += step) ticks.push(tick);
  return { min, max, step, ticks };
}

/** Where a value sits on a vertical axis drawn from `top` (the axis's max) to `bottom` (its min). */
export function yOf(value: number, axis: ValueAxis, top: number, bottom: number): number {
  const span = axis.max - axis.min;
  if (span <= 0) return bottom;
  return bottom - ((value - axis.min) / span) * (bottom - top);
}

/** A bar from zero to `value`: its top edge and height, never negative. */
export function barExtent(
  value: number,
  axis: ValueAxis,
  top: number,
  bottom: number,
): { y: number; height: number } {
  const zero = yOf(0, axis, top, bottom);
  const end = yOf(value, axis, top, bottom);
  return { y: Math.min(zero, end), height: Math.abs(zero - end) };
}

/**
 * `count` equal bands across `width` starting at `left`, each bar centred in its band and
 * taking `1 - gapRatio` of it.
 */
export function bandLayout(count: number, left: number, width: number, gapRatio = 0.25) {
  const band = count > 0 ? width / count : width;
  const barWidth = band * (1 - gapRatio);
  return {
    band,
    barWidth,
    xOf: (index: number) => left + index * band + (band - barWidth) / 2,
  };
}

/**
 * Which of `count` category labels to write so that at most `maxLabels` show, evenly spaced
 * and always including the last (today, on the dashboard): true for the indexes to label.
 */
export function labelledIndexes(count: number, maxLabels: number): boolean[] {
  const every = Math.max(1, Math.ceil(count / Math.max(1, maxLabels)));
  return Array.from({ length: count }, (_, index) => (count - 1 - index) % every === 0);
}

/**
 * A tick's label: the amount in major units in the operator's locale, shortened (1.5K, 15万), for
 * an axis where exact digits would not fit. Exact figures are in the table beside the charts.
 */
export function formatAxisAmount(amountMinor: number, scale: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    notation: 'compact',
    maximumFractionDigits: 2,
  }).format(amountMinor / 10 ** scale);
}
