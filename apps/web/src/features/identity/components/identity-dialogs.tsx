import { useDialogStore } from '../store/dialog-store';
import { AccountSwitchDialog } from './account-switch-dialog';
import { LoginDialog } from './login-dialog';
import { PasswordChangeDialog } from './password-change-dialog';
import { RegisterDialog } from './register-dialog';

/** Whichever identity popup is open; only one at a time (SPEC §4 closes popups on login). */
export function IdentityDialogs() {
  const open = useDialogStore((state) => state.open);
  const loginMode = useDialogStore((state) => state.loginMode);
  const prefillAccount = useDialogStore((state) => state.prefillAccount);
  // A new key starts the form afresh when the login window is reopened for another purpose.
  if (open === 'login') return <LoginDialog key={`${loginMode}:${prefillAccount}`} />;
  if (open === 'register') return <RegisterDialog />;
  if (open === 'password-change') return <PasswordChangeDialog />;
  if (open === 'account-switch') return <AccountSwitchDialog />;
  return null;
}
