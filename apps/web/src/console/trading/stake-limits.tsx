import { type StakeLimitPolicyView, tradingLimits, tradingLimitsSet } from '@sb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { callConsole } from '../api/console-api';
import {
  ErrorNote,
  Field,
  Notice,
  TextInput,
  useConsoleText,
  useFormatTime,
} from '../components/ui';
import {
  type DraftProblem,
  draftFromPolicy,
  type StakeLimitChanges,
  type StakeLimitDraft,
  stakeLimitChanges,
} from './stake-limit-draft';

const policyKey = ['stakeLimits'] as const;

/** The plays with a share of their own: each a play ID and its share, added and removed freely. */
function PlaySharesEditor({
  shares,
  onShares,
}: {
  shares: StakeLimitDraft['playShares'];
  onShares(shares: StakeLimitDraft['playShares']): void;
}) {
  const { t } = useConsoleText();
  const change = (index: number, entry: StakeLimitDraft['playShares'][number]) =>
    onShares(shares.map((current, at) => (at === index ? entry : current)));
  return (
    <fieldset className="console-form" data-testid="limits-plays">
      <legend>{t('trading.limits.playShares')}</legend>
      {shares.map((entry, index) => (
        // Rows are positions in a list the operator edits; the play ID itself may be mid-typing.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div className="console-row" key={index}>
          <Field label={t('trading.limits.playId')}>
            <TextInput
              className="console-input--short"
              inputMode="numeric"
              value={entry.playIdText}
              testId={`limits-play-${index}-id`}
              onValue={(playIdText) => change(index, { ...entry, playIdText })}
            />
          </Field>
          <Field label={t('trading.limits.share')}>
            <TextInput
              className="console-input--short"
              inputMode="decimal"
              value={entry.shareText}
              testId={`limits-play-${index}-share`}
              onValue={(shareText) => change(index, { ...entry, shareText })}
            />
          </Field>
          <button
            type="button"
            className="console-button console-button--quiet"
            data-testid={`limits-play-${index}-remove`}
            onClick={() => onShares(shares.filter((_, at) => at !== index))}
          >
            {t('trading.limits.remove')}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="console-button console-button--quiet"
        data-testid="limits-play-add"
        onClick={() => onShares([...shares, { playIdText: '', shareText: '' }])}
      >
        {t('trading.limits.addPlay')}
      </button>
    </fieldset>
  );
}

/** Each currency's range, typed in major units of the currency's scale. */
function CurrencyRanges({
  policy,
  draft,
  onDraft,
}: {
  policy: StakeLimitPolicyView;
  draft: StakeLimitDraft;
  onDraft(draft: StakeLimitDraft): void;
}) {
  const { t } = useConsoleText();
  const change = (currencyId: number, field: 'minText' | 'maxText', text: string) =>
    onDraft({
      ...draft,
      currencies: draft.currencies.map((entry) =>
        entry.currencyId === currencyId ? { ...entry, [field]: text } : entry,
      ),
    });
  return (
    <table className="console-table" data-testid="limits-currencies">
      <thead>
        <tr>
          <th>{t('common.currency')}</th>
          <th>{t('trading.limits.minStake')}</th>
          <th>{t('trading.limits.maxStake')}</th>
        </tr>
      </thead>
      <tbody>
        {draft.currencies.map((entry) => {
          const code =
            policy.currencies.find((row) => row.currencyId === entry.currencyId)?.currencyCode ??
            String(entry.currencyId);
          return (
            <tr key={entry.currencyId}>
              <td>{code}</td>
              <td>
                <TextInput
                  inputMode="decimal"
                  aria-label={`${code} ${t('trading.limits.minStake')}`}
                  value={entry.minText}
                  testId={`limits-min-${code}`}
                  onValue={(text) => change(entry.currencyId, 'minText', text)}
                />
              </td>
              <td>
                <TextInput
                  inputMode="decimal"
                  aria-label={`${code} ${t('trading.limits.maxStake')}`}
                  value={entry.maxText}
                  testId={`limits-max-${code}`}
                  onValue={(text) => change(entry.currencyId, 'maxText', text)}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The stake limit policy: the current values in a form, saved with a reason. Only what the
 * operator changed is sent, so a colleague's change to another part stands.
 */
export function StakeLimits() {
  const { t } = useConsoleText();
  const formatTime = useFormatTime();
  const queryClient = useQueryClient();
  const policy = useQuery({ queryKey: policyKey, queryFn: () => callConsole(tradingLimits, {}) });
  const [draft, setDraft] = useState<StakeLimitDraft | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<DraftProblem | null>(null);
  useEffect(() => {
    if (policy.data && draft === null) setDraft(draftFromPolicy(policy.data));
  }, [policy.data, draft]);
  const save = useMutation({
    mutationFn: (changes: StakeLimitChanges) =>
      callConsole(tradingLimitsSet, { ...changes, reason: reason.trim() }),
    onSuccess: (answer) => {
      queryClient.setQueryData(policyKey, answer);
      setDraft(draftFromPolicy(answer));
      setReason('');
    },
  });
  const data = policy.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!data || !draft) return;
    save.reset();
    const checked = stakeLimitChanges(data, draft);
    if (!checked.ok) setProblem(checked.problem);
    else if (!reason.trim()) setProblem({ key: 'reasonRequired' });
    else {
      setProblem(null);
      save.mutate(checked.value);
    }
  };
  const problemText = (found: DraftProblem) => {
    if (found.key === 'reasonRequired') return t('common.reasonRequired');
    const values = { ...found.values };
    // A share's field is named by its label, in the operator's language.
    if (typeof values.share === 'string') values.share = t(`trading.limits.${values.share}`);
    return t(`trading.limits.${found.key}`, values);
  };
  const singleShares = [
    ['outrightText', 'outright'],
    ['liveText', 'live'],
    ['parlayText', 'parlay'],
  ] as const;
  return (
    <section className="console-section">
      <h2>{t('trading.limits.title')}</h2>
      <p className="console-hint">{t('trading.limits.hint')}</p>
      <ErrorNote error={policy.error} testId="limits-load-error" />
      {data && draft ? (
        <form className="console-form" onSubmit={submit}>
          <p className="console-hint" data-testid="limits-updated">
            {data.updatedAt === null
              ? t('trading.limits.defaults')
              : t('trading.limits.updated', {
                  time: formatTime(data.updatedAt),
                  operatorId: data.updatedBy ?? '?',
                })}
          </p>
          <CurrencyRanges policy={data} draft={draft} onDraft={setDraft} />
          <PlaySharesEditor
            shares={draft.playShares}
            onShares={(playShares) => setDraft({ ...draft, playShares })}
          />
          <div className="console-row">
            {singleShares.map(([field, name]) => (
              <Field key={field} label={`${t(`trading.limits.${name}`)} (%)`}>
                <TextInput
                  className="console-input--short"
                  inputMode="decimal"
                  value={draft[field]}
                  testId={`limits-${name}`}
                  onValue={(text) => setDraft({ ...draft, [field]: text })}
                />
              </Field>
            ))}
          </div>
          <Field label={t('common.reason')}>
            <TextInput maxLength={200} value={reason} testId="limits-reason" onValue={setReason} />
          </Field>
          {problem ? (
            <p className="console-error" data-testid="limits-problem">
              {problemText(problem)}
            </p>
          ) : null}
          <button
            type="submit"
            className="console-button"
            disabled={save.isPending}
            data-testid="limits-save"
          >
            {t('trading.limits.save')}
          </button>
          <Notice text={save.isSuccess ? t('trading.limits.saved') : null} testId="limits-result" />
          <ErrorNote error={save.error} testId="limits-error" />
        </form>
      ) : null}
    </section>
  );
}
