import type { FreeBet } from '@sb/contract';
import { formatDisplayAmount, fromOddsUnits } from '@sb/domain';
import { useTranslation } from 'react-i18next';
import { formatDisplayTime } from '../../../lib/display-time';
import { type FreeBetOwner, useFreeBets } from '../../../lib/free-bets/free-bet-list';
import { freeBetShelfOf, hasFreeBets } from '../model/free-bets';

/**
 * The member's free bets in the center wallet (docs/promotions.md, Free bets): the available
 * ones with their amount, least odds and when they must be used by, then the latest used (with
 * the order they staked) and expired ones. Drawn only when the member has any.
 */
export function FreeBets({ owner }: { owner: FreeBetOwner }) {
  const { t } = useTranslation();
  const list = useFreeBets(owner);
  const shelf = freeBetShelfOf(list.data?.records ?? [], Date.now());
  if (!hasFreeBets(shelf)) return null;
  return (
    <section className="wallet-free-bets" data-testid="free-bet-list">
      <h3 className="wallet-subtitle">{t('walletUi.centerWallet.freeBets.title')}</h3>
      {shelf.available.length > 0 ? (
        <>
          <p className="wallet-note">{t('walletUi.centerWallet.freeBets.hint')}</p>
          <ul className="wallet-free-bets__list">
            {shelf.available.map((freeBet) => (
              <FreeBetItem key={freeBet.id} freeBet={freeBet} />
            ))}
          </ul>
        </>
      ) : null}
      {shelf.history.length > 0 ? (
        <>
          <h4 className="wallet-free-bets__history-title">
            {t('walletUi.centerWallet.freeBets.history')}
          </h4>
          <ul className="wallet-free-bets__list">
            {shelf.history.map((freeBet) => (
              <FreeBetItem key={freeBet.id} freeBet={freeBet} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function FreeBetItem({ freeBet }: { freeBet: FreeBet }) {
  const { t } = useTranslation();
  const amount = `${formatDisplayAmount(freeBet.amount, freeBet.scale)} ${freeBet.currencyCode}`;
  const isAvailable = freeBet.status === 'available';
  return (
    <li
      className={`wallet-free-bets__item is-${freeBet.status}`}
      data-testid="free-bet-item"
      data-free-bet-id={freeBet.id}
      data-status={freeBet.status}
      data-amount={freeBet.amount}
    >
      <div className="wallet-free-bets__head">
        <strong>{t('walletUi.centerWallet.freeBets.amount', { amount })}</strong>
        <span className={`wallet-free-bets__status is-${freeBet.status}`}>
          {t(`walletUi.centerWallet.freeBets.${freeBet.status}`)}
        </span>
      </div>
      {freeBet.title ? (
        <span className="wallet-free-bets__title muted">{freeBet.title}</span>
      ) : null}
      <dl className="wallet-rollover__terms">
        {isAvailable ? (
          <>
            <div>
              <dt>{t('walletUi.centerWallet.freeBets.expires')}</dt>
              <dd data-testid="free-bet-expires">{formatDisplayTime(freeBet.expiresAt)}</dd>
            </div>
            <div>
              <dd data-testid="free-bet-min-odds" data-odds={freeBet.minOdds}>
                {freeBet.minOdds > 0
                  ? t('walletUi.centerWallet.freeBets.minOdds', {
                      odds: fromOddsUnits(freeBet.minOdds).toFixed(2),
                    })
                  : t('walletUi.centerWallet.freeBets.anyOdds')}
              </dd>
            </div>
          </>
        ) : (
          <div>
            <dd data-testid="free-bet-ended">
              {freeBet.status === 'used' && freeBet.orderNo
                ? t('walletUi.centerWallet.freeBets.usedOn', { orderNo: freeBet.orderNo })
                : t('walletUi.centerWallet.freeBets.expiredAt', {
                    time: formatDisplayTime(freeBet.expiresAt),
                  })}
            </dd>
          </div>
        )}
      </dl>
    </li>
  );
}
