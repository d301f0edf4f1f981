import {
  activityCampaignCreate,
  type DeskCampaign,
  type PromotionMoney,
  promotionLimits,
  promotionMoneyKinds,
  type QualifyMeasure,
  qualifyMeasures,
} from '@sb/contract';
import { findCurrencyById, sportCatalogue } from '@sb/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { callConsole } from '../api/console-api';
import { createKeyKeeper, withIdempotencyKey } from '../api/idempotency';
import { currencyChoices, parsePositiveId, realCurrencies } from '../components/money';
import {
  ErrorNote,
  Field,
  FormActions,
  SelectInput,
  TextInput,
  useConsoleText,
} from '../components/ui';
import {
  type ActivityDraft,
  type ActivityInput,
  type ActivityRuleType,
  activityInputOf,
  newActivityDraft,
} from './activity-draft';
import { useActivityPosts } from './activity-posts';
import { riskLevels } from './campaign-draft';

/** The operator's time zone, named so the window's times are not misread. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

type TextKey = {
  [K in keyof ActivityDraft]: ActivityDraft[K] extends string ? K : never;
}[keyof ActivityDraft];

const ruleTypes: readonly ActivityRuleType[] = ['qualify', 'special'];

/** Where a typed field's label lives: the activity form's own, or the envelope form's. */
const sharedLabels = new Set<TextKey>([
  'titleEn',
  'titleZh',
  'titleZht',
  'rolloverMultiple',
  'bonusDays',
  'startsAt',
  'endsAt',
  'eligibilityDays',
]);

/**
 * A new activity campaign: its titles, the activity post members read, its money, budget,
 * window and eligibility, and the rule it pays by (qualifying bets and their reward, or a
 * special bet at boosted odds), checked here by the contract's rules before it is sent. One
 * idempotency key per submission: a retry of the same fields is the same campaign.
 */
