import type { MemberActivity, QualifyRule } from '@sb/contract';
import {
  findCurrencyById,
  formatDisplayAmount,
  oddsUnitsText,
  parseLanguage,
  sportNameOf,
} from '@sb/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isNetworkError } from '../../../lib/api-client';
import { useMarketNames } from '../../../lib/bet-naming/market-names';
import { formatDisplayTime } from '../../../lib/display-time';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useDialogStore } from '../../../lib/session/dialog-store';
import { selectMemberId, useSessionStore } from '../../../lib/session/session-store';
import { parseStakeMinor } from '../../../lib/slip/slip-rules';
import {
  activitiesRootKey,
  placeSpecialBet,
  refusalKeyOf,
  type SpecialPlacement,
  useMemberActivity,
} from '../api/activity-calls';
import {
  progressPercentOf,
  progressStateOf,
  type QualifyTerm,
  qualifyTermsOf,
  rewardTermsOf,
  specialBetOf,
  specialBlockOf,
  specialStakeProblemOf,
} from '../model/activity-standing';
import './activities.css';

function currencyCodeOf(currencyId: number): string {
  return findCurrencyById(currencyId)?.currencyCode ?? `#${currencyId}`;
}

/** Money of the activity's currency, grouped, two decimals, with its code. */
function useMoney(activity: MemberActivity) {
  const currency = currencyCodeOf(activity.currencyId);
  return {
    currency,
    amount: (minor: number) => formatDisplayAmount(minor, activity.scale),
  };
}

/**
 * What an activity post pays the member reading it: the rule the engine enforces in plain
 * words and the member's standing (progress towards a target, or a special bet to place).
 * Visitors are asked to sign in and demo players told activities are for real accounts; a post
 * that carries no rule shows nothing more.
 */
export function ActivityStanding({ postId }: { postId: number }) {
  const memberId = useSessionStore(selectMemberId);
  const isDemo = useSessionStore((state) => state.kind === 'demo');
  if (isDemo) return <DemoNote />;
  if (memberId <= 0) return <SignInAsk />;
  return <MemberStanding memberId={memberId} postId={postId} />;
}

function SignInAsk() {
  const { t } = useTranslation();
  const openDialog = useDialogStore((state) => state.openDialog);
  return (
    <div className="activity-note" data-testid="activity-sign-in">
      <p>{t('activityStanding.signIn')}</p>
      <button type="button" className="button button--primary" onClick={() => openDialog('login')}>
        {t('activityStanding.signInAction')}
      </button>
    </div>
  );
}

function DemoNote() {
  const { t } = useTranslation();
  return (
    <p className="activity-note muted" data-testid="activity-demo">
      {t('activityStanding.demo')}
    </p>
  );
}

function MemberStanding({ memberId, postId }: { memberId: number; postId: number }) {
  const { t } = useTranslation();
  const activity = useMemberActivity(memberId, postId);
  if (activity.isPending)
    return (
      <p className="muted activity-note" data-testid="activity-loading">
        {t('activityStanding.loading')}
      </p>
    );
  if (activity.isError) {
    const refusal = refusalKeyOf(activity.error);
    return (
      <div className="activity-note" data-testid="activity-failed">
        <p>{t(refusal ?? 'activityStanding.loadFailed')}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void activity.refetch()}
        >
          {t('activityStanding.retry')}
        </button>
      </div>
    );
  }
  if (activity.data === null) return null;
  return <ActivityPanel activity={activity.data} />;
}

