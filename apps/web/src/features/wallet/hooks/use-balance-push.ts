import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onAppSocketEvent } from '../../../lib/app-socket';
import { walletBalanceRootKey } from '../api/wallet-balance';

/**
 * docs/loans.md balance pushes: each `balance` event holds the member's whole balance list, as
 * the balance call answers it, so it replaces the cached answer and every view of it redraws.
 */
export function useBalancePush(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAppSocketEvent('balance', (entries) => {
        queryClient.setQueriesData({ queryKey: walletBalanceRootKey }, entries);
      }),
    [queryClient],
  );
}
