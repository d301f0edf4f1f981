import type { FreeBet } from '@sb/contract';
import { formatDisplayAmount, fromOddsUnits } from '@sb/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDisplayTime } from '../../../lib/display-time';
import { type FreeBetSlot, isBelowFreeBetOdds, totalOddsUnitsOf } from '../model/free-bet-choice';

const oddsText = (units: number) => fromOddsUnits(units).toFixed(2);

/** One free bet as the choice lists it, short enough for the slip: amount and least odds. */
function optionText(freeBet: FreeBet, t: TFunction): string {
  const values = {
    amount: `${formatDisplayAmount(freeBet.amount, freeBet.scale)} ${freeBet.currencyCode}`,
    odds: oddsText(freeBet.minOdds),
  };
  return t(freeBet.minOdds > 0 ? 'slip.freeBetOption' : 'slip.freeBetOptionAnyOdds', values);
}

/** The chosen free bet's terms under the choice: when it must be used by, and its least odds. */
function termsText(freeBet: FreeBet, t: TFunction): string {
  const values = { time: formatDisplayTime(freeBet.expiresAt), odds: oddsText(freeBet.minOdds) };
  return t(freeBet.minOdds > 0 ? 'slip.freeBetTerms' : 'slip.freeBetTermsAnyOdds', values);
}

/**
 * "Use a free bet" on the slip's bet: the member's free bets of the slip's currency, or their
 * own money. Shown only when the member has one; a slip of several singles (which share one
 * stake) says how to use one instead. With one chosen, the slip says the free bet pays the stake
 * and warns when the bet's total odds are below what the free bet asks.
 */
export function FreeBetChoice({
  offered,
  slot,
  chosen,
  legOdds,
  onChoose,
}: {
  offered: readonly FreeBet[];
  slot: FreeBetSlot;
  chosen: FreeBet | null;
  /** The decimal odds of the bet's legs: one for a single, every leg of the parlay. */
  legOdds: readonly number[];
  onChoose(freeBetId: number | null): void;
}) {
  const { t } = useTranslation();
  if (offered.length === 0 || slot === 'none') return null;
  if (slot === 'severalSingles')
    return (
      <p className="slip-note" data-testid="free-bet-several">
        {t('slip.freeBetSeveralSingles')}
      </p>
    );
  const isBelow = chosen !== null && isBelowFreeBetOdds(chosen, legOdds);
  return (
    <div className="slip-free-bet">
      <label className="field">
        <span className="field__label">{t('slip.freeBetChoose')}</span>
        <select
          className="field__input"
          value={chosen?.id ?? ''}
          onChange={(event) =>
            onChoose(event.target.value === '' ? null : Number(event.target.value))
          }
          data-testid="free-bet-choice"
          data-chosen={chosen?.id ?? ''}
        >
          <option value="">{t('slip.freeBetNone')}</option>
          {offered.map((freeBet) => (
            <option key={freeBet.id} value={freeBet.id}>
              {optionText(freeBet, t)}
            </option>
          ))}
        </select>
      </label>
      {chosen ? (
        <>
          <p className="slip-free-bet__terms" data-testid="free-bet-terms">
            {termsText(chosen, t)}
          </p>
          <p className="slip-note" data-testid="free-bet-pays">
            {t('slip.freeBetPays')}
          </p>
        </>
      ) : null}
      {isBelow && chosen ? (
        <p className="notice slip-stake__problem" role="alert" data-testid="free-bet-odds-low">
          {t('slip.freeBetOddsTooLow', {
            min: oddsText(chosen.minOdds),
            odds: oddsText(totalOddsUnitsOf(legOdds)),
          })}
        </p>
      ) : null}
    </div>
  );
}
