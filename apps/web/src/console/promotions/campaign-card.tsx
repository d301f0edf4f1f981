import type { DeskCampaign, Language } from '@sb/contract';
import { findCurrencyById, oddsUnitsText } from '@sb/domain';
import { formatMoneyGrouped } from '../components/money';
import { ReasonAction, useConsoleText, useFormatTime } from '../components/ui';
import { activityRuleText } from './activity-words';
import { type CampaignAction, campaignActions, isActionAllowed } from './campaign-draft';

/** A campaign's title in the operator's language. */
export function titleOf(campaign: DeskCampaign, language: Language): string {
  return { en: campaign.titleEn, zh: campaign.titleZh, zht: campaign.titleZht }[language];
}

type FigureKey =
  | 'funded'
  | 'granted'
  | 'claimed'
  | 'converted'
  | 'forfeited'
  | 'active'
  | 'cost'
  | 'budgetLeft'
  | 'membersRewarded'
  | 'membersUnpaid'
  | 'reserved'
  | 'freeBetsGranted'
  | 'freeBetsUsed'
  | 'freeBetsWon'
  | 'freeBetsExpired'
  | 'freeBetWinnings';

/** What bonus money does after it is granted: played through, given back, still in play. */
const bonusFigures: readonly FigureKey[] = ['converted', 'forfeited', 'active'];
/** What free bets do after they are granted: staked, won, left to expire, and what wins paid. */
const freeBetFigures: readonly FigureKey[] = [
  'freeBetsGranted',
  'freeBetsUsed',
  'freeBetsWon',
  'freeBetsExpired',
  'freeBetWinnings',
];

const envelopeFigures: readonly FigureKey[] = [
  'funded',
  'granted',
  'claimed',
  'converted',
  'forfeited',
  'active',
  'cost',
  'budgetLeft',
];
/** A qualifying activity's rewards reach members; its bonus money is played through after. */
const qualifyFigures: readonly FigureKey[] = [
  'funded',
  'granted',
  'claimed',
  'membersRewarded',
  'membersUnpaid',
  'converted',
  'forfeited',
  'active',
  'cost',
  'budgetLeft',
];
/** A special bet pays cash top-ups, some held back for bets still open. */
const specialFigures: readonly FigureKey[] = [
  'funded',
  'granted',
  'claimed',
  'reserved',
  'cost',
  'budgetLeft',
];

/** Figures that count members, payments or free bets rather than money. */
const countFigures: readonly FigureKey[] = [
  'membersRewarded',
  'membersUnpaid',
  'freeBetsGranted',
  'freeBetsUsed',
  'freeBetsWon',
  'freeBetsExpired',
];

/** The actions that move money ask once more in a dialog that says what will move. */
const askedActions: readonly CampaignAction[] = ['fund', 'close'];

/**
 * One campaign: its terms, its commitment (and seed once closed), its live figures and the
 * actions its status allows, each with a reason for the audit log.
 */
export function CampaignCard({
  campaign,
  postTitle,
  isBusy,
  onAction,
}: {
  campaign: DeskCampaign;
  /** An activity's post title, when the site's posts could be read. */
  postTitle?: string;
  isBusy: boolean;
  onAction(action: CampaignAction, reason: string): void;
}) {
  const { t, language } = useConsoleText();
  const formatTime = useFormatTime();
  const code = findCurrencyById(campaign.currencyId)?.currencyCode ?? String(campaign.currencyId);
  const money = (amount: number) => `${formatMoneyGrouped(amount, campaign.scale)} ${code}`;
  const { figures, eligibility, envelope, activity } = campaign;
  const kindFigures = activity
    ? activity.rule.type === 'special'
      ? specialFigures
      : qualifyFigures
    : envelopeFigures;
  // A free-bet campaign's grants are free bets, not bonus money: its figures say what they did.
  const figureKeys =
    campaign.money === 'free_bet'
      ? kindFigures.flatMap((key) =>
          key === bonusFigures[0] ? freeBetFigures : bonusFigures.includes(key) ? [] : [key],
        )
      : kindFigures;
  const figureValue = (key: FigureKey) => {
    if (key === 'claimed')
      return activity
        ? String(figures.claimedCount)
        : t('promotions.claimedValue', {
            count: figures.claimedCount,
            total: envelope?.count ?? 0,
          });
    return countFigures.includes(key) ? String(figures[key]) : money(figures[key]);
  };
  const figureLabel = (key: FigureKey) => {
    if (!activity || key === 'funded' || key === 'granted') return t(`promotions.figures.${key}`);
    if (key === 'claimed')
      return t(
        activity.rule.type === 'special'
          ? 'promotions.activity.figures.claimedSpecial'
          : 'promotions.activity.figures.claimedQualify',
      );
    if (key === 'membersRewarded' || key === 'membersUnpaid' || key === 'reserved')
      return t(`promotions.activity.figures.${key}`);
    return t(`promotions.figures.${key}`);
  };
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
    // An activity has no seed to publish: its close says only where the money goes.
    const key =
      activity && action === 'close'
        ? 'promotions.activity.questions.close'
        : `promotions.questions.${action}`;
    return (reason: string) => t(key, { id: campaign.id, amount, reason });
  };
  const testId = `campaign-${campaign.id}`;
  return (
    <article
      className="promo-card"
      data-testid={testId}
      data-status={campaign.status}
      data-kind={campaign.kind}
      data-rule={activity?.rule.type ?? ''}
    >
      <header className="promo-card__head">
        <h3>
          {t('promotions.campaign', { id: campaign.id })} · {titleOf(campaign, language)}
        </h3>
        <span className="console-tag" data-testid={`${testId}-kind`}>
          {t(`promotions.kindTags.${campaign.kind}`)}
        </span>
        <span
          className={`console-tag promo-status promo-status--${campaign.status}`}
          data-testid={`${testId}-status`}
        >
          {t(`promotions.statuses.${campaign.status}`)}
        </span>
      </header>
      <dl className="promo-terms">
        {activity ? (
          <>
            <dt>{t('promotions.activity.post')}</dt>
            <dd data-testid={`${testId}-post`} data-post-id={activity.postId}>
              {postTitle
                ? t('promotions.activity.postTitled', { id: activity.postId, title: postTitle })
                : t('promotions.activity.postId', { id: activity.postId })}
            </dd>
            <dt>{t('promotions.activity.rule')}</dt>
            <dd data-testid={`${testId}-rule`}>
              <strong>{t(`promotions.activity.ruleTypes.${activity.rule.type}`)}</strong>
              {': '}
              {activityRuleText(activity.rule, { t, language, money })}
            </dd>
          </>
        ) : null}
        <dt>{t('promotions.money')}</dt>
        <dd data-testid={`${testId}-money`}>
          {activity?.rule.type === 'special'
            ? t('promotions.activity.cashTopUps')
            : t(`promotions.moneyKinds.${campaign.money}`)}
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
          {campaign.money === 'free_bet' ? (
            <>
              {' · '}
              {t('promotions.freeBetTerms', { days: campaign.bonusDays })}
              {campaign.freeBetMinOdds > 0
                ? ` · ${t('promotions.freeBetMinOddsTerm', { odds: oddsUnitsText(campaign.freeBetMinOdds) })}`
                : null}
            </>
          ) : null}
        </dd>
        <dt>
          {activity?.rule.type === 'special'
            ? t('promotions.activity.liabilityCap')
            : t('promotions.total')}
        </dt>
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
        <dt>{t(activity ? 'promotions.activity.eligibility' : 'promotions.eligibility')}</dt>
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
            <dt>{figureLabel(key)}</dt>
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
