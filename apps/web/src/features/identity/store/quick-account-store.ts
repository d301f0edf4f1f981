import type { Session, UserInfo } from '@sb/contract';
import { create } from 'zustand';
import type { IdentityKind } from '../../../lib/session/session-store';

interface QuickAccountState {
  /** The set-password dialog of a quick account. */
  isDialogOpen: boolean;
  /** Opened right after creation: it then greets the member with the new account name. */
  isJustCreated: boolean;
  openDialog(isJustCreated?: boolean): void;
  closeDialog(): void;
}

export const useQuickAccountStore = create<QuickAccountState>()((set) => ({
  isDialogOpen: false,
  isJustCreated: false,
  openDialog: (isJustCreated = false) => set({ isDialogOpen: true, isJustCreated }),
  closeDialog: () => set({ isDialogOpen: false, isJustCreated: false }),
}));

/**
 * Whether the active member is a quick account still on its placeholder password: the profile's
 * word once it has loaded, the session's until then (docs/identity.md "Quick accounts").
 */
export function hasPlaceholderPassword(state: {
  kind: IdentityKind | null;
  session: Session | null;
  userInfo: UserInfo | null;
}): boolean {
  if (state.kind !== 'member' || !state.session) return false;
  return state.userInfo?.hasPlaceholderPassword ?? state.session.hasPlaceholderPassword;
}
