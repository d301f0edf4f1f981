import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onAppSocketEvent, onAppSocketReconnect } from '../../../lib/app-socket';
import { refreshWalletBalance, walletBalanceRootKey } from '../../../lib/balance/wallet-balance';

/**
 * docs/loans.md balance pushes: each `balance` event holds the member's whole balance list, as
 * the balance call answers it, so it replaces the cached answer and every view of it redraws.
 * Pushes sent while the account socket was down are lost, so a reconnection reads it again.
 */
export function useBalancePush(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stopPushes = onAppSocketEvent('balance', (entries) => {
      queryClient.setQueriesData({ queryKey: walletBalanceRootKey }, entries);
    });
    const stopReconnects = onAppSocketReconnect(() => void refreshWalletBalance(queryClient));
    return () => {
      stopPushes();
      stopReconnects();
    };
  }, [queryClient]);
}
