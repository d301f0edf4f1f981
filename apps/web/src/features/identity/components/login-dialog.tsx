import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { useDialogStore } from '../../../lib/session/dialog-store';
import { useLoginForm } from '../hooks/use-login-form';
import { CaptchaField } from './captcha-field';

export function LoginDialog() {
  const { t } = useTranslation();
  const closeDialogs = useDialogStore((state) => state.closeDialogs);
  const openDialog = useDialogStore((state) => state.openDialog);
  const form = useLoginForm();
  const title = form.loginMode === 'add' ? t('loginPanel.addTitle') : t('loginPanel.title');

  return (
    <Modal title={title} onClose={closeDialogs} testId="login-dialog">
      <form className="form" onSubmit={form.submit} noValidate>
        <TextField
          label={t('loginPanel.account')}
          placeholder={t('loginPanel.accountPlaceholder')}
          value={form.fields.account}
          onValueChange={form.setAccount}
          testId="login-account"
          autoComplete="username"
          maxLength={32}
          error={form.errors.account}
        />
        <TextField
          label={t('loginPanel.password')}
          placeholder={t('loginPanel.passwordPlaceholder')}
          type="password"
          value={form.fields.password}
          onValueChange={form.setPassword}
          testId="login-password"
          autoComplete="current-password"
          maxLength={64}
          error={form.errors.password}
        />
        {form.isCaptchaShown ? (
          <CaptchaField
            captchaId={form.captcha.data?.captchaId}
            image={form.captcha.data?.image}
            value={form.fields.captchaCode}
            onValueChange={form.setCaptchaCode}
            onRefresh={form.refreshCaptcha}
            error={form.errors.captcha}
          />
        ) : null}
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.fields.isSaveAccountOn}
            onChange={(event) => form.setSaveAccountOn(event.target.checked)}
            data-testid="login-save-account"
          />
          {t('loginPanel.saveAccount')}
        </label>
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={form.isPending}
          data-testid="login-submit"
        >
          {t('loginPanel.submit')}
        </button>
      </form>
      {form.loginMode === 'login' ? (
        <p className="form__switch">
          {t('loginPanel.noAccount')}{' '}
          <button type="button" className="link-button" onClick={() => openDialog('register')}>
            {t('loginPanel.toRegister')}
          </button>
        </p>
      ) : null}
    </Modal>
  );
}
