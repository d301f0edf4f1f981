import type { Bonus } from '@sb/contract';
import { findCurrencyById, formatDisplayAmount } from '@sb/domain';
import { useTranslation } from 'react-i18next';
import { formatDisplayTime } from '../../../lib/display-time';
import { rolloverProgressOf } from '../model/rollover';

/**
 * Each active bonus's rollover (docs/promotions.md): the bonus, the stakes counted of those
 * asked for with a bar and the percentage, when what is not played through expires, and the
 * largest stake that counts. Drawn only when the member has an active bonus.
 */
export function BonusRollover({ bonuses }: { bonuses: readonly Bonus[] }) {
  const { t } = useTranslation();
  if (bonuses.length === 0) return null;
  return (
    <section className="wallet-rollover" data-testid="bonus-rollover">
      <h3 className="wallet-subtitle">{t('walletUi.centerWallet.rollover.title')}</h3>
      <ul className="wallet-rollover__list">
        {bonuses.map((bonus) => (
          <RolloverItem key={bonus.id} bonus={bonus} />
        ))}
      </ul>
    </section>
  );
}

function RolloverItem({ bonus }: { bonus: Bonus }) {
  const { t } = useTranslation();
  const progress = rolloverProgressOf(bonus);
  const currency = findCurrencyById(bonus.currencyId)?.currencyCode ?? '';
  const money = (minor: number) => `${formatDisplayAmount(minor, bonus.scale)} ${currency}`.trim();
  return (
    <li
      className="wallet-rollover__item"
      data-testid="rollover-progress"
      data-bonus-id={bonus.id}
      data-counted={progress.countedMinor}
      data-required={progress.requiredMinor}
    >
      <div className="wallet-rollover__head">
        <strong>
          {t('walletUi.centerWallet.rollover.bonus', { amount: money(bonus.amount) })}
        </strong>
        <span className="muted">×{bonus.rolloverMultiple}</span>
      </div>
      <div
        className="wallet-rollover__bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={progress.requiredMinor}
        aria-valuenow={Math.min(progress.countedMinor, progress.requiredMinor)}
        aria-valuetext={progress.percentText}
      >
        <span style={{ width: `${progress.share * 100}%` }} />
      </div>
      <div className="wallet-rollover__figures">
        <span data-testid="rollover-counted">
          {t('walletUi.centerWallet.rollover.counted', {
            counted: money(progress.countedMinor),
            required: money(progress.requiredMinor),
          })}
        </span>
        <strong data-testid="rollover-percent">{progress.percentText}</strong>
      </div>
      <dl className="wallet-rollover__terms">
        <div>
          <dt>{t('walletUi.centerWallet.rollover.expires')}</dt>
          <dd data-testid="rollover-expires">{formatDisplayTime(bonus.expiresAt)}</dd>
        </div>
        <div>
          <dt>{t('walletUi.centerWallet.rollover.maxStake')}</dt>
          <dd data-testid="rollover-max-stake">
            {bonus.maxStake > 0
              ? money(bonus.maxStake)
              : t('walletUi.centerWallet.rollover.noMaxStake')}
          </dd>
        </div>
      </dl>
    </li>
  );
}
