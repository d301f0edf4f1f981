import type { MemberEnvelope } from '@sb/contract';
import { formatDisplayAmount } from '@sb/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDisplayTime } from '../../../lib/display-time';
import { showToast } from '../../../lib/toast-store';
import {
  conditionsOf,
  drawCheckOf,
  type GrabState,
  grabStateOf,
  moneyTermsOf,
  shortCommitment,
} from '../model/campaigns';
import { amountsTextOf, currencyCodeOf, EnvelopeDialog } from './envelope-dialog';

/**
 * One campaign: its title and status, what it pays (cash, or bonus money with its rollover,
 * days and largest stake), the amounts an envelope holds, how many are grabbed, when it runs,
 * who may grab, its commitment and, once closed, the member's own check of the draw. A campaign
 * the member can grab shows the red envelope that opens it.
 */
export function EnvelopeCampaign({ campaign }: { campaign: MemberEnvelope }) {
  const { t } = useTranslation();
  const state = grabStateOf(campaign);
  const currency = currencyCodeOf(campaign.currencyId);
  const money = (minor: number) => formatDisplayAmount(minor, campaign.scale);
  return (
    <article
      className={`envelope-campaign is-${campaign.status}`}
      data-testid="envelope-campaign"
      data-id={campaign.id}
      data-status={campaign.status}
      data-grab={state}
    >
      <header className="envelope-campaign__head">
        <h2 className="envelope-campaign__title">{campaign.title}</h2>
        <span className={`envelope-status is-${campaign.status}`} data-testid="envelope-status">
          {t(`promotions.status.${campaign.status}`)}
        </span>
      </header>
      <GrabArea campaign={campaign} state={state} />
      <dl className="envelope-facts">
        <dt>{t('promotions.facts.money')}</dt>
        <dd data-testid="envelope-money" data-money={campaign.money}>
          {moneyTermsOf(campaign).map((term, index) => (
            <span
              key={term.key}
              className={index === 0 ? 'envelope-facts__line' : 'envelope-facts__line muted'}
              data-testid={
                term.key === 'maxStake'
                  ? 'envelope-max-stake'
                  : term.key === 'freeBetOdds'
                    ? 'envelope-free-bet-odds'
                    : undefined
              }
            >
              {term.key === 'maxStake'
                ? t('promotions.money.maxStake', {
                    amount: `${money(term.amountMinor)} ${currency}`,
                  })
                : t(`promotions.money.${term.key}`, {
                    multiple: 'multiple' in term ? term.multiple : undefined,
                    days: 'days' in term ? term.days : undefined,
                    odds: 'odds' in term ? term.odds : undefined,
                  })}
            </span>
          ))}
        </dd>
        <dt>{t('promotions.facts.amounts')}</dt>
        <dd data-testid="envelope-range">{amountsTextOf(campaign, t)}</dd>
        <dt>{t('promotions.facts.claimed')}</dt>
        <dd data-testid="envelope-claimed-count">
          {t('promotions.claimed', { claimed: campaign.claimedCount, count: campaign.count })}
        </dd>
        <dt>{t('promotions.facts.starts')}</dt>
        <dd>{formatDisplayTime(campaign.startsAt)}</dd>
        <dt>{t('promotions.facts.ends')}</dt>
        <dd>{formatDisplayTime(campaign.endsAt)}</dd>
        <dt>{t('promotions.facts.who')}</dt>
        <dd>
          <Conditions campaign={campaign} currency={currency} />
        </dd>
      </dl>
      <Commitment campaign={campaign} />
    </article>
  );
}

/**
 * The envelope to open, or what stands in its way, or what the member got. The opened envelope's
 * dialog stays while it is open whatever the campaign turns into: the grab itself makes it
 * `claimed`, and the amount is still counting then.
 */
function GrabArea({ campaign, state }: { campaign: MemberEnvelope; state: GrabState }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      {state === 'grabbable' ? (
        <ClosedEnvelope onOpen={() => setIsOpen(true)} />
      ) : (
        <GrabStateLine campaign={campaign} state={state} />
      )}
      {isOpen ? <EnvelopeDialog campaign={campaign} onClose={() => setIsOpen(false)} /> : null}
    </>
  );
}

