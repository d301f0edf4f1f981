import type { EnvelopeClaim, MemberEnvelope } from '@sb/contract';
import { findCurrencyById, formatDisplayAmount, fromOddsUnits } from '@sb/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { refreshWalletBalance } from '../../../lib/balance/wallet-balance';
import { refreshFreeBets } from '../../../lib/free-bets/free-bet-list';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { grabEnvelope, promotionsRootKey, refusalKeyOf } from '../api/promotion-calls';
import { EnvelopeAmount } from './envelope-amount';

/** The code a campaign's amounts are in; the id itself for a currency the site does not know. */
export function currencyCodeOf(currencyId: number): string {
  return findCurrencyById(currencyId)?.currencyCode ?? `#${currencyId}`;
}

/** What one envelope holds: a range, or the one amount when every envelope is the same. */
export function amountsTextOf(campaign: MemberEnvelope, t: TFunction): string {
  const currency = currencyCodeOf(campaign.currencyId);
  const money = (minor: number) => formatDisplayAmount(minor, campaign.scale);
  return campaign.minAmount === campaign.maxAmount
    ? t('promotions.amountsFixed', { amount: money(campaign.minAmount), currency })
    : t('promotions.amounts', {
        min: money(campaign.minAmount),
        max: money(campaign.maxAmount),
        currency,
      });
}

/**
 * The opened red envelope: Grab sends the grab once with a key made when the envelope was
 * opened, so a tap after a lost answer asks for the same envelope; once the server answers, the
 * amount counts up and the list and the balance are read again. A refusal shows the
 * catalogue's words in the member's language.
 */
export function EnvelopeDialog({
  campaign,
  onClose,
}: {
  campaign: MemberEnvelope;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = useRef(newIdempotencyKey());
  const [isGrabbing, setIsGrabbing] = useState(false);
  const [claim, setClaim] = useState<EnvelopeClaim | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const grab = async () => {
    setIsGrabbing(true);
    setRefusal(null);
    try {
      setClaim(await grabEnvelope(campaign.id, key.current));
      void queryClient.invalidateQueries({ queryKey: promotionsRootKey });
      void refreshWalletBalance(queryClient);
      void refreshFreeBets(queryClient);
    } catch (error) {
      const refusalKey = refusalKeyOf(error);
      setRefusal(refusalKey ? t(refusalKey) : error instanceof Error ? error.message : '');
      // Answered by the server: a later tap is a new grab, whatever it said.
      if (refusalKey) {
        key.current = newIdempotencyKey();
        void queryClient.invalidateQueries({ queryKey: promotionsRootKey });
      }
    } finally {
      setIsGrabbing(false);
    }
  };

  return (
    <Modal title={campaign.title} onClose={onClose} testId="envelope-dialog">
      <div className={claim ? 'envelope-card is-open' : 'envelope-card'}>
        <div className="envelope-card__flap" aria-hidden="true" />
        {claim ? (
          <div className="envelope-card__inside">
            <p className="envelope-card__label">
              {t(
                claim.money === 'free_bet'
                  ? 'promotions.envelope.youGotFreeBet'
                  : 'promotions.envelope.youGot',
              )}
            </p>
            <EnvelopeAmount
              amountMinor={claim.amount}
              scale={claim.scale}
              currencyCode={currencyCodeOf(claim.currencyId)}
            />
            <ClaimNote campaign={campaign} claim={claim} />
          </div>
        ) : (
          <button
            type="button"
            className="envelope-card__seal"
            onClick={() => void grab()}
            disabled={isGrabbing}
            data-testid="envelope-grab"
          >
            {isGrabbing ? t('promotions.envelope.grabbing') : t('promotions.envelope.grab')}
          </button>
        )}
      </div>
      {refusal ? (
        <p className="envelope-error" role="alert" data-testid="envelope-error">
          {refusal}
        </p>
      ) : null}
      {claim ? (
        <button
          type="button"
          className="button button--primary button--block"
          onClick={onClose}
          data-testid="envelope-done"
        >
          {t('promotions.envelope.close')}
        </button>
      ) : (
        <p className="muted envelope-dialog__range">{amountsTextOf(campaign, t)}</p>
      )}
    </Modal>
  );
}

/**
 * What the money grabbed is: cash in the balance, bonus money with what its rollover asks, or a
 * free bet with the days to use it and the least odds of its bet.
 */
export function ClaimNote({ campaign, claim }: { campaign: MemberEnvelope; claim: EnvelopeClaim }) {
  const { t } = useTranslation();
  const currency = currencyCodeOf(claim.currencyId);
  if (claim.money === 'cash') return <p className="muted">{t('promotions.envelope.cashNote')}</p>;
  if (claim.money === 'free_bet')
    return (
      <>
        <p className="muted" data-testid="envelope-free-bet-note">
          {t('promotions.envelope.freeBetNote', { currency, days: campaign.bonusDays })}
        </p>
        {campaign.freeBetMinOdds > 0 ? (
          <p className="muted">
            {t('promotions.envelope.freeBetOddsNote', {
              odds: fromOddsUnits(campaign.freeBetMinOdds).toFixed(2),
            })}
          </p>
        ) : null}
      </>
    );
  return (
    <>
      <p className="muted">
        {t('promotions.envelope.bonusNote', {
          required: formatDisplayAmount(claim.amount * campaign.rolloverMultiple, claim.scale),
          currency,
          multiple: campaign.rolloverMultiple,
          days: campaign.bonusDays,
        })}
      </p>
      {campaign.maxStake > 0 ? (
        <p className="muted">
          {t('promotions.envelope.maxStakeNote', {
            amount: formatDisplayAmount(campaign.maxStake, claim.scale),
            currency,
          })}
        </p>
      ) : null}
    </>
  );
}
