import {
  type DeskCampaign,
  envelopeCampaignCreate,
  type PromotionMoney,
  promotionLimits,
  promotionMoneyKinds,
} from '@sb/contract';
import { findCurrencyById } from '@sb/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { callConsole } from '../api/console-api';
import { createKeyKeeper, withIdempotencyKey } from '../api/idempotency';
import { currencyChoices, formatMoneyGrouped, realCurrencies } from '../components/money';
import {
  ErrorNote,
  Field,
  FormActions,
  SelectInput,
  TextInput,
  useConsoleText,
} from '../components/ui';
import {
  type CampaignDraft,
  type CampaignInput,
  campaignInputOf,
  newCampaignDraft,
  riskLevels,
  totalRange,
} from './campaign-draft';

/** The operator's time zone, named so the window's times are not misread. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

type TextKey = Exclude<keyof CampaignDraft, 'currencyId' | 'money' | 'riskLevels'>;

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
  const keys = useRef(createKeyKeeper()).current;
  const create = useMutation({
    mutationFn: (input: CampaignInput) =>
      callConsole(
        envelopeCampaignCreate,
        withIdempotencyKey<typeof envelopeCampaignCreate>(
          input,
          keys.keyFor(JSON.stringify(input)),
        ),
      ),
    onSuccess: (campaign) => {
      keys.reset();
      onCreated(campaign);
    },
  });
  const scale = findCurrencyById(draft.currencyId)?.scale ?? 2;
  const currencyCode = findCurrencyById(draft.currencyId)?.currencyCode ?? '';
  const range = totalRange(draft, scale);
  const change = <K extends keyof CampaignDraft>(key: K, value: CampaignDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
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
  const text = (key: TextKey, options: { numeric?: 'decimal' | 'numeric'; max?: number } = {}) => (
    <Field label={t(`promotions.form.${key}`)}>
      <TextInput
        inputMode={options.numeric}
        maxLength={options.max ?? 40}
        value={draft[key]}
        testId={`campaign-${key}`}
        onValue={(value) => change(key, value)}
      />
    </Field>
  );
  const time = (key: 'startsAt' | 'endsAt') => (
    <Field label={t(`promotions.form.${key}`)}>
      <input
        type="datetime-local"
        className="console-input"
        value={draft[key]}
        data-testid={`campaign-${key}`}
        onChange={(event) => change(key, event.target.value)}
      />
    </Field>
  );
  const toggleLevel = (level: number, isOn: boolean) =>
    change(
      'riskLevels',
      isOn ? [...draft.riskLevels, level] : draft.riskLevels.filter((one) => one !== level),
    );
  return (
    <form className="console-form promo-form" onSubmit={submit} data-testid="campaign-form">
      <h3>{t('promotions.form.title')}</h3>
      <p className="console-hint">{t('promotions.form.hint')}</p>
      {text('titleEn', { max: promotionLimits.title })}
      {text('titleZh', { max: promotionLimits.title })}
      {text('titleZht', { max: promotionLimits.title })}
      <div className="console-row">
        <Field label={t('common.currency')}>
          <SelectInput
            value={draft.currencyId}
            testId="campaign-currency"
            choices={currencyChoices(realCurrencies)}
            onValue={(currencyId) => change('currencyId', currencyId)}
          />
        </Field>
        <Field label={t('promotions.form.money')}>
          <SelectInput<PromotionMoney>
            value={draft.money}
            testId="campaign-money"
            choices={promotionMoneyKinds.map((money) => ({
              value: money,
              label: t(`promotions.moneyKinds.${money}`),
            }))}
            onValue={(money) => change('money', money)}
          />
        </Field>
      </div>
      {draft.money === 'bonus' ? (
        <fieldset className="promo-fieldset" data-testid="campaign-bonus-terms">
          <legend>{t('promotions.form.bonusTerms')}</legend>
          <div className="promo-grid">
            {text('rolloverMultiple', { numeric: 'numeric', max: 2 })}
            {text('bonusDays', { numeric: 'numeric', max: 3 })}
            {text('maxStake', { numeric: 'decimal' })}
          </div>
        </fieldset>
      ) : null}
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
      <div className="promo-grid">
        {time('startsAt')}
        {time('endsAt')}
      </div>
      <p className="console-hint">{t('promotions.form.timeZone', { zone: timeZone })}</p>
      <fieldset className="promo-fieldset">
        <legend>{t('promotions.form.eligibility')}</legend>
        <p className="console-hint">{t('promotions.form.eligibilityHint')}</p>
        <div className="promo-grid">
          {text('minDeposit', { numeric: 'decimal' })}
          {text('minTurnover', { numeric: 'decimal' })}
          {text('eligibilityDays', { numeric: 'numeric', max: 3 })}
        </div>
        <span className="console-field__label">{t('promotions.form.riskLevels')}</span>
        <div className="promo-levels" data-testid="campaign-risk-levels">
          {riskLevels.map((level) => (
            <label key={level} className="promo-level">
              <input
                type="checkbox"
                checked={draft.riskLevels.includes(level)}
                data-testid={`campaign-risk-${level}`}
                onChange={(event) => toggleLevel(level, event.target.checked)}
              />
              {level}
            </label>
          ))}
        </div>
      </fieldset>
      {problem ? (
        <p className="console-error" data-testid="campaign-problem">
          {problem}
        </p>
      ) : null}
      <ErrorNote error={create.error} testId="campaign-create-error" />
      <FormActions
        submitLabel={t('promotions.form.submit')}
        submitTestId="campaign-submit"
        cancelTestId="campaign-cancel"
        isBusy={create.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}