export function ActivityForm({
  onCreated,
  onCancel,
}: {
  onCreated(campaign: DeskCampaign): void;
  onCancel(): void;
}) {
  const { t, language } = useConsoleText();
  const [draft, setDraft] = useState(() =>
    newActivityDraft(Date.now(), realCurrencies[0]?.currencyId ?? 1),
  );
  const [postIdText, setPostIdText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const keys = useRef(createKeyKeeper()).current;
  const { posts, canRead } = useActivityPosts();
  const create = useMutation({
    mutationFn: (input: ActivityInput) =>
      callConsole(
        activityCampaignCreate,
        withIdempotencyKey<typeof activityCampaignCreate>(
          input,
          keys.keyFor(JSON.stringify(input)),
        ),
      ),
    onSuccess: (campaign) => {
      keys.reset();
      onCreated(campaign);
    },
  });
  const currencyCode = findCurrencyById(draft.currencyId)?.currencyCode ?? '';
  const isSpecial = draft.ruleType === 'special';
  const change = <K extends keyof ActivityDraft>(key: K, value: ActivityDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const labelOf = (key: string) =>
    sharedLabels.has(key as TextKey)
      ? t(`promotions.form.${key}`)
      : t(`promotions.activity.form.${key}`);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const answer = activityInputOf(draft);
    if ('problem' in answer) {
      const { key, values } = answer.problem;
      const field = typeof values?.field === 'string' ? labelOf(values.field) : '';
      return setProblem(
        t(`promotions.activity.problems.${key}`, { ...values, field, currency: currencyCode }),
      );
    }
    setProblem(null);
    create.mutate(answer.input);
  };
  const text = (
    key: TextKey,
    options: { numeric?: 'decimal' | 'numeric'; max?: number; label?: string } = {},
  ) => (
    <Field label={options.label ?? labelOf(key)}>
      <TextInput
        inputMode={options.numeric}
        maxLength={options.max ?? 40}
        value={draft[key]}
        testId={`activity-field-${key}`}
        onValue={(value) => change(key, value)}
      />
    </Field>
  );
  const time = (key: 'startsAt' | 'endsAt') => (
    <Field label={labelOf(key)}>
      <input
        type="datetime-local"
        className="console-input"
        value={draft[key]}
        data-testid={`activity-field-${key}`}
        onChange={(event) => change(key, event.target.value)}
      />
    </Field>
  );
  const toggle = (key: 'riskLevels' | 'sportIds', value: number, isOn: boolean) =>
    change(key, isOn ? [...draft[key], value] : draft[key].filter((one) => one !== value));
  const postRecords = posts.data?.records ?? [];
  const postPicker =
    !canRead || posts.isError ? (
      <>
        {posts.isError ? (
          <p className="console-hint" data-testid="activity-posts-failed">
            {t('promotions.activity.form.postsFailed')}
          </p>
        ) : null}
        <Field label={t('promotions.activity.form.postId')}>
          <TextInput
            inputMode="numeric"
            maxLength={15}
            value={postIdText}
            testId="activity-post-id"
            onValue={(value) => {
              setPostIdText(value);
              change('postId', parsePositiveId(value) ?? 0);
            }}
          />
        </Field>
      </>
    ) : (
      <>
        <Field label={t('promotions.activity.form.post')}>
          <SelectInput<number>
            value={draft.postId}
            testId="activity-post"
            choices={[
              { value: 0, label: t('promotions.activity.form.postPick') },
              ...postRecords.map((post) => ({
                value: post.id,
                label: t('promotions.activity.postTitled', { id: post.id, title: post.title }),
              })),
            ]}
            onValue={(postId) => change('postId', postId)}
          />
        </Field>
        {posts.isSuccess && postRecords.length === 0 ? (
          <p className="console-hint" data-testid="activity-posts-empty">
            {t('promotions.activity.form.postsEmpty')}
          </p>
        ) : null}
      </>
    );
  return (
    <form className="console-form promo-form" onSubmit={submit} data-testid="activity-form">
      <h3>{t('promotions.activity.form.title')}</h3>
      <p className="console-hint">{t('promotions.activity.form.hint')}</p>
      {text('titleEn', { max: promotionLimits.title })}
      {text('titleZh', { max: promotionLimits.title })}
      {text('titleZht', { max: promotionLimits.title })}
      {postPicker}
      <div className="console-row">
        <Field label={t('promotions.activity.form.ruleType')}>
          <SelectInput<ActivityRuleType>
            value={draft.ruleType}
            testId="activity-rule-type"
            choices={ruleTypes.map((type) => ({
              value: type,
              label: t(`promotions.activity.ruleTypes.${type}`),
            }))}
            onValue={(type) => change('ruleType', type)}
          />
        </Field>
        <Field label={t('common.currency')}>
          <SelectInput
            value={draft.currencyId}
            testId="activity-currency"
            choices={currencyChoices(realCurrencies)}
            onValue={(currencyId) => change('currencyId', currencyId)}
          />
        </Field>
        {isSpecial ? null : (
          <Field label={t('promotions.form.money')}>
            <SelectInput<PromotionMoney>
              value={draft.money}
              testId="activity-money"
              choices={promotionMoneyKinds.map((money) => ({
                value: money,
                label: t(`promotions.moneyKinds.${money}`),
              }))}
              onValue={(money) => change('money', money)}
            />
          </Field>
        )}
      </div>
      {isSpecial ? (
        <p className="console-hint">{t('promotions.activity.form.specialCash')}</p>
      ) : null}
      {!isSpecial && draft.money === 'bonus' ? (
        <fieldset className="promo-fieldset" data-testid="activity-bonus-terms">
          <legend>{t('promotions.form.bonusTerms')}</legend>
          <div className="promo-grid">
            {text('rolloverMultiple', { numeric: 'numeric', max: 2 })}
            {text('bonusDays', { numeric: 'numeric', max: 3 })}
            {text('maxStake', { numeric: 'decimal' })}
          </div>
        </fieldset>
      ) : null}
      <div className="promo-grid">
        {text('total', {
          numeric: 'decimal',
          label: t(
            isSpecial ? 'promotions.activity.form.totalSpecial' : 'promotions.activity.form.total',
          ),
        })}
        {time('startsAt')}
        {time('endsAt')}
      </div>
      <p className="console-hint">{t('promotions.form.timeZone', { zone: timeZone })}</p>
      {isSpecial ? (
        <fieldset className="promo-fieldset" data-testid="activity-special-rule">
          <legend>{t('promotions.activity.form.specialRule')}</legend>
          <div className="promo-grid">
            {text('gameId', { numeric: 'numeric', max: 16 })}
            {text('optId', { max: 400 })}
            {text('boostedOdds', { numeric: 'decimal', max: 12 })}
            {text('stakeCap', { numeric: 'decimal' })}
          </div>
        </fieldset>
      ) : (
        <fieldset className="promo-fieldset" data-testid="activity-qualify-rule">
          <legend>{t('promotions.activity.form.qualifyRule')}</legend>
          <span className="console-field__label">{t('promotions.activity.form.sports')}</span>
          <div className="promo-levels" data-testid="activity-sports">
            {sportCatalogue.map((sport) => (
              <label key={sport.sportId} className="promo-level">
                <input
                  type="checkbox"
                  checked={draft.sportIds.includes(sport.sportId)}
                  data-testid={`activity-sport-${sport.sportId}`}
                  onChange={(event) => toggle('sportIds', sport.sportId, event.target.checked)}
                />
                {sport.names[language]}
              </label>
            ))}
          </div>
          {text('playIds', { max: 400 })}
          <div className="promo-grid">
            {text('minOdds', { numeric: 'decimal', max: 12 })}
            {text('minStake', { numeric: 'decimal' })}
            <Field label={t('promotions.activity.form.measure')}>
              <SelectInput<QualifyMeasure>
                value={draft.measure}
                testId="activity-measure"
                choices={qualifyMeasures.map((measure) => ({
                  value: measure,
                  label: t(`promotions.activity.form.measures.${measure}`),
                }))}
                onValue={(measure) => change('measure', measure)}
              />
            </Field>
            {text('target', {
              numeric: draft.measure === 'count' ? 'numeric' : 'decimal',
              label: t(
                draft.measure === 'count'
                  ? 'promotions.activity.form.targetCount'
                  : 'promotions.activity.form.targetStake',
              ),
            })}
            {text('reward', { numeric: 'decimal' })}
          </div>
        </fieldset>
      )}
      <fieldset className="promo-fieldset">
        <legend>{t('promotions.form.eligibility')}</legend>
        <p className="console-hint">{t('promotions.form.eligibilityHint')}</p>
        <div className="promo-grid">
          {text('minDeposit', { numeric: 'decimal' })}
          {text('minTurnover', { numeric: 'decimal' })}
          {text('eligibilityDays', { numeric: 'numeric', max: 3 })}
        </div>
        <span className="console-field__label">{t('promotions.form.riskLevels')}</span>
        <div className="promo-levels" data-testid="activity-risk-levels">
          {riskLevels.map((level) => (
            <label key={level} className="promo-level">
              <input
                type="checkbox"
                checked={draft.riskLevels.includes(level)}
                data-testid={`activity-risk-${level}`}
                onChange={(event) => toggle('riskLevels', level, event.target.checked)}
              />
              {level}
            </label>
          ))}
        </div>
      </fieldset>
      {problem ? (
        <p className="console-error" data-testid="activity-problem">
          {problem}
        </p>
      ) : null}
      <ErrorNote error={create.error} testId="activity-create-error" />
      <FormActions
        submitLabel={t('promotions.activity.form.submit')}
        submitTestId="activity-submit"
        cancelTestId="activity-cancel"
        isBusy={create.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}
