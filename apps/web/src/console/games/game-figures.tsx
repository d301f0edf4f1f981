import { type CallOutput, deskGameFigures } from '@sb/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { callConsole } from '../api/console-api';
import { type CardColumn, CardTable } from '../components/card-table';
import { formatMoneyGrouped } from '../components/money';
import { ErrorNote, Field, TextInput, useConsoleText } from '../components/ui';
import { percentOfBps } from './game-draft';
import { inLanguage } from './in-language';
import { type FiguresWindow, type RoundSearchProblem, windowOf } from './round-search';

type FiguresRow = CallOutput<typeof deskGameFigures>['records'][number];

/**
 * Per game and currency, over a window of settlement time: rounds, wagered, paid, hold and hold
 * in percent of the wagered. Each currency's amounts at its own scale; nothing is summed across
 * currencies.
 */
export function GameFigures() {
  const { t, language } = useConsoleText();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [window, setWindow] = useState<FiguresWindow>({});
  const [problem, setProblem] = useState<RoundSearchProblem | null>(null);
  const figures = useQuery({
    queryKey: ['deskGameFigures', window, language],
    queryFn: () => callConsole(deskGameFigures, inLanguage(window, language)),
    placeholderData: keepPreviousData,
  });
  const show = (event: FormEvent) => {
    event.preventDefault();
    const checked = windowOf(from, to);
    if ('problem' in checked) return setProblem(checked.problem);
    setProblem(null);
    setWindow(checked.window);
  };
  const money = (row: FiguresRow, minor: number) =>
    `${formatMoneyGrouped(minor, row.scale)} ${row.currencyCode}`;
  const columns: CardColumn<FiguresRow>[] = [
    { id: 'game', label: t('games.figures.game'), cell: (row) => row.gameName },
    {
      id: 'rounds',
      label: t('games.figures.rounds'),
      cell: (row) => row.rounds,
      cellTestId: (row) => `game-figures-rounds-${row.gameId}-${row.currencyId}`,
    },
    { id: 'wagered', label: t('games.figures.wagered'), cell: (row) => money(row, row.wagered) },
    { id: 'paid', label: t('games.figures.paid'), cell: (row) => money(row, row.paid) },
    {
      id: 'hold',
      label: t('games.figures.hold'),
      cell: (row) => money(row, row.hold),
      cellTestId: (row) => `game-figures-hold-${row.gameId}-${row.currencyId}`,
    },
    {
      id: 'holdPercent',
      label: t('games.figures.holdPercent'),
      cell: (row) => `${percentOfBps(row.holdBps)} %`,
    },
  ];
  // A game with no round in the window is no row of zeros: the server answers only games played,
  // and a row that still counts nothing is left out here.
  const rows = (figures.data?.records ?? []).filter((row) => row.rounds > 0);
  return (
    <section className="console-section" data-testid="game-figures">
      <h2>{t('games.figures.title')}</h2>
      <p className="console-hint">{t('games.figures.hint')}</p>
      <form className="console-row" onSubmit={show}>
        <Field label={t('games.figures.from')}>
          <TextInput
            type="datetime-local"
            value={from}
            testId="game-figures-from"
            onValue={setFrom}
          />
        </Field>
        <Field label={t('games.figures.to')}>
          <TextInput type="datetime-local" value={to} testId="game-figures-to" onValue={setTo} />
        </Field>
        <button type="submit" className="console-button" data-testid="game-figures-show">
          {t('games.figures.show')}
        </button>
      </form>
      {problem ? (
        <p className="console-error" data-testid="game-figures-problem">
          {t(`games.rounds.problems.${problem}`)}
        </p>
      ) : null}
      <ErrorNote error={figures.error} testId="game-figures-error" />
      {figures.data ? (
        <CardTable
          columns={columns}
          rows={rows}
          rowKey={(row) => `${row.gameId}-${row.currencyId}`}
          rowTestId={(row) => `game-figures-${row.gameId}-${row.currencyId}`}
          testId="game-figures-table"
          isNumeric
          empty={<p data-testid="game-figures-none">{t('games.figures.none')}</p>}
        />
      ) : null}
    </section>
  );
}
