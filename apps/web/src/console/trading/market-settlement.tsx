import {
  type CallOutput,
  type ManualOutcome,
  manualOutcomeResults,
  type tradingMatch,
  tradingSettle,
} from '@sb/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { callConsole } from '../api/console-api';
import { OperatorApiError } from '../api/operator-api';
import {
  ConfirmDialog,
  ErrorNote,
  FormActions,
  SelectInput,
  TextInput,
  useConsoleText,
} from '../components/ui';
import { buildManualOutcomes, type OutcomeDraft } from './trading-inputs';

type TradingMarket = CallOutput<typeof tradingMatch>['markets'][number];

/** The server's answer for a market that stands settled and was not asked to resettle. */
const marketAlreadySettled = 6008;

interface SettleRequest {
  outcomes: ManualOutcome[];
  reason: string;
  resettle: boolean;
}

/** One outcome's line of the form: its result, and with a win the dead-heat factor. */
function OutcomeResult({
  name,
  draft,
  onDraft,
}: {
  name: string;
  draft: OutcomeDraft;
  onDraft(draft: OutcomeDraft): void;
}) {
  const { t } = useConsoleText();
  return (
    <tr data-testid={`settle-outcome-${draft.outcomeId}`}>
      <td>{name}</td>
      <td>
        <SelectInput<OutcomeDraft['result']>
          value={draft.result}
          aria-label={t('trading.detail.result')}
          testId={`settle-result-${draft.outcomeId}`}
          choices={[
            { value: '', label: t('trading.detail.chooseResult') },
            ...manualOutcomeResults.map((result) => ({
              value: result,
              label: t(`trading.detail.results.${result}`),
            })),
          ]}
          onValue={(result) => onDraft({ ...draft, result })}
        />
      </td>
      <td>
        {draft.result === 'won' ? (
          <TextInput
            className="console-input--short"
            inputMode="decimal"
            aria-label={t('trading.detail.deadHeat')}
            placeholder="1"
            value={draft.deadHeatText}
            testId={`settle-dead-heat-${draft.outcomeId}`}
            onValue={(deadHeatText) => onDraft({ ...draft, deadHeatText })}
          />
        ) : null}
      </td>
    </tr>
  );
}

/**
 * Settles one market by hand: a result per outcome and a reason. A market that stands settled
 * answers 6008; the form then says what a resettlement does and offers it behind a confirmation,
 * with the same results and reason.
 */
export function MarketSettlement({
  eventId,
  market,
  onSettled,
  onClose,
}: {
  eventId: number;
  market: TradingMarket;
  onSettled(text: string): void;
  onClose(): void;
}) {
  const { t } = useConsoleText();
  const [drafts, setDrafts] = useState<OutcomeDraft[]>(() =>
    market.outcomes.map((outcome) => ({ outcomeId: outcome.id, result: '', deadHeatText: '' })),
  );
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  /** A resettlement waiting for the operator's confirmation. */
  const [pending, setPending] = useState<SettleRequest | null>(null);
  const settle = useMutation({
    mutationFn: (request: SettleRequest) =>
      callConsole(tradingSettle, {
        eventId,
        playId: market.playId,
        specifiers: market.specifiers,
        ...request,
      }),
    onSuccess: (answer, request) => {
      const values = { version: answer.version, count: answer.ordersChanged };
      if (!answer.applied) onSettled(t('trading.detail.settleUnchanged'));
      else if (request.resettle) onSettled(t('trading.detail.resettled', values));
      else onSettled(t('trading.detail.settled', values));
    },
    onSettled: () => setPending(null),
  });
  const outcomeName = (outcomeId: string) =>
    market.outcomes.find((outcome) => outcome.id === outcomeId)?.name ?? outcomeId;
  /** The request the form holds now, or null with the problem shown. */
  const prepare = (resettle: boolean): SettleRequest | null => {
    const checked = buildManualOutcomes(drafts);
    if (!checked.ok) {
      const outcome = outcomeName(checked.outcomeId);
      setProblem(t(`trading.detail.${checked.problem}`, { outcome }));
      return null;
    }
    if (!reason.trim()) {
      setProblem(t('common.reasonRequired'));
      return null;
    }
    setProblem(null);
    return { outcomes: checked.outcomes, reason: reason.trim(), resettle };
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = prepare(false);
    if (request) settle.mutate(request);
  };
  // The resettlement takes the results as the form shows them when it is offered, even when
  // the operator changed them after the refusal.
  const offerResettlement = () => {
    const request = prepare(true);
    setPending(request);
  };
  const isAlreadySettled =
    settle.error instanceof OperatorApiError && settle.error.code === marketAlreadySettled;
  return (
    <form className="console-form console-section" data-testid="settle-panel" onSubmit={submit}>
      <h3>{t('trading.detail.settleTitle', { market: market.name })}</h3>
      <p className="console-hint">{t('trading.detail.settleHint')}</p>
      <table className="console-table">
        <thead>
          <tr>
            <th>{t('trading.detail.outcome')}</th>
            <th>{t('trading.detail.result')}</th>
            <th>{t('trading.detail.deadHeat')}</th>
          </tr>
        </thead>
        <tbody>
          {drafts.map((draft, index) => (
            <OutcomeResult
              key={draft.outcomeId}
              name={outcomeName(draft.outcomeId)}
              draft={draft}
              onDraft={(next) =>
                setDrafts((all) => all.map((entry, at) => (at === index ? next : entry)))
              }
            />
          ))}
        </tbody>
      </table>
      <TextInput
        aria-label={t('common.reason')}
        placeholder={t('common.reason')}
        maxLength={200}
        value={reason}
        testId="settle-reason"
        onValue={setReason}
      />
      {problem ? (
        <p className="console-error" data-testid="settle-problem">
          {problem}
        </p>
      ) : null}
      <FormActions
        submitLabel={t('trading.detail.settleSubmit')}
        submitTestId="settle-submit"
        cancelTestId="settle-cancel"
        isBusy={settle.isPending}
        isDanger
        onCancel={onClose}
      />
      {isAlreadySettled ? (
        <div className="console-row" data-testid="settle-already">
          <p className="console-error" role="alert">
            {t('trading.detail.alreadySettled')}
          </p>
          <button
            type="button"
            className="console-button console-button--danger"
            data-testid="settle-resettle"
            onClick={offerResettlement}
          >
            {t('trading.detail.resettle')}
          </button>
        </div>
      ) : (
        <ErrorNote error={settle.error} testId="settle-error" />
      )}
      {pending ? (
        <ConfirmDialog
          title={t('trading.detail.resettleConfirmTitle')}
          text={t('trading.detail.resettleConfirmText', { market: market.name })}
          confirmLabel={t('trading.detail.resettleConfirm')}
          testId="resettle"
          isBusy={settle.isPending}
          onConfirm={() => settle.mutate(pending)}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </form>
  );
}
