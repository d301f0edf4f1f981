import {
  type CallDefinition,
  type CallInput,
  type DeskCampaign,
  type PromotionMoney,
  promotionLimits,
  promotionMoneyKinds,
} from '@sb/contract';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useRef } from 'react';
import { callConsole } from '../api/console-api';
import { createKeyKeeper, withIdempotencyKey } from '../api/idempotency';
import { currencyChoices, realCurrencies } from '../components/money';
import {
  ErrorNote,
  Field,
  FormActions,
  SelectInput,
  TextInput,
  useConsoleText,
} from '../components/ui';
import { type CampaignTermsDraft, riskLevels } from './campaign-terms';

/** The operator's time zone, named so the window's times are not misread. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The fields of a draft typed as text. */
export type TextKey<Draft> = {
  [K in keyof Draft]: Draft[K] extends string ? K : never;
}[keyof Draft];

/** How a typed field is shown: its keyboard, its longest text, a label other than its own. */
export interface TextOptions {
  numeric?: 'decimal' | 'numeric';
  max?: number;
  label?: string;
}

/**
 * The create call of a campaign form: one idempotency key per submission, so a retry of the
 * same fields after an answer the operator could not read is the same campaign.
 */
export function useCampaignCreate<C extends CallDefinition>(
  call: C,
  onCreated: (campaign: DeskCampaign) => void,
) {
  const keys = useRef(createKeyKeeper()).current;
  return useMutation({
    mutationFn: (input: CallInput<C>) =>
      callConsole(call, withIdempotencyKey<C>(input, keys.keyFor(JSON.stringify(input)))),
    onSuccess: (campaign) => {
      keys.reset();
      onCreated(campaign as DeskCampaign);
    },
  });
}

/**
 * The fields every campaign form has, built for one form: `form` names its own test ids
 * (`campaign-currency`, `activity-currency`), `fieldTestId` those of its typed fields, and
 * `labelOf` the label of a typed field by its key.
 */
