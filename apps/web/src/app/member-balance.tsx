import { useCallback, useMemo } from 'react';
import { profileQueryKey } from '../features/identity/api/member-profile';
import { selectIsMember, useSessionStore } from '../features/identity/store/session-store';
import { HeaderBalance } from '../features/wallet/components/header-balance';
import type { WalletMember } from '../features/wallet/components/wallet-context';
import { WalletEntry } from '../features/wallet/components/wallet-entry';
import { useBalanceLifecycle } from '../features/wallet/hooks/use-balance-lifecycle';
import { useBalancePush } from '../features/wallet/hooks/use-balance-push';
import { queryClient } from '../lib/query-client';

/**
 * The active member's balance for the header, with the way into the wallet. The wallet gets the
 * profile facts it needs from here, so it does not reach into the identity feature itself.
 */
export function MemberBalance() {
  const session = useSessionStore((state) => state.session);
  const userInfo = useSessionStore((state) => state.userInfo);
  const setUserInfo = useSessionStore((state) => state.setUserInfo);

  const onWithdrawPasswordSet = useCallback(() => {
    const current = useSessionStore.getState().userInfo;
    if (current) setUserInfo({ ...current, hasWithdrawPwd: true });
    void queryClient.invalidateQueries({ queryKey: profileQueryKey(session?.uid, session?.token) });
  }, [session, setUserInfo]);

  const member = useMemo<WalletMember | null>(
    () =>
      session && session.memberId > 0
        ? {
            owner: session,
            // Until the profile arrives nothing is known, so the pop-up waits rather than guesses.
            hasWithdrawPassword: userInfo?.hasWithdrawPwd ?? true,
            onWithdrawPasswordSet,
          }
        : null,
    [session, userInfo, onWithdrawPasswordSet],
  );

  if (!member || !session) return null;
  // Demo players hold demo money that never leaves the site: the balance shows, the wallet does not.
  const isDemo = session.pUid > 0;
  return (
    <>
      <HeaderBalance owner={session} />
      {isDemo ? null : <WalletEntry member={member} />}
    </>
  );
}

/** Loads the balance on login success and account switches, drops it when the member leaves, and
 * takes the balance pushes of `/app/socket`. */
export function useMemberBalanceLifecycle(): void {
  useBalanceLifecycle(useSessionStore(selectIsMember));
  useBalancePush();
}
