import {
  type CallOutput,
  deskGameList,
  deskGameRoundList,
  type GameOutcome,
  type GameRoundStatus,
  gameRoundStatuses,
} from '@sb/contract';
import { formatMinorUnits } from '@sb/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { callConsole } from '../api/console-api';
import { type CardColumn, CardTable } from '../components/card-table';
import { formatMoneyGrouped } from '../components/money';
import {
  ErrorNote,
  Field,
  Pager,
  SelectInput,
  TextInput,
  useConsoleText,
  useFormatTime,
} from '../components/ui';
import { catalogueKey } from './game-catalogue';
import { percentOfBps } from './game-draft';
import { inLanguage } from './in-language';
import {
  emptyRoundSearch,
  type RoundFilters,
  type RoundSearchDraft,
  type RoundSearchProblem,
  roundFiltersOf,
} from './round-search';

type DeskRound = CallOutput<typeof deskGameRoundList>['records'][number];

const pageSize = 20;

/** Hundredths (a dice roll, a limbo target) as a number with two decimals: 4950 → "49.50". */
const hundredths = (value: number) => formatMinorUnits(value, 2);

/** A multiplier in ten-thousandths: 19800 → "1.9800×". */
const multiplierText = (value: number) => `${formatMinorUnits(value, 4)}×`;

function useOutcomeText() {
  const { t } = useConsoleText();
  return (outcome: GameOutcome, status: GameRoundStatus): string => {
    if (status === 'refunded') return t('games.rounds.outcomes.noResult');
    const key = 'games.rounds.outcomes';
    switch (outcome.game) {
      case 'dice':
        return outcome.roll === null
          ? t(`${key}.pending`)
          : t(`${key}.dice`, {
              roll: hundredths(outcome.roll),
              direction: t(`${key}.${outcome.direction}`),
              target: hundredths(outcome.target),
            });
      case 'limbo':
        return outcome.result === null
          ? t(`${key}.pending`)
          : t(`${key}.limbo`, {
              result: hundredths(outcome.result),
              target: hundredths(outcome.target),
            });
      case 'plinko':
        return outcome.slot === null
          ? t(`${key}.pending`)
          : t(`${key}.plinko`, {
              rows: outcome.rows,
              risk: t(`${key}.risks.${outcome.risk}`),
              slot: outcome.slot,
            });
      case 'mines': {
        const counts = { mines: outcome.mines, found: outcome.revealed.length };
        return outcome.hit === null
          ? t(`${key}.mines`, counts)
          : t(`${key}.minesHit`, { ...counts, tile: outcome.hit });
      }
    }
  };
}

/** The seeds a round was drawn from, for a player's fairness question. */
function Fairness({ round }: { round: DeskRound }) {
  const { t } = useConsoleText();
  const { fairness } = round;
  return (
    <dl className="console-seeds" data-testid={`game-round-fairness-${round.roundNo}`}>
      <dt>{t('games.rounds.seeds.serverSeedHash')}</dt>
      <dd data-testid="game-round-seed-hash">{fairness.serverSeedHash}</dd>
      <dt>{t('games.rounds.seeds.serverSeed')}</dt>
      <dd data-testid="game-round-seed">
        {fairness.serverSeed ?? (
          <span className="console-hint">{t('games.rounds.seeds.notRevealed')}</span>
        )}
      </dd>
      <dt>{t('games.rounds.seeds.clientSeed')}</dt>
      <dd>{fairness.clientSeed}</dd>
      <dt>{t('games.rounds.seeds.nonce')}</dt>
      <dd data-testid="game-round-nonce">{fairness.nonce}</dd>
    </dl>
  );
}

/**
 * The rounds: searched by member, game, round number, status and a window of play time, newest
 * first, a page at a time, each with what it drew and the seeds it was drawn from.
 */
