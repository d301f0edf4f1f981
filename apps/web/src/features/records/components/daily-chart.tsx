import { useTranslation } from 'react-i18next';
import { chartGeometry, formatSignedAmount } from '../model/records-format';

const chartWidth = 600;
const chartHeight = 160;
/** Room above and below the bars, so a zero line at the edge stays visible. */
const chartPaddingY = 8;

/** Each day's win or loss as a bar around a zero line: hand-drawn SVG, no chart library. */
export function DailyChart({
  days,
  scale,
}: {
  days: readonly { date: string; result: number }[];
  scale: number;
}) {
  const { t } = useTranslation();
  const { bars, zeroY } = chartGeometry(days, chartWidth, chartHeight - 2 * chartPaddingY);
  return (
    <figure className="records-chart" data-testid="records-chart">
      <figcaption className="records-chart__title">{t('records.chartTitle')}</figcaption>
      <svg
        viewBox={`0 0 ${chartWidth} ${chartHeight}`}
        className="records-chart__svg"
        role="img"
        aria-label={t('records.chartTitle')}
        preserveAspectRatio="none"
      >
        <g transform={`translate(0 ${chartPaddingY})`}>
          <line x1={0} x2={chartWidth} y1={zeroY} y2={zeroY} className="records-chart__zero" />
          {bars.map((bar) => {
            const label = t('records.chartDay', {
              date: bar.date,
              result: formatSignedAmount(bar.resultMinor, scale),
            });
            return (
              <rect
                key={bar.date}
                x={bar.x}
                y={bar.y}
                width={bar.width}
                // A day without a result keeps a hairline so every day of the range is visible.
                height={Math.max(bar.height, 1)}
                className={bar.isLoss ? 'records-chart__bar is-loss' : 'records-chart__bar'}
                data-testid="records-chart-bar"
                data-date={bar.date}
                data-result={bar.resultMinor}
              >
                <title>{label}</title>
              </rect>
            );
          })}
        </g>
      </svg>
      <div className="records-chart__axis">
        <span>{days[0]?.date}</span>
        <span>{days[days.length - 1]?.date}</span>
      </div>
    </figure>
  );
}
