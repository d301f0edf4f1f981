import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { useDialogStore } from '../../../lib/session/dialog-store';
import { usePasswordChangeForm } from '../hooks/use-password-change-form';

export function PasswordChangeDialog() {
  const { t } = useTranslation();
  const closeDialogs = useDialogStore((state) => state.closeDialogs);
  const { values, setField, errors, isPending, submit } = usePasswordChangeForm();

  return (
    <Modal title={t('passwordPanel.title')} onClose={closeDialogs} testId="password-change-dialog">
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('passwordPanel.old')}
          type="password"
          value={values.oldPassword}
          onValueChange={setField('oldPassword')}
          testId="password-change-old"
          autoComplete="current-password"
          maxLength={64}
          error={errors.oldPassword}
        />
        <TextField
          label={t('passwordPanel.new')}
          hint={t('registerPanel.passwordRule')}
          type="password"
          value={values.newPassword}
          onValueChange={setField('newPassword')}
          testId="password-change-new"
          autoComplete="new-password"
          maxLength={20}
          error={errors.newPassword}
        />
        <TextField
          label={t('passwordPanel.confirm')}
          type="password"
          value={values.confirm}
          onValueChange={setField('confirm')}
          testId="password-change-confirm"
          autoComplete="new-password"
          maxLength={20}
          error={errors.confirm}
        />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={isPending}
          data-testid="password-change-submit"
        >
          {t('passwordPanel.submit')}
        </button>
      </form>
    </Modal>
  );
}