export function useCampaignFields<Draft extends CampaignTermsDraft>({
  draft,
  change,
  form,
  fieldTestId,
  labelOf,
}: {
  draft: Draft;
  change<K extends keyof Draft>(key: K, value: Draft[K]): void;
  form: string;
  fieldTestId(key: string): string;
  labelOf(key: string): string;
}) {
  const { t } = useConsoleText();
  const text = (key: TextKey<Draft>, options: TextOptions = {}) => (
    <Field label={options.label ?? labelOf(String(key))}>
      <TextInput
        inputMode={options.numeric}
        maxLength={options.max ?? 40}
        value={draft[key] as string}
        testId={fieldTestId(String(key))}
        onValue={(value) => change(key, value as Draft[typeof key])}
      />
    </Field>
  );
  const time = (key: 'startsAt' | 'endsAt') => (
    <Field label={labelOf(key)}>
      <input
        type="datetime-local"
        className="console-input"
        value={draft[key]}
        data-testid={fieldTestId(key)}
        onChange={(event) => change(key, event.target.value as Draft[typeof key])}
      />
    </Field>
  );
  const fields = {
    text,
    /** The title in each language. */
    titles: () => (
      <>
        {text('titleEn' as TextKey<Draft>, { max: promotionLimits.title })}
        {text('titleZh' as TextKey<Draft>, { max: promotionLimits.title })}
        {text('titleZht' as TextKey<Draft>, { max: promotionLimits.title })}
      </>
    ),
    currency: () => (
      <Field label={t('common.currency')}>
        <SelectInput
          value={draft.currencyId}
          testId={`${form}-currency`}
          choices={currencyChoices(realCurrencies)}
          onValue={(currencyId) => change('currencyId', currencyId as Draft['currencyId'])}
        />
      </Field>
    ),
    money: () => (
      <Field label={t('promotions.form.money')}>
        <SelectInput<PromotionMoney>
          value={draft.money}
          testId={`${form}-money`}
          choices={promotionMoneyKinds.map((money) => ({
            value: money,
            label: t(`promotions.moneyKinds.${money}`),
          }))}
          onValue={(money) => change('money', money as Draft['money'])}
        />
      </Field>
    ),
    /** The terms of the money chosen: bonus money's or a free bet's; nothing for cash. */
    moneyTerms: () => {
      if (draft.money === 'bonus') return fields.bonusTerms();
      if (draft.money === 'free_bet') return fields.freeBetTerms();
      return null;
    },
    /** The days a free bet may be used and the least odds of the bet it stakes. */
    freeBetTerms: () => (
      <fieldset className="promo-fieldset" data-testid={`${form}-free-bet-terms`}>
        <legend>{t('promotions.form.freeBetTerms')}</legend>
        <div className="promo-grid">
          {text('bonusDays' as TextKey<Draft>, {
            numeric: 'numeric',
            max: 3,
            label: t('promotions.form.freeBetDays'),
          })}
          {text('freeBetMinOdds' as TextKey<Draft>, { numeric: 'decimal', max: 12 })}
        </div>
      </fieldset>
    ),
    /** The rollover, the days to play it through and the largest stake, for bonus money. */
    bonusTerms: () => (
      <fieldset className="promo-fieldset" data-testid={`${form}-bonus-terms`}>
        <legend>{t('promotions.form.bonusTerms')}</legend>
        <div className="promo-grid">
          {text('rolloverMultiple' as TextKey<Draft>, { numeric: 'numeric', max: 2 })}
          {text('bonusDays' as TextKey<Draft>, { numeric: 'numeric', max: 3 })}
          {text('maxStake' as TextKey<Draft>, { numeric: 'decimal' })}
        </div>
      </fieldset>
    ),
    /** The opening and the end, after `before` in the same grid, and the zone they are in. */
    window: (before?: ReactNode) => (
      <>
        <div className="promo-grid">
          {before}
          {time('startsAt')}
          {time('endsAt')}
        </div>
        <p className="console-hint">{t('promotions.form.timeZone', { zone: timeZone })}</p>
      </>
    ),
    /** Who may take part: the optional conditions over the last days and the risk levels. */
    eligibility: () => (
      <fieldset className="promo-fieldset">
        <legend>{t('promotions.form.eligibility')}</legend>
        <p className="console-hint">{t('promotions.form.eligibilityHint')}</p>
        <div className="promo-grid">
          {text('minDeposit' as TextKey<Draft>, { numeric: 'decimal' })}
          {text('minTurnover' as TextKey<Draft>, { numeric: 'decimal' })}
          {text('eligibilityDays' as TextKey<Draft>, { numeric: 'numeric', max: 3 })}
        </div>
        <span className="console-field__label">{t('promotions.form.riskLevels')}</span>
        <div className="promo-levels" data-testid={`${form}-risk-levels`}>
          {riskLevels.map((level) => (
            <label key={level} className="promo-level">
              <input
                type="checkbox"
                checked={draft.riskLevels.includes(level)}
                data-testid={`${form}-risk-${level}`}
                onChange={(event) =>
                  change(
                    'riskLevels',
                    (event.target.checked
                      ? [...draft.riskLevels, level]
                      : draft.riskLevels.filter((one) => one !== level)) as Draft['riskLevels'],
                  )
                }
              />
              {level}
            </label>
          ))}
        </div>
      </fieldset>
    ),
    /** What the form's check refused, what the server refused, and submit and cancel. */
    end: ({
      problem,
      error,
      submitLabel,
      isBusy,
      onCancel,
    }: {
      problem: string | null;
      error: unknown;
      submitLabel: string;
      isBusy: boolean;
      onCancel(): void;
    }) => (
      <>
        {problem ? (
          <p className="console-error" data-testid={`${form}-problem`}>
            {problem}
          </p>
        ) : null}
        <ErrorNote error={error} testId={`${form}-create-error`} />
        <FormActions
          submitLabel={submitLabel}
          submitTestId={`${form}-submit`}
          cancelTestId={`${form}-cancel`}
          isBusy={isBusy}
          onCancel={onCancel}
        />
      </>
    ),
  };
  return fields;
}
