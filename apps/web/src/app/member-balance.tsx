import type { UserInfo } from '@sb/contract';
import { useCallback, useMemo } from 'react';
import { useUserType } from '../features/identity/api/user-type';
import { adoptSession } from '../features/identity/services/identity-state';
import {
  hasPlaceholderPassword,
  useQuickAccountStore,
} from '../features/identity/store/quick-account-store';
import { HeaderBalance } from '../features/wallet/components/header-balance';
import type { MoneyOutBlock, WalletMember } from '../features/wallet/components/wallet-context';
import { WalletEntry } from '../features/wallet/components/wallet-entry';
import { useBalanceLifecycle } from '../features/wallet/hooks/use-balance-lifecycle';
import { useBalancePush } from '../features/wallet/hooks/use-balance-push';
import { useWalletScreenStore } from '../features/wallet/store/wallet-screen-store';
import { queryClient } from '../lib/query-client';
import { profileQueryKey } from '../lib/session/member-profile';
import { selectIsMember, useSessionStore } from '../lib/session/session-store';

/**
 * The active member's balance for the header, with the way into the wallet. The wallet gets the
 * profile facts it needs from here, so it does not reach into the identity feature itself.
 */
export function MemberBalance() {
  const session = useSessionStore((state) => state.session);
  const userInfo = useSessionStore((state) => state.userInfo);
  const setUserInfo = useSessionStore((state) => state.setUserInfo);
  const isOnPlaceholder = useSessionStore(hasPlaceholderPassword);
  const isMember = session !== null && session.memberId > 0;
  // Which screens the token may see is the server's word (apps/web/README.md, "User type").
  const tokenKind = useUserType(isMember ? { uid: session.uid, token: session.token } : null).data;

  const onWithdrawPasswordSet = useCallback(() => {
    const current = useSessionStore.getState().userInfo;
    if (current) setUserInfo({ ...current, hasWithdrawPwd: true });
    void queryClient.invalidateQueries({ queryKey: profileQueryKey(session?.uid, session?.token) });
  }, [session, setUserInfo]);

  // The play currency is the session's: stored with it, so the slip and a reload follow.
  const onPlayCurrencyChange = useCallback((changed: UserInfo) => {
    const active = useSessionStore.getState().session;
    if (!active || active.memberId !== changed.memberId) return;
    const { currencyCode, currencyId, assetID } = changed;
    adoptSession({ ...active, currencyCode, currencyId, assetID });
    useSessionStore.getState().setUserInfo(changed);
    void queryClient.invalidateQueries({ queryKey: profileQueryKey(active.uid, active.token) });
  }, []);

  const onSetOwnPassword = useCallback(() => {
    useWalletScreenStore.getState().close();
    useQuickAccountStore.getState().openDialog();
  }, []);

  const moneyOutBlock: MoneyOutBlock = tokenKind?.isPartner
    ? 'partner'
    : isOnPlaceholder
      ? 'ownPasswordFirst'
      : null;
  const member = useMemo<WalletMember | null>(
    () =>
      session && session.memberId > 0
        ? {
            owner: session,
            // Until the profile arrives nothing is known, so the pop-up waits rather than guesses.
            hasWithdrawPassword: userInfo?.hasWithdrawPwd ?? true,
            onWithdrawPasswordSet,
            moneyOutBlock,
            onSetOwnPassword,
            onPlayCurrencyChange,
          }
        : null,
    [
      session,
      userInfo,
      onWithdrawPasswordSet,
      moneyOutBlock,
      onSetOwnPassword,
      onPlayCurrencyChange,
    ],
  );

  if (!member || !session) return null;
  const hasWallet = hasWalletFor(tokenKind);
  return (
    <>
      <HeaderBalance owner={session} {...(hasWallet ? { onPlayCurrencyChange } : {})} />
      {hasWallet ? <WalletEntry member={member} /> : null}
    </>
  );
}

/**
 * Demo players hold demo money that never leaves the site: the balance shows, the wallet does
 * not. The wallet waits for the server to say what the token is.
 */
function hasWalletFor(tokenKind: ReturnType<typeof useUserType>['data']): boolean {
  return tokenKind !== undefined && !tokenKind.isDemo && !tokenKind.isVisitor;
}

/** Whether the signed-in player is offered the wallet (the header's button, the account menu). */
export function useHasWallet(): boolean {
  const session = useSessionStore((state) => state.session);
  const isMember = session !== null && session.memberId > 0;
  return hasWalletFor(
    useUserType(isMember ? { uid: session.uid, token: session.token } : null).data,
  );
}

/** Loads the balance on login success and account switches, drops it when the member leaves, and
 * takes the balance pushes of `/app/socket`. */
export function useMemberBalanceLifecycle(): void {
  useBalanceLifecycle(useSessionStore(selectIsMember));
  useBalancePush();
}