function ActivityPanel({ activity }: { activity: MemberActivity }) {
  const { t } = useTranslation();
  const { rule } = activity;
  return (
    <section
      className="activity-standing"
      data-testid="activity-standing"
      data-id={activity.id}
      data-type={rule.type}
      data-status={activity.status}
      data-eligible={activity.eligible}
    >
      <header className="activity-standing__head">
        <h3 className="activity-standing__title">
          {t(
            rule.type === 'qualify'
              ? 'activityStanding.qualifyTitle'
              : 'activityStanding.specialTitle',
          )}
        </h3>
        <span className={`activity-status is-${activity.status}`} data-testid="activity-status">
          {t(`activityStanding.status.${activity.status}`)}
        </span>
      </header>
      <p className="muted activity-standing__window">
        {t('activityStanding.window', {
          from: formatDisplayTime(activity.startsAt),
          until: formatDisplayTime(activity.endsAt),
        })}
      </p>
      {activity.eligible ? null : (
        <p className="activity-standing__ineligible" data-testid="activity-ineligible">
          {activity.ineligibleReason
            ? t(activity.ineligibleReason, { defaultValue: t('activityStanding.ineligible') })
            : t('activityStanding.ineligible')}
        </p>
      )}
      {rule.type === 'qualify' ? (
        <QualifyStanding activity={activity} rule={rule} />
      ) : (
        <SpecialStanding activity={activity} />
      )}
    </section>
  );
}

/** A qualifying rule's terms in words, one line each. */
function useTermText(activity: MemberActivity) {
  const { t, i18n } = useTranslation();
  const language = parseLanguage(i18n.language);
  const { amount, currency } = useMoney(activity);
  const marketNames = useMarketNames();
  const join = (names: string[]) => names.join(t('activityStanding.terms.listJoin'));
  return (term: QualifyTerm): string => {
    switch (term.key) {
      case 'sports':
        return t('activityStanding.terms.sports', {
          sports: join(term.sportIds.map((sportId) => sportNameOf(sportId, language))),
        });
      case 'plays': {
        // A play is named within its sport; with one sport named, the site's market names.
        const [sportId] = term.sportIds;
        if (term.sportIds.length !== 1 || sportId === undefined)
          return t('activityStanding.terms.playsById', { ids: term.playIds.join(', ') });
        return t('activityStanding.terms.plays', {
          plays: join(term.playIds.map((playId) => marketNames.play(sportId, playId))),
        });
      }
      case 'minOdds':
        return t('activityStanding.terms.minOdds', { odds: term.odds });
      case 'minStake':
        return t('activityStanding.terms.minStake', {
          amount: amount(term.amountMinor),
          currency,
        });
      case 'targetCount':
        return t('activityStanding.terms.targetCount', { target: term.target });
      case 'targetStake':
        return t('activityStanding.terms.targetStake', {
          amount: amount(term.amountMinor),
          currency,
        });
      default:
        return t(`activityStanding.terms.${term.key}`);
    }
  };
}

function QualifyStanding({ activity, rule }: { activity: MemberActivity; rule: QualifyRule }) {
  const { t } = useTranslation();
  const { amount, currency } = useMoney(activity);
  const termText = useTermText(activity);
  const progress = activity.progress;
  const reward = rewardTermsOf(activity)
    .map((term) => {
      switch (term.key) {
        case 'bonus':
          return t('activityStanding.reward.bonus', {
            amount: amount(rule.reward),
            currency,
            multiple: term.multiple,
            days: term.days,
          });
        case 'maxStake':
          return t('activityStanding.reward.maxStake', {
            amount: amount(term.amountMinor),
            currency,
          });
        case 'freeBet':
          return t(
            term.odds === null
              ? 'activityStanding.reward.freeBet'
              : 'activityStanding.reward.freeBetAtOdds',
            { amount: amount(rule.reward), currency, days: term.days, odds: term.odds },
          );
        default:
          return t('activityStanding.reward.cash', { amount: amount(rule.reward), currency });
      }
    })
    .join(t('activityStanding.terms.listJoin'));
  return (
    <>
      <ul className="activity-terms" data-testid="activity-rule">
        {qualifyTermsOf(rule).map((term) => (
          <li key={term.key} data-term={term.key}>
            {termText(term)}
          </li>
        ))}
      </ul>
      <p className="activity-reward" data-testid="activity-reward" data-money={activity.money}>
        <span className="activity-reward__label">{t('activityStanding.reward.label')}</span>
        {reward}
      </p>
      {progress ? (
        <ProgressBar activity={activity} measure={rule.measure} progress={progress} />
      ) : null}
    </>
  );
}

