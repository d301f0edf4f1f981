import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { useDialogStore } from '../../../lib/session/dialog-store';
import { useRegisterForm } from '../hooks/use-register-form';
import { QuickAccountCreate } from './quick-account-create';

export function RegisterDialog() {
  const { t } = useTranslation();
  const closeDialogs = useDialogStore((state) => state.closeDialogs);
  const openDialog = useDialogStore((state) => state.openDialog);
  const form = useRegisterForm();

  return (
    <Modal title={t('registerPanel.title')} onClose={closeDialogs} testId="register-dialog">
      <form className="form" onSubmit={form.submit} noValidate>
        <TextField
          label={t('registerPanel.account')}
          hint={t('registerPanel.accountRule')}
          value={form.values.account}
          onValueChange={form.setField('account')}
          testId="register-account"
          autoComplete="username"
          maxLength={16}
          error={form.errors.account}
        />
        <TextField
          label={t('registerPanel.password')}
          hint={t('registerPanel.passwordRule')}
          type="password"
          value={form.values.password}
          onValueChange={form.setField('password')}
          testId="register-password"
          autoComplete="new-password"
          maxLength={20}
          error={form.errors.password}
        />
        <TextField
          label={t('registerPanel.confirm')}
          type="password"
          value={form.values.confirm}
          onValueChange={form.setField('confirm')}
          testId="register-confirm"
          autoComplete="new-password"
          maxLength={20}
          error={form.errors.confirm}
        />
        <TextField
          label={t('registerPanel.promoteCode')}
          value={form.promoteCode}
          onValueChange={form.setPromoteCode}
          testId="register-promote-code"
          maxLength={32}
        />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={form.isPending}
          data-testid="register-submit"
        >
          {t('registerPanel.submit')}
        </button>
      </form>
      <QuickAccountCreate />
      <p className="form__switch">
        {t('registerPanel.haveAccount')}{' '}
        <button type="button" className="link-button" onClick={() => openDialog('login')}>
          {t('registerPanel.toLogin')}
        </button>
      </p>
    </Modal>
  );
}
