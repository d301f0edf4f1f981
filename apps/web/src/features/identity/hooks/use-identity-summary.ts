import { selectMemberId, selectSource, useSessionStore } from '../../../lib/session/session-store';
import { browserStorages, storageKeys } from '../../../lib/storage';

export interface IdentitySummary {
  memberId: number;
  account: string | null;
  isMember: boolean;
  isDemo: boolean;
  isXyUser: boolean;
  source: number;
  isResolving: boolean;
}

/** Until the profile arrives, the brand flag stored by the last visit decides (SPEC §3 `_xy`). */
function storedIsXyUser(): boolean {
  return browserStorages().local.getItem(storageKeys.isXyUser) === 'true';
}

/** What the rest of the app needs to know about who is here, for layout and brand choices. */
export function useIdentitySummary(): IdentitySummary {
  const memberId = useSessionStore(selectMemberId);
  const account = useSessionStore((state) => state.session?.account ?? null);
  const kind = useSessionStore((state) => state.kind);
  const source = useSessionStore(selectSource);
  const isResolving = useSessionStore((state) => state.isResolving);
  const isXyUser = useSessionStore((state) => state.userInfo?.isXyUser ?? storedIsXyUser());
  return {
    memberId,
    account,
    isMember: memberId > 0,
    isDemo: kind === 'demo',
    isXyUser,
    source,
    isResolving,
  };
}
