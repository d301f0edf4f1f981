import { loadedOnUse } from '../../../lib/loaded-on-use';
import { useDialogStore } from '../../../lib/session/dialog-store';

// Each window's form loads when it first opens: the first page does not carry them.
const LoginDialog = loadedOnUse(() =>
  import('./login-dialog').then((module) => module.LoginDialog),
);
const RegisterDialog = loadedOnUse(() =>
  import('./register-dialog').then((module) => module.RegisterDialog),
);
const PasswordChangeDialog = loadedOnUse(() =>
  import('./password-change-dialog').then((module) => module.PasswordChangeDialog),
);
const AccountSwitchDialog = loadedOnUse(() =>
  import('./account-switch-dialog').then((module) => module.AccountSwitchDialog),
);

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