export function GameRounds() {
  const { t, language } = useConsoleText();
  const formatTime = useFormatTime();
  const outcomeText = useOutcomeText();
  const [draft, setDraft] = useState<RoundSearchDraft>(emptyRoundSearch);
  const [filters, setFilters] = useState<RoundFilters>({});
  const [page, setPage] = useState(1);
  const [problem, setProblem] = useState<RoundSearchProblem | null>(null);
  const games = useQuery({
    queryKey: [...catalogueKey, language],
    queryFn: () => callConsole(deskGameList, inLanguage({}, language)),
  });
  const rounds = useQuery({
    queryKey: ['deskGameRounds', filters, page, language],
    queryFn: () =>
      callConsole(deskGameRoundList, inLanguage({ ...filters, page, size: pageSize }, language)),
    placeholderData: keepPreviousData,
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    const checked = roundFiltersOf(draft);
    if ('problem' in checked) return setProblem(checked.problem);
    setProblem(null);
    setFilters(checked.filters);
    setPage(1);
  };
  const change = (key: keyof RoundSearchDraft, value: string) =>
    setDraft({ ...draft, [key]: value });
  const money = (round: DeskRound, minor: number) => (
    <span className="console-nowrap">
      {formatMoneyGrouped(minor, round.scale)} {round.currencyCode}
    </span>
  );
  const columns: CardColumn<DeskRound>[] = [
    {
      id: 'round',
      label: t('games.rounds.round'),
      cell: (round) => <span className="console-nowrap">{round.roundNo}</span>,
    },
    {
      id: 'played',
      label: t('games.rounds.played'),
      cell: (round) => (
        <span>
          {formatTime(round.createTime)}
          {round.settleTime !== null &&
          formatTime(round.settleTime) !== formatTime(round.createTime) ? (
            <span className="console-hint console-block">
              {t('games.rounds.settled', { time: formatTime(round.settleTime) })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'member',
      label: t('games.rounds.member'),
      cell: (round) => (
        <Link to={`/members/${round.userId}`} data-testid={`game-round-member-${round.roundNo}`}>
          {round.userName} (#{round.userId})
        </Link>
      ),
    },
    { id: 'game', label: t('games.rounds.game'), cell: (round) => round.gameName },
    {
      id: 'status',
      label: t('games.rounds.status'),
      cell: (round) => t(`games.rounds.statuses.${round.status}`),
      cellTestId: (round) => `game-round-status-${round.roundNo}`,
    },
    { id: 'stake', label: t('games.rounds.stake'), cell: (round) => money(round, round.stake) },
    {
      id: 'payout',
      label: t('games.rounds.payout'),
      cell: (round) => money(round, round.payout),
      cellTestId: (round) => `game-round-payout-${round.roundNo}`,
    },
    {
      id: 'multiplier',
      label: t('games.rounds.multiplier'),
      cell: (round) => <span className="console-nowrap">{multiplierText(round.multiplier)}</span>,
    },
    {
      id: 'edge',
      label: t('games.houseEdge'),
      cell: (round) => `${percentOfBps(round.houseEdgeBps)} %`,
    },
    {
      id: 'outcome',
      label: t('games.rounds.outcome'),
      cell: (round) => outcomeText(round.outcome, round.status),
    },
    {
      id: 'fairness',
      label: t('games.rounds.fairness'),
      cell: (round) => <Fairness round={round} />,
    },
  ];
  const gameChoices = [
    { value: '', label: t('games.rounds.anyGame') },
    ...(games.data?.games ?? []).map((game) => ({
      value: game.gameId,
      label: `${game.name} (${game.providerName})`,
    })),
  ];
  const statusChoices = [
    { value: '' as const, label: t('games.rounds.anyStatus') },
    ...gameRoundStatuses.map((status) => ({
      value: status,
      label: t(`games.rounds.statuses.${status}`),
    })),
  ];
  return (
    <section className="console-section" data-testid="game-rounds">
      <h2>{t('games.rounds.title')}</h2>
      <p className="console-hint">{t('games.rounds.hint', { size: pageSize })}</p>
      <form className="console-row" onSubmit={search}>
        <Field label={t('games.rounds.userId')}>
          <TextInput
            className="console-input--short"
            inputMode="numeric"
            value={draft.userId}
            testId="game-rounds-userId"
            onValue={(text) => change('userId', text)}
          />
        </Field>
        <Field label={t('games.rounds.game')}>
          <SelectInput
            value={draft.gameId}
            choices={gameChoices}
            testId="game-rounds-gameId"
            onValue={(value) => change('gameId', value)}
          />
        </Field>
        <Field label={t('games.rounds.roundNo')}>
          <TextInput
            value={draft.roundNo}
            testId="game-rounds-roundNo"
            onValue={(text) => change('roundNo', text)}
          />
        </Field>
        <Field label={t('games.rounds.status')}>
          <SelectInput<GameRoundStatus | ''>
            value={draft.status}
            choices={statusChoices}
            testId="game-rounds-status"
            onValue={(value) => setDraft({ ...draft, status: value })}
          />
        </Field>
        <Field label={t('games.rounds.from')}>
          <TextInput
            type="datetime-local"
            value={draft.from}
            testId="game-rounds-from"
            onValue={(text) => change('from', text)}
          />
        </Field>
        <Field label={t('games.rounds.to')}>
          <TextInput
            type="datetime-local"
            value={draft.to}
            testId="game-rounds-to"
            onValue={(text) => change('to', text)}
          />
        </Field>
        <button type="submit" className="console-button" data-testid="game-rounds-search">
          {t('games.rounds.search')}
        </button>
      </form>
      {problem ? (
        <p className="console-error" data-testid="game-rounds-problem">
          {t(`games.rounds.problems.${problem}`)}
        </p>
      ) : null}
      <ErrorNote error={rounds.error} testId="game-rounds-error" />
      {rounds.data ? (
        <>
          {rounds.data.total > 0 ? (
            <p className="console-hint" data-testid="game-rounds-total">
              {t('games.rounds.found', { total: rounds.data.total })}
            </p>
          ) : null}
          <CardTable
            columns={columns}
            rows={rounds.data.records}
            rowKey={(round) => round.roundNo}
            rowTestId={(round) => `game-round-${round.roundNo}`}
            rowAttributes={(round) => ({ 'data-status': round.status })}
            testId="game-rounds-table"
            empty={<p data-testid="game-rounds-none">{t('games.rounds.none')}</p>}
          />
          {rounds.data.total > pageSize ? (
            <Pager
              page={page}
              size={pageSize}
              total={rounds.data.total}
              testId="game-rounds-pager"
              onPage={setPage}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
