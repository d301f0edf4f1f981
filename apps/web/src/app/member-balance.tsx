import { selectIsMember, useSessionStore } from '../features/identity/store/session-store';
import { HeaderBalance } from '../features/wallet/components/header-balance';
import { useBalanceLifecycle } from '../features/wallet/hooks/use-balance-lifecycle';

/** The active member's balance for the header; partner players' sessions carry their channel. */
export function MemberBalance() {
  const session = useSessionStore((state) => state.session);
  if (!session || session.memberId <= 0) return null;
  return <HeaderBalance owner={session} />;
}

/** Loads the balance on login success and account switches, and drops it when the member leaves. */
export function useMemberBalanceLifecycle(): void {
  useBalanceLifecycle(useSessionStore(selectIsMember));
}
