import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appEvents } from '../../../lib/app-events';
import { useBalanceLoadStore } from '../../../lib/balance/balance-store';
import { walletBalanceRootKey } from '../../../lib/balance/wallet-balance';

/**
 * Keeps the balance in step with who is here. SPEC §4: login success (an account switch is one
 * too) loads the balance, announced by the login-complete event; when no member is here any more
 * (logout, a password change, a 403) the balances read so far are dropped. Call it once, at the
 * app's root.
 */
export function useBalanceLifecycle(isMember: boolean): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const reload = () => useBalanceLoadStore.getState().startNewRound();
    window.addEventListener(appEvents.loginComplete, reload);
    return () => window.removeEventListener(appEvents.loginComplete, reload);
  }, []);

  useEffect(() => {
    if (!isMember) queryClient.removeQueries({ queryKey: walletBalanceRootKey });
  }, [isMember, queryClient]);
}
