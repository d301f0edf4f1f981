import { type CallOutput, dashboard } from '@sb/contract';
import { findCurrencyById } from '@sb/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callConsole } from '../api/console-api';
import { currencyChoices, formatMoneyGrouped, realCurrencies } from '../components/money';
import { ErrorNote, Field, SelectInput, useConsoleText } from '../components/ui';
import { BarChart } from './bar-chart';
import { productTotalsOf } from './product-totals';

/** The book's figures are real money: the demo currency's play money is not offered. */
/** Day ranges offered; the call takes 1 to 90 days, today included. */
const dayRanges = [7, 14, 30, 90] as const;
const figures = ['turnover', 'ggr', 'deposits', 'withdrawals'] as const;
type Figure = (typeof figures)[number];
type DashboardAnswer = CallOutput<typeof dashboard>;

/** The sum of one figure over the answer's days, in minor units. */
function totalOf(answer: DashboardAnswer, figure: Figure): number {
  return answer.days.reduce((sum, day) => sum + day[figure], 0);
}

function Totals({ answer, code }: { answer: DashboardAnswer; code: string }) {
  const { t } = useConsoleText();
  return (
    <>
      <h3>{t('dashboard.totals')}</h3>
      <dl className="console-totals">
        {figures.map((figure) => (
          <div key={figure} className="console-totals__item">
            <dt>{t(`dashboard.figures.${figure}`)}</dt>
            <dd data-testid={`dashboard-total-${figure}`}>
              {formatMoneyGrouped(totalOf(answer, figure), answer.scale)} {code}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function Liability({ answer, code }: { answer: DashboardAnswer; code: string }) {
  const { t } = useConsoleText();
  const { orders, stake, payout } = answer.openLiability;
  return (
    <section className="console-section" data-testid="dashboard-liability">
      <h3>{t('dashboard.liability')}</h3>
      <dl className="console-facts">
        <dt>{t('dashboard.openOrders')}</dt>
        <dd data-testid="dashboard-liability-orders">{orders}</dd>
        <dt>{t('dashboard.openStake')}</dt>
        <dd data-testid="dashboard-liability-stake">
          {formatMoneyGrouped(stake, answer.scale)} {code}
        </dd>
        <dt>{t('dashboard.openPayout')}</dt>
        <dd data-testid="dashboard-liability-payout">
          {formatMoneyGrouped(payout, answer.scale)} {code}
        </dd>
      </dl>
    </section>
  );
}

/** The period's figures per product, when more than one product line has any. */
function ProductTable({ answer, code }: { answer: DashboardAnswer; code: string }) {
  const { t } = useConsoleText();
  const totals = productTotalsOf(answer.days);
  if (totals.length === 0) return null;
  const columns = ['turnover', 'returned', 'ggr'] as const;
  return (
    <table className="console-table console-table--numbers" data-testid="dashboard-products">
      <caption>
        {t('dashboard.products.title')} ({code})
      </caption>
      <thead>
        <tr>
          <th>{t('dashboard.products.product')}</th>
          {columns.map((column) => (
            <th key={column}>{t(`dashboard.products.${column}`)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {totals.map((total) => (
          <tr key={total.product} data-testid={`dashboard-product-${total.product}`}>
            <td>
              {t(`dashboard.products.names.${total.product}`, { defaultValue: total.product })}
            </td>
            {columns.map((column) => (
              <td key={column} data-testid={`dashboard-product-${total.product}-${column}`}>
                {formatMoneyGrouped(total[column], answer.scale)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DayTable({ answer }: { answer: DashboardAnswer }) {
  const { t } = useConsoleText();
  return (
    <table className="console-table console-table--numbers" data-testid="dashboard-days">
      <caption>{t('dashboard.table')}</caption>
      <thead>
        <tr>
          <th>{t('dashboard.day')}</th>
          {figures.map((figure) => (
            <th key={figure}>{t(`dashboard.figures.${figure}`)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {[...answer.days].reverse().map((day) => (
          <tr key={day.day} data-testid={`dashboard-day-${day.day}`}>
            <td>{day.day}</td>
            {figures.map((figure) => (
              <td key={figure} data-testid={`dashboard-day-${day.day}-${figure}`}>
                {formatMoneyGrouped(day[figure], answer.scale)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The dashboard: the book's days in one currency as charts and a table, and its open liability. */
export function DashboardDesk() {
  const { t } = useConsoleText();
  const [currencyId, setCurrencyId] = useState(realCurrencies[0]?.currencyId ?? 1);
  const [days, setDays] = useState<number>(14);
  const figuresQuery = useQuery({
    queryKey: ['dashboard', currencyId, days],
    queryFn: () => callConsole(dashboard, { currencyId, days }),
    placeholderData: keepPreviousData,
  });
  const answer = figuresQuery.data;
  const code = answer ? (findCurrencyById(answer.currencyId)?.currencyCode ?? '') : '';
  return (
    <section className="console-section" data-testid="dashboard">
      <h2>{t('dashboard.title')}</h2>
      <div className="console-row">
        <Field label={t('common.currency')}>
          <SelectInput
            value={currencyId}
            testId="dashboard-currency"
            choices={currencyChoices(realCurrencies)}
            onValue={setCurrencyId}
          />
        </Field>
        <Field label={t('dashboard.days')}>
          <SelectInput
            value={days}
            testId="dashboard-days-range"
            choices={dayRanges.map((range) => ({
              value: range,
              label: t('dashboard.lastDays', { count: range }),
            }))}
            onValue={setDays}
          />
        </Field>
        <button
          type="button"
          className="console-button console-button--quiet"
          data-testid="dashboard-refresh"
          onClick={() => void figuresQuery.refetch()}
        >
          {t('common.refresh')}
        </button>
      </div>
      <p className="console-hint">{t('dashboard.utcNote')}</p>
      <ErrorNote error={figuresQuery.error} testId="dashboard-error" />
      {answer ? (
        <>
          <Totals answer={answer} code={code} />
          <div className="console-charts">
            {figures.map((figure) => (
              <BarChart
                key={figure}
                title={t('dashboard.chartTitle', {
                  figure: t(`dashboard.figures.${figure}`),
                  currency: code,
                })}
                points={answer.days.map((day) => ({ day: day.day, value: day[figure] }))}
                scale={answer.scale}
                currencyCode={code}
                testId={`dashboard-chart-${figure}`}
              />
            ))}
          </div>
          <ProductTable answer={answer} code={code} />
          <Liability answer={answer} code={code} />
          <DayTable answer={answer} />
        </>
      ) : null}
    </section>
  );
}
