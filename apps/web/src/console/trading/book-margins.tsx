import { type CallOutput, tradingMarginSet, tradingMargins } from '@sb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { callConsole } from '../api/console-api';
import { parsePositiveId } from '../components/money';
import {
  ErrorNote,
  Field,
  Notice,
  ReasonAction,
  TextInput,
  useConsoleText,
  useFormatTime,
} from '../components/ui';
import { parseMargin } from './trading-inputs';

type BookMargin = CallOutput<typeof tradingMargins>['records'][number];
interface MarginChange {
  sportId: number;
  playId: number;
  /** null clears the margin. */
  margin: number | null;
  reason: string;
}

const marginsKey = ['bookMargins'] as const;

/** One margin: its value editable in place, saved or cleared with a reason. */
function MarginRow({
  record,
  isBusy,
  onChange,
  onProblem,
}: {
  record: BookMargin;
  isBusy: boolean;
  onChange(change: MarginChange): void;
  onProblem(text: string): void;
}) {
  const { t } = useConsoleText();
  const formatTime = useFormatTime();
  const [marginText, setMarginText] = useState(String(record.margin));
  const testId = `margin-${record.sportId}-${record.playId}`;
  const key = { sportId: record.sportId, playId: record.playId };
  return (
    <tr data-testid={testId}>
      <td>{record.sportId}</td>
      <td>{record.playId === 0 ? t('trading.margins.wholeSport') : record.playId}</td>
      <td>
        <TextInput
          className="console-input--short"
          inputMode="numeric"
          aria-label={t('trading.margins.margin')}
          value={marginText}
          testId={`${testId}-value`}
          onValue={setMarginText}
        />
      </td>
      <td>#{record.operatorId}</td>
      <td>{formatTime(record.updatedAt)}</td>
      <td>
        <span className="console-row">
          <ReasonAction
            label={t('trading.margins.edit')}
            testId={`${testId}-save`}
            isBusy={isBusy}
            onConfirm={(reason) => {
              const margin = parseMargin(marginText);
              if (margin === null) onProblem(t('trading.margins.marginInvalid'));
              else onChange({ ...key, margin, reason });
            }}
          />
          <ReasonAction
            label={t('trading.margins.clear')}
            testId={`${testId}-clear`}
            isDanger
            isBusy={isBusy}
            onConfirm={(reason) => onChange({ ...key, margin: null, reason })}
          />
        </span>
      </td>
    </tr>
  );
}

/** A new margin for a sport, or one play of it. */
function MarginForm({
  isBusy,
  onChange,
  onProblem,
}: {
  isBusy: boolean;
  onChange(change: MarginChange): void;
  onProblem(text: string): void;
}) {
  const { t } = useConsoleText();
  const [sportText, setSportText] = useState('');
  const [playText, setPlayText] = useState('');
  const [marginText, setMarginText] = useState('');
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sportId = parsePositiveId(sportText);
    const playId = playText.trim() === '' ? 0 : parsePositiveId(playText);
    const margin = parseMargin(marginText);
    if (!sportId) onProblem(t('trading.margins.sportInvalid'));
    else if (playId === null) onProblem(t('trading.margins.playInvalid'));
    else if (margin === null) onProblem(t('trading.margins.marginInvalid'));
    else if (!reason.trim()) onProblem(t('common.reasonRequired'));
    else onChange({ sportId, playId, margin, reason: reason.trim() });
  };
  return (
    <form className="console-form" onSubmit={submit}>
      <h3>{t('trading.margins.setTitle')}</h3>
      <div className="console-row">
        <Field label={t('trading.margins.sportId')}>
          <TextInput
            className="console-input--short"
            inputMode="numeric"
            value={sportText}
            testId="margin-new-sport"
            onValue={setSportText}
          />
        </Field>
        <Field label={t('trading.margins.playOptional')}>
          <TextInput
            className="console-input--short"
            inputMode="numeric"
            value={playText}
            testId="margin-new-play"
            onValue={setPlayText}
          />
        </Field>
        <Field label={t('trading.margins.margin')}>
          <TextInput
            className="console-input--short"
            inputMode="numeric"
            value={marginText}
            testId="margin-new-value"
            onValue={setMarginText}
          />
        </Field>
      </div>
      <Field label={t('common.reason')}>
        <TextInput maxLength={200} value={reason} testId="margin-new-reason" onValue={setReason} />
      </Field>
      <button
        type="submit"
        className="console-button"
        disabled={isBusy}
        data-testid="margin-new-submit"
      >
        {t('trading.margins.set')}
      </button>
    </form>
  );
}

/** The book's margins per sport and play: a table to edit or clear them, and a form for a new one. */
export function BookMargins() {
  const { t } = useConsoleText();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const margins = useQuery({
    queryKey: marginsKey,
    queryFn: () => callConsole(tradingMargins, {}),
  });
  const change = useMutation({
    mutationFn: ({ sportId, playId, margin, reason }: MarginChange) =>
      callConsole(tradingMarginSet, {
        sportId,
        ...(playId > 0 ? { playId } : {}),
        ...(margin === null ? { clear: true } : { margin }),
        reason,
      }),
    onMutate: () => {
      setNotice(null);
      setProblem(null);
    },
    onSuccess: (answer) => {
      if (!answer.applied) return setNotice(t('common.notChanged'));
      const play =
        answer.playId === 0
          ? t('trading.margins.wholeSport')
          : `${t('trading.margins.playId')} ${answer.playId}`;
      const margin = answer.margin === null ? t('trading.margins.cleared') : `${answer.margin}‰`;
      setNotice(t('trading.margins.saved', { sportId: answer.sportId, play, margin }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: marginsKey }),
  });
  const showProblem = (text: string) => {
    setNotice(null);
    setProblem(text);
  };
  const records = margins.data?.records ?? [];
  return (
    <section className="console-section">
      <h2>{t('trading.margins.title')}</h2>
      <p className="console-hint">{t('trading.margins.hint')}</p>
      <ErrorNote error={margins.error} testId="margins-load-error" />
      <Notice text={notice} testId="margins-result" />
      {problem ? (
        <p className="console-error" data-testid="margins-problem">
          {problem}
        </p>
      ) : null}
      <ErrorNote error={change.error} testId="margins-error" />
      {margins.data ? (
        <table className="console-table" data-testid="margins">
          <thead>
            <tr>
              <th>{t('trading.margins.sportId')}</th>
              <th>{t('trading.margins.playId')}</th>
              <th>{t('trading.margins.margin')}</th>
              <th>{t('trading.margins.changedBy')}</th>
              <th>{t('trading.margins.changedAt')}</th>
              <th>{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <MarginRow
                // The margin is part of the key so the row's field shows a value saved elsewhere.
                key={`${record.sportId}-${record.playId}-${record.margin}`}
                record={record}
                isBusy={change.isPending}
                onChange={(next) => change.mutate(next)}
                onProblem={showProblem}
              />
            ))}
          </tbody>
        </table>
      ) : null}
      {margins.data && records.length === 0 ? (
        <p data-testid="margins-none">{t('trading.margins.none')}</p>
      ) : null}
      <MarginForm
        isBusy={change.isPending}
        onChange={(next) => change.mutate(next)}
        onProblem={showProblem}
      />
    </section>
  );
}
