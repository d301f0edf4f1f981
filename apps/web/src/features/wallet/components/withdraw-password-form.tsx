import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field';
import { showToast } from '../../../lib/toast-store';
import { setWithdrawPassword } from '../api/withdraw-calls';
import { isCompletePassword, withdrawPasswordLength } from '../model/password-pad';
import { useWalletMember } from './wallet-context';

/** SPEC §5 set-form rules: both required; the withdrawal password is six digits. */
export function passwordFormErrors(loginPassword: string, password: string) {
  return {
    loginPwd: loginPassword === '' ? 'required' : null,
    pwd: password === '' ? 'required' : isCompletePassword(password) ? null : 'formatError',
  } as const;
}

/** SPEC §2 withdrawal-password set form: login password, new password, two warnings. */
export function WithdrawPasswordForm() {
  const { t } = useTranslation();
  const { hasWithdrawPassword, onWithdrawPasswordSet } = useWalletMember();
  const [loginPassword, setLoginPassword] = useState('');
  const [password, setPassword] = useState('');
  const [isChecked, setChecked] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const errors = passwordFormErrors(loginPassword, password);
  const errorText = (key: string | null) =>
    isChecked && key ? t(`walletUi.passwordForm.${key}`) : undefined;

  const submit = async () => {
    setChecked(true);
    if (errors.loginPwd || errors.pwd) return;
    setSaving(true);
    try {
      await setWithdrawPassword(loginPassword, password);
      onWithdrawPasswordSet();
      showToast('success', t('walletUi.pad.saved'));
      setLoginPassword('');
      setPassword('');
      setChecked(false);
    } catch {
      // The API client shows the server's message.
    } finally {
      setSaving(false);
    }
  };

  const loginError = errorText(errors.loginPwd);
  const pwdError = errorText(errors.pwd);
  return (
    <form
      className="wallet-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="password-form"
    >
      {hasWithdrawPassword ? (
        <p className="wallet-note">{t('walletUi.passwordForm.hasPassword')}</p>
      ) : null}
      <TextField
        label={t('walletUi.passwordForm.loginPwd')}
        type="password"
        autoComplete="current-password"
        value={loginPassword}
        onValueChange={setLoginPassword}
        testId="password-form-login"
        {...(loginError ? { error: loginError } : {})}
      />
      <TextField
        label={t('walletUi.passwordForm.pwd')}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        maxLength={withdrawPasswordLength}
        placeholder={t('walletUi.passwordForm.pwdPlaceholder')}
        value={password}
        onValueChange={setPassword}
        testId="password-form-pwd"
        {...(pwdError ? { error: pwdError } : {})}
      />
      <ul className="wallet-warnings">
        <li>{t('walletUi.passwordForm.warning1')}</li>
        <li>{t('walletUi.passwordForm.warning2')}</li>
      </ul>
      <button
        type="submit"
        className="button button--primary wallet-submit"
        disabled={isSaving}
        data-testid="password-form-submit"
      >
        {t('walletUi.passwordForm.submit')}
      </button>
    </form>
  );
}
