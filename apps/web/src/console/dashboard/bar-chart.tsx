import { formatMoneyGrouped } from '../components/money';
import { useConsoleLocale } from '../components/ui';
import {
  bandLayout,
  barExtent,
  formatAxisAmount,
  labelledIndexes,
  valueAxis,
  yOf,
} from './chart-scale';

/** The chart's drawing box, in SVG user units; the SVG scales to its container's width. */
const width = 480;
const height = 180;
const margin = { left: 56, right: 6, top: 10, bottom: 24 };
const plotTop = margin.top;
const plotBottom = height - margin.bottom;
/** At most this many day labels under the bars, so 90 days stay readable. */
const maxDayLabels = 7;

export interface BarChartPoint {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** Minor units; negative bars hang below zero. */
  value: number;
}

interface BarChartProps {
  title: string;
  points: readonly BarChartPoint[];
  scale: number;
  currencyCode: string;
  testId: string;
}

/**
 * One figure per day as bars from zero, in plain SVG. Each bar carries its exact amount as a
 * tooltip (`<title>`) and in `data-value` (minor units); the axis labels are shortened.
 */
export function BarChart({ title, points, scale, currencyCode, testId }: BarChartProps) {
  const locale = useConsoleLocale();
  const axis = valueAxis(
    points.map((point) => point.value),
    4,
    10 ** scale,
  );
  const layout = bandLayout(points.length, margin.left, width - margin.left - margin.right);
  const isLabelled = labelledIndexes(points.length, maxDayLabels);
  return (
    <figure className="console-chart" data-testid={testId}>
      <figcaption className="console-chart__title">{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title}>
        {axis.ticks.map((tick) => {
          const y = yOf(tick, axis, plotTop, plotBottom);
          return (
            <g key={tick} className={tick === 0 ? 'console-chart__zero' : 'console-chart__grid'}>
              <line x1={margin.left} x2={width - margin.right} y1={y} y2={y} />
              <text x={margin.left - 6} y={y} textAnchor="end" dominantBaseline="middle">
                {formatAxisAmount(tick, scale, locale)}
              </text>
            </g>
          );
        })}
        {points.map((point, index) => {
          const { y, height: barHeight } = barExtent(point.value, axis, plotTop, plotBottom);
          return (
            <rect
              key={point.day}
              className={point.value < 0 ? 'console-chart__bar--negative' : 'console-chart__bar'}
              x={layout.xOf(index)}
              y={y}
              width={layout.barWidth}
              height={barHeight}
              data-testid={`${testId}-bar-${point.day}`}
              data-value={point.value}
            >
              <title>
                {`${point.day}: ${formatMoneyGrouped(point.value, scale)} ${currencyCode}`}
              </title>
            </rect>
          );
        })}
        {points.map((point, index) =>
          isLabelled[index] ? (
            <text
              key={point.day}
              className="console-chart__day"
              x={layout.xOf(index) + layout.barWidth / 2}
              y={height - 6}
              textAnchor="middle"
            >
              {point.day.slice(5)}
            </text>
          ) : null,
        )}
      </svg>
    </figure>
  );
}
