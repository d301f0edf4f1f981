import { create } from 'zustand';

export type IdentityDialog = 'login' | 'register' | 'password-change' | 'account-switch';

interface DialogState {
  open: IdentityDialog | null;
  /** `add` signs in one more account to switch to, keeping the current one valid. */
  loginMode: 'login' | 'add';
  /** Account name to prefill in the login form, e.g. after a failed account switch. */
  prefillAccount: string;
  openDialog(
    dialog: IdentityDialog,
    options?: { loginMode?: 'login' | 'add'; account?: string },
  ): void;
  closeDialogs(): void;
}

export const useDialogStore = create<DialogState>()((set) => ({
  open: null,
  loginMode: 'login',
  prefillAccount: '',
  openDialog: (dialog, options = {}) =>
    set({
      open: dialog,
      loginMode: options.loginMode ?? 'login',
      prefillAccount: options.account ?? '',
    }),
  closeDialogs: () => set({ open: null, loginMode: 'login', prefillAccount: '' }),
}));
