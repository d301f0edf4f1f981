import { type DeskCampaign, envelopeCampaignCreate } from '@sb/contract';
import { findCurrencyById } from '@sb/domain';
import { type FormEvent, useState } from 'react';
import { formatMoneyGrouped, realCurrencies } from '../components/money';
import { useConsoleText } from '../components/ui';
import {
  type CampaignDraft,
  campaignInputOf,
  newCampaignDraft,
  totalRange,
} from './campaign-draft';
import { useCampaignCreate, useCampaignFields } from './campaign-fields';

/**
 * A new red-envelope campaign: every field of the create call, checked here by the contract's
 * rules before it is sent. Amounts are typed in the currency's units and sent in minor units;
 * the window in the operator's own time zone. One idempotency key per submission: a retry of
 * the same fields after an answer the operator could not read is the same campaign.
 */
export function CampaignForm({
  onCreated,
  onCancel,
}: {
  onCreated(campaign: DeskCampaign): void;
  onCancel(): void;
}) {
  const { t } = useConsoleText();
  const [draft, setDraft] = useState(() =>
    newCampaignDraft(Date.now(), realCurrencies[0]?.currencyId ?? 1),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCampaignCreate(envelopeCampaignCreate, onCreated);
  const scale = findCurrencyById(draft.currencyId)?.scale ?? 2;
  const currencyCode = findCurrencyById(draft.currencyId)?.currencyCode ?? '';
  const range = totalRange(draft, scale);
  const change = <K extends keyof CampaignDraft>(key: K, value: CampaignDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const fields = useCampaignFields({
    draft,
    change,
    form: 'campaign',
    fieldTestId: (key) => `campaign-${key}`,
    labelOf: (key) => t(`promotions.form.${key}`),
  });
  const { text } = fields;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const answer = campaignInputOf(draft);
    if ('problem' in answer) {
      const { key, values } = answer.problem;
      const field = typeof values?.field === 'string' ? t(`promotions.form.${values.field}`) : '';
      return setProblem(
        t(`promotions.problems.${key}`, { ...values, field, currency: currencyCode }),
      );
    }
    setProblem(null);
    create.mutate(answer.input);
  };
  return (
    <form className="console-form promo-form" onSubmit={submit} data-testid="campaign-form">
      <h3>{t('promotions.form.title')}</h3>
      <p className="console-hint">{t('promotions.form.hint')}</p>
      {fields.titles()}
      <div className="console-row">
        {fields.currency()}
        {fields.money()}
      </div>
      {fields.moneyTerms()}
      <div className="promo-grid">
        {text('count', { numeric: 'numeric', max: 6 })}
        {text('minAmount', { numeric: 'decimal' })}
        {text('maxAmount', { numeric: 'decimal' })}
        {text('total', { numeric: 'decimal' })}
      </div>
      <p className="console-hint" data-testid="campaign-total-range">
        {range
          ? t('promotions.form.totalRange', {
              low: formatMoneyGrouped(range.low, scale),
              high: formatMoneyGrouped(range.high, scale),
              currency: currencyCode,
            })
          : t('promotions.form.totalRangeHint')}
      </p>
      {fields.window()}
      {fields.eligibility()}
      {fields.end({
        problem,
        error: create.error,
        submitLabel: t('promotions.form.submit'),
        isBusy: create.isPending,
        onCancel,
      })}
    </form>
  );
}
