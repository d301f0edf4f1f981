import {
  activityCampaignCreate,
  type DeskCampaign,
  type QualifyMeasure,
  qualifyMeasures,
} from '@sb/contract';
import { findCurrencyById, sportCatalogue } from '@sb/domain';
import { type FormEvent, useState } from 'react';
import { parsePositiveId, realCurrencies } from '../components/money';
import { Field, SelectInput, TextInput, useConsoleText } from '../components/ui';
import {
  type ActivityDraft,
  type ActivityRuleType,
  activityInputOf,
  newActivityDraft,
} from './activity-draft';
import { useActivityPosts } from './activity-posts';
import { type TextKey, useCampaignCreate, useCampaignFields } from './campaign-fields';

const ruleTypes: readonly ActivityRuleType[] = ['qualify', 'special'];

/** Where a typed field's label lives: the activity form's own, or the envelope form's. */
const sharedLabels = new Set<TextKey<ActivityDraft>>([
  'titleEn',
  'titleZh',
  'titleZht',
  'rolloverMultiple',
  'bonusDays',
  'freeBetMinOdds',
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
  const { posts, canRead } = useActivityPosts();
  const create = useCampaignCreate(activityCampaignCreate, onCreated);
  const currencyCode = findCurrencyById(draft.currencyId)?.currencyCode ?? '';
  const isSpecial = draft.ruleType === 'special';
  const change = <K extends keyof ActivityDraft>(key: K, value: ActivityDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const labelOf = (key: string) =>
    sharedLabels.has(key as TextKey<ActivityDraft>)
      ? t(`promotions.form.${key}`)
      : t(`promotions.activity.form.${key}`);
  const fields = useCampaignFields({
    draft,
    change,
    form: 'activity',
    fieldTestId: (key) => `activity-field-${key}`,
    labelOf,
  });
  const { text } = fields;
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
  const toggleSport = (sportId: number, isOn: boolean) =>
    change(
      'sportIds',
      isOn ? [...draft.sportIds, sportId] : draft.sportIds.filter((one) => one !== sportId),
    );
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
      {fields.titles()}
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
        {fields.currency()}
        {isSpecial ? null : fields.money()}
      </div>
      {isSpecial ? (
        <p className="console-hint">{t('promotions.activity.form.specialCash')}</p>
      ) : null}
      {isSpecial ? null : fields.moneyTerms()}
      {fields.window(
        text('total', {
          numeric: 'decimal',
          label: t(
            isSpecial ? 'promotions.activity.form.totalSpecial' : 'promotions.activity.form.total',
          ),
        }),
      )}
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
                  onChange={(event) => toggleSport(sport.sportId, event.target.checked)}
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
      {fields.eligibility()}
      {fields.end({
        problem,
        error: create.error,
        submitLabel: t('promotions.activity.form.submit'),
        isBusy: create.isPending,
        onCancel,
      })}
    </form>
  );
}