function ProgressBar({
  activity,
  measure,
  progress,
}: {
  activity: MemberActivity;
  measure: QualifyRule['measure'];
  progress: NonNullable<MemberActivity['progress']>;
}) {
  const { t } = useTranslation();
  const { amount, currency } = useMoney(activity);
  const state = progressStateOf(progress);
  const percent = progressPercentOf(progress);
  const figures =
    measure === 'count'
      ? t('activityStanding.progress.count', {
          counted: progress.counted,
          target: progress.target,
        })
      : t('activityStanding.progress.stake', {
          counted: amount(progress.counted),
          target: amount(progress.target),
          currency,
        });
  return (
    <div
      className={`activity-progress is-${state}`}
      data-testid="activity-progress"
      data-counted={progress.counted}
      data-target={progress.target}
      data-state={state}
    >
      <div className="activity-progress__head">
        <span>{t('activityStanding.progress.label')}</span>
        <span data-testid="activity-progress-text">{figures}</span>
      </div>
      <div
        className="activity-progress__track"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={figures}
      >
        <div className="activity-progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="activity-progress__note" data-testid="activity-progress-note">
        {state === 'rewarded'
          ? t(
              activity.money === 'free_bet'
                ? 'activityStanding.progress.rewardedFreeBet'
                : 'activityStanding.progress.rewarded',
              {
                amount: amount(progress.rewardAmount),
                currency,
              },
            )
          : t(`activityStanding.progress.${state}`)}
      </p>
    </div>
  );
}

