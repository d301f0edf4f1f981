import type { DeskCampaign, Language } from '@sb/contract';
import { findCurrencyById } from '@sb/domain';
import { formatMoneyGrouped } from '../components/money';
import { ReasonAction, useConsoleText, useFormatTime } from '../components/ui';
import { type CampaignAction, campaignActions, isActionAllowed } from './campaign-draft';

/** A campaign's title in the operator's language. */
export function titleOf(campaign: DeskCampaign, language: Language): string {
  return { en: campaign.titleEn, zh: campaign.titleZh, zht: campaign.titleZht }[language];
}

const figureKeys = [
  'funded',
  'granted',
  'claimed',
  'converted',
  'forfeited',
  'active',
  'cost',
  'budgetLeft',
] as const;

/** The actions that move money ask once more in a dialog that says what will move. */
const askedActions: readonly CampaignAction[] = ['fund', 'close'];

/**
 * One campaign: its terms, its commitment (and seed once closed), its live figures and the
 * actions its status allows, each with a reason for the audit log.
 */
export function CampaignCard({
  campaign,
  isBusy,
  onAction,
}: {
  campaign: DeskCampaign;
  isBusy: boolean;
  onAction(action: CampaignAction, reason: string): void;
}) {
  const { t, language } = useConsoleText();
  const formatTime = useFormatTime();
  const code = findCurrencyById(campaign.currencyId)?.currencyCode ?? String(campaign.currencyId);
  const money = (amount: number) => `${formatMoneyGrouped(amount, campaign.scale)} ${code}`;
  const { figures, eligibility, envelope } = campaign;
  const figureValue = (key: (typeof figureKeys)[number]) =>
    key === 'claimed'
      ? t('promotions.claimedValue', { count: figures.claimedCount, total: envelope?.count ?? 0 })
      : money(figures[key]);
  const conditions = [
    eligibility.minDeposit > 0
      ? t('promotions.minDepositTerm', {
          amount: money(eligibility.minDeposit),
          days: eligibility.days,
        })
      : null,
    eligibility.minTurnover > 0
      ? t('promotions.minTurnoverTerm', {
          amount: money(eligibility.minTurnover),
          days: eligibility.days,
        })
      : null,
    eligibility.riskLevels.length > 0
      ? t('promotions.riskLevelsTerm', { levels: eligibility.riskLevels.join(', ') })
      : t('promotions.allRiskLevels'),
  ].filter((condition) => condition !== null);
  const question = (action: CampaignAction) => {
    if (!askedActions.includes(action)) return undefined;
    const amount = money(action === 'fund' ? campaign.total : figures.budgetLeft);
    return (reason: string) =>
      t(`promotions.questions.${action}`, { id: campaign.id, amount, reason });
  };
  const testId = `campaign-${campaign.id}`;
  return (
    <article className="promo-card" data-testid={testId} data-status={campaign.status}>
      <header className="promo-card__head">
        <h3>
          {t('promotions.campaign', { id: campaign.id })} · {titleOf(campaign, language)}
        </h3>
        <span
          className={`console-tag promo-status promo-status--${campaign.status}`}
          data-testid={`${testId}-status`}
        >
          {t(`promotions.statuses.${campaign.status}`)}
        </span>
      </header>
      <dl className="promo-terms">
        <dt>{t('promotions.money')}</dt>
        <dd data-testid={`${testId}-money`}>
          {t(`promotions.moneyKinds.${campaign.money}`)}
          {campaign.money === 'bonus' ? (
            <>
              {' · '}
              {t('promotions.bonusTerms', {
                multiple: campaign.rolloverMultiple,
                days: campaign.bonusDays,
              })}
              {campaign.maxStake > 0
                ? ` · ${t('promotions.maxStakeTerm', { amount: money(campaign.maxStake) })}`
                : null}
            </>
          ) : null}
        </dd>
        <dt>{t('promotions.total')}</dt>
        <dd data-testid={`${testId}-total`}>{money(campaign.total)}</dd>
        {envelope ? (
          <>
            <dt>{t('promotions.count')}</dt>
            <dd>
              {envelope.count} ·{' '}
              {t('promotions.rangeValue', {
                min: money(envelope.minAmount),
                max: money(envelope.maxAmount),
              })}
            </dd>
          </>
        ) : null}
        <dt>{t('promotions.window')}</dt>
        <dd>
          {formatTime(campaign.startsAt)} – {formatTime(campaign.endsAt)}
        </dd>
        <dt>{t('promotions.eligibility')}</dt>
        <dd data-testid={`${testId}-eligibility`}>
          {[t('promotions.membersOnly'), ...conditions].join(t('promotions.separator'))}
        </dd>
        {envelope ? (
          <>
            <dt>{t('promotions.commitment')}</dt>
            <dd>
              <code className="promo-hash" data-testid={`${testId}-commitment`}>
                {envelope.commitment}
              </code>
            </dd>
            <dt>{t('promotions.seed')}</dt>
            <dd>
              {envelope.seed ? (
                <code className="promo-hash" data-testid={`${testId}-seed`}>
                  {envelope.seed}
                </code>
              ) : (
                <span className="console-hint">{t('promotions.seedHidden')}</span>
              )}
            </dd>
          </>
        ) : null}
        <dt>{t('promotions.created')}</dt>
        <dd>
          {t('promotions.createdBy', {
            operatorId: campaign.createdBy,
            time: formatTime(campaign.createdAt),
          })}
        </dd>
      </dl>
      <dl className="promo-figures" data-testid={`${testId}-figures`}>
        {figureKeys.map((key) => (
          <div key={key} className="promo-figure">
            <dt>{t(`promotions.figures.${key}`)}</dt>
            <dd data-testid={`${testId}-${key}`}>{figureValue(key)}</dd>
          </div>
        ))}
      </dl>
      <div className="console-row promo-actions">
        {campaignActions.map((action) => {
          const label = t(`promotions.actions.${action}`);
          const actionTestId = `${testId}-${action}`;
          return isActionAllowed(action, campaign.status) ? (
            <ReasonAction
              key={action}
              label={label}
              testId={actionTestId}
              isDanger={action === 'close'}
              isBusy={isBusy}
              question={question(action)}
              onConfirm={(reason) => onAction(action, reason)}
            />
          ) : (
            <button
              key={action}
              type="button"
              className="console-button console-button--quiet"
              disabled
              data-testid={actionTestId}
            >
              {label}
            </button>
          );
        })}
      </div>
    </article>
  );
}