function ClosedEnvelope({ onOpen }: { onOpen(): void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="envelope-closed" onClick={onOpen} data-testid="envelope-open">
      <span className="envelope-closed__seal" aria-hidden="true">
        福
      </span>
      <span className="envelope-closed__text">{t('promotions.envelope.open')}</span>
    </button>
  );
}

function GrabStateLine({ campaign, state }: { campaign: MemberEnvelope; state: GrabState }) {
  const { t } = useTranslation();
  const { claim } = campaign;
  if (state === 'claimed' && claim)
    return (
      <p className="envelope-state is-claimed" data-testid="envelope-claim">
        <strong>
          {t(
            claim.money === 'free_bet'
              ? 'promotions.state.claimedFreeBet'
              : 'promotions.state.claimed',
            {
              amount: formatDisplayAmount(claim.amount, claim.scale),
              currency: currencyCodeOf(claim.currencyId),
            },
          )}
        </strong>
        <span className="muted">
          {t('promotions.claimedAt', { time: formatDisplayTime(claim.claimedAt) })}
        </span>
      </p>
    );
  const reason =
    state === 'ineligible' && campaign.ineligibleReason
      ? t(campaign.ineligibleReason, { defaultValue: t('promotions.state.ineligible') })
      : t(`promotions.state.${state}`, { time: formatDisplayTime(campaign.startsAt) });
  return (
    <p className={`envelope-state is-${state}`} data-testid="envelope-state">
      {reason}
    </p>
  );
}

function Conditions({ campaign, currency }: { campaign: MemberEnvelope; currency: string }) {
  const { t } = useTranslation();
  return (
    <ul className="envelope-conditions">
      <li>{t('promotions.conditions.member')}</li>
      {conditionsOf(campaign.eligibility).map((condition) => (
        <li key={condition.key} data-condition={condition.key}>
          {condition.key === 'riskLevels'
            ? t('promotions.conditions.riskLevels', { levels: condition.levels.join(', ') })
            : t(`promotions.conditions.${condition.key}`, {
                amount: formatDisplayAmount(condition.amountMinor, campaign.scale),
                currency,
                days: condition.days,
              })}
        </li>
      ))}
    </ul>
  );
}

/** The commitment, short and copyable whole; once closed, the member's own check of the draw. */
function Commitment({ campaign }: { campaign: MemberEnvelope }) {
  const { t } = useTranslation();
  const check = useMemo(() => drawCheckOf(campaign), [campaign]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(campaign.commitment);
      showToast('success', t('promotions.commitment.copied'));
    } catch {
      // Without clipboard access the whole commitment is still there to select, in the title.
    }
  };
  return (
    <div className="envelope-proof">
      <div className="envelope-proof__row">
        <span className="muted">{t('promotions.commitment.label')}</span>
        <code
          className="envelope-proof__code"
          title={campaign.commitment}
          data-testid="envelope-commitment"
          data-commitment={campaign.commitment}
        >
          {shortCommitment(campaign.commitment)}
        </code>
        <button
          type="button"
          className="button button--ghost envelope-proof__copy"
          onClick={() => void copy()}
          data-testid="envelope-commitment-copy"
        >
          {t('promotions.commitment.copy')}
        </button>
      </div>
      {check ? (
        <p
          className={`envelope-draw is-${check}`}
          data-testid="envelope-draw-check"
          data-check={check}
        >
          {t(`promotions.draw.${check}`)}
          {campaign.seed ? (
            <span className="envelope-proof__seed muted">
              {t('promotions.draw.seed')}:{' '}
              <code title={campaign.seed}>{shortCommitment(campaign.seed)}</code>
            </span>
          ) : null}
        </p>
      ) : (
        <p className="muted envelope-proof__hint">{t('promotions.commitment.hint')}</p>
      )}
    </div>
  );
}