function SpecialStanding({ activity }: { activity: MemberActivity }) {
  const { t } = useTranslation();
  const { amount, currency } = useMoney(activity);
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.session?.token ?? '');
  const [stakeText, setStakeText] = useState('');
  const [isPlacing, setIsPlacing] = useState(false);
  const [placed, setPlaced] = useState<SpecialPlacement | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // One key per bet until the server answers it: a retry after a lost answer is the same order.
  const keysByBet = useRef(new Map<string, string>());
  const special = activity.special;
  if (activity.rule.type !== 'special' || !special) return null;
  const { rule } = activity;
  const { selection } = special;
  const block = specialBlockOf(activity);
  const stakeMinor = parseStakeMinor(stakeText, activity.scale);
  const stakeProblem =
    stakeText.trim() === '' ? null : specialStakeProblemOf(stakeMinor, special.stakeLeft);
  const canPlace = block === null && !isPlacing && stakeText.trim() !== '' && !stakeProblem;
  const place = async (event: FormEvent) => {
    event.preventDefault();
    if (!canPlace || stakeMinor === null) return;
    const bet = specialBetOf(activity, stakeMinor);
    if (!bet) return;
    const digest = JSON.stringify(bet);
    const key = keysByBet.current.get(digest) ?? newIdempotencyKey();
    keysByBet.current.set(digest, key);
    setIsPlacing(true);
    setRefusal(null);
    try {
      const answer = await placeSpecialBet(token, activity.id, bet, key);
      keysByBet.current.delete(digest);
      setPlaced(answer);
      setStakeText('');
    } catch (error) {
      // Only a lost answer may be retried with the same key; a refusal is final for this bet.
      if (!isNetworkError(error)) keysByBet.current.delete(digest);
      const known = refusalKeyOf(error);
      setRefusal(known ? t(known) : t('activityStanding.special.failed'));
    } finally {
      setIsPlacing(false);
      void queryClient.invalidateQueries({ queryKey: activitiesRootKey });
    }
  };
  const matchName = [selection.home, selection.away].filter((side) => side !== '').join(' vs ');
  return (
    <div
      className="activity-special"
      data-testid="activity-special"
      data-on-offer={selection.onOffer}
      data-block={block ?? ''}
    >
      <dl className="activity-special__facts">
        <dt>{t('activityStanding.special.match')}</dt>
        <dd data-testid="activity-special-match">{matchName || '—'}</dd>
        <dt>{t('activityStanding.special.outcome')}</dt>
        <dd data-testid="activity-special-outcome">{selection.optName || '—'}</dd>
        <dt>{t('activityStanding.special.odds')}</dt>
        <dd className="activity-special__odds">
          {selection.odds !== null ? (
            <s className="activity-special__book" data-testid="activity-book-odds">
              <span className="visually-hidden">{t('activityStanding.special.bookOdds')} </span>
              {oddsUnitsText(selection.odds)}
            </s>
          ) : null}
          <strong className="activity-special__boosted" data-testid="activity-boosted-odds">
            <span className="visually-hidden">{t('activityStanding.special.boostedOdds')} </span>
            {oddsUnitsText(rule.boostedOdds)}
          </strong>
        </dd>
        <dt>{t('activityStanding.special.stakeLeft')}</dt>
        <dd data-testid="activity-stake-left" data-value={special.stakeLeft}>
          {amount(special.stakeLeft)} {currency}
        </dd>
        <dt>{t('activityStanding.special.liabilityLeft')}</dt>
        <dd data-testid="activity-liability-left" data-value={special.liabilityLeft}>
          {amount(special.liabilityLeft)} {currency}
        </dd>
      </dl>
      <form className="activity-special__form" onSubmit={(event) => void place(event)}>
        <label className="field activity-special__stake">
          <span className="field__label">{t('activityStanding.special.stake', { currency })}</span>
          <input
            className="field__input"
            inputMode="decimal"
            autoComplete="off"
            maxLength={20}
            value={stakeText}
            disabled={block !== null}
            data-testid="activity-stake"
            onChange={(event) => setStakeText(event.target.value)}
          />
        </label>
        <button
          type="submit"
          className="button button--primary activity-special__place"
          disabled={!canPlace}
          data-testid="activity-place"
        >
          {t(isPlacing ? 'activityStanding.special.placing' : 'activityStanding.special.place')}
        </button>
      </form>
      {block !== null && block !== 'ineligible' ? (
        <p className="muted" data-testid="activity-special-blocked" data-block={block}>
          {t(`activityStanding.special.blocked.${block}`)}
        </p>
      ) : null}
      {stakeProblem ? (
        <p className="field__error" data-testid="activity-stake-problem">
          {stakeProblem === 'invalid'
            ? t('activityStanding.special.stakeInvalid', { currency, scale: activity.scale })
            : t('activityStanding.special.aboveStakeLeft', {
                amount: amount(special.stakeLeft),
                currency,
              })}
        </p>
      ) : null}
      {refusal ? (
        <p className="field__error" role="alert" data-testid="activity-refusal">
          {refusal}
        </p>
      ) : null}
      {placed ? <Placement activity={activity} placed={placed} /> : null}
    </div>
  );
}

function Placement({ activity, placed }: { activity: MemberActivity; placed: SpecialPlacement }) {
  const { t } = useTranslation();
  const { amount, currency } = useMoney(activity);
  const { order } = placed;
  return (
    <div className="activity-placed" role="status" data-testid="activity-placed">
      <h4 className="activity-placed__title">{t('activityStanding.special.placed')}</h4>
      <dl className="activity-special__facts">
        <dt>{t('activityStanding.special.orderNo')}</dt>
        <dd data-testid="activity-placed-order">{order.orderNo}</dd>
        <dt>{t('activityStanding.special.placedStake')}</dt>
        <dd data-testid="activity-placed-stake">
          {amount(order.stake)} {currency}
        </dd>
        <dt>{t('activityStanding.special.placedBookOdds')}</dt>
        <dd data-testid="activity-placed-book-odds">{oddsUnitsText(order.odds)}</dd>
        <dt>{t('activityStanding.special.placedBoostedOdds')}</dt>
        <dd data-testid="activity-placed-boosted-odds">{oddsUnitsText(placed.boostedOdds)}</dd>
        <dt>{t('activityStanding.special.reserved')}</dt>
        <dd data-testid="activity-placed-reserved">
          {amount(placed.reserved)} {currency}
        </dd>
      </dl>
    </div>
  );
}
