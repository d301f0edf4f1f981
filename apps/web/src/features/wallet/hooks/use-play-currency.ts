import type { BalanceEntry, UserInfo } from '@sb/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BalanceOwner, refreshWalletBalance } from '../../../lib/balance/wallet-balance';
import { showToast } from '../../../lib/toast-store';
import { changePlayCurrency } from '../api/play-currency';

/**
 * Changes the play currency (the header's menu, its offer and the center wallet all use it):
 * the server's answer goes to `onChange`, which stores it in the session, then the balance is
 * read again. Errors are said by the API client; the play currency then stays as it was.
 */
export function usePlayCurrency(
  owner: BalanceOwner,
  onChange: ((userInfo: UserInfo) => void) | undefined,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isChanging, setIsChanging] = useState(false);

  async function playIn(entry: Pick<BalanceEntry, 'currencyId' | 'assetID'>) {
    if (!onChange || entry.assetID === owner.assetID) return;
    setIsChanging(true);
    try {
      const userInfo = await changePlayCurrency(owner, entry.currencyId);
      onChange(userInfo);
      showToast('success', t('walletUi.playCurrency.changed', { currency: userInfo.currencyCode }));
      await refreshWalletBalance(queryClient);
    } catch {
      // Already said by the API client.
    } finally {
      setIsChanging(false);
    }
  }

  return { isChanging, playIn, canChange: onChange !== undefined };
}
