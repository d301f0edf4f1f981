import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { useSessionStore } from '../../../lib/session/session-store';
import { replacePlaceholderPassword } from '../services/quick-account-flow';
import { useQuickAccountStore } from '../store/quick-account-store';
import { checkQuickAccountPasswordForm } from '../utils/quick-account-rules';

type Field = 'password' | 'confirm';

/**
 * The quick account's name and the form that gives it a password of its own. Right after
 * creation it greets the member; later the banner opens it to finish the job.
 */
export function QuickAccountDialog() {
  const { t } = useTranslation();
  const account = useSessionStore((state) => state.session?.account ?? '');
  const isJustCreated = useQuickAccountStore((state) => state.isJustCreated);
  const closeDialog = useQuickAccountStore((state) => state.closeDialog);
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [isSaving, setSaving] = useState(false);

  const setField = (field: Field) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkQuickAccountPasswordForm(values);
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)])));
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await replacePlaceholderPassword(values.password);
    } catch {
      // The API client has shown the server's message; the form stays for another try.
      setSaving(false);
    }
  };

  return (
    <Modal
      title={isJustCreated ? t('quickAccount.createdTitle') : t('quickAccount.setTitle')}
      onClose={closeDialog}
      testId="quick-account-dialog"
    >
      <div className="quick-account__name">
        <span className="quick-account__label">{t('quickAccount.accountLabel')}</span>
        <strong data-testid="quick-account-name">{account}</strong>
      </div>
      <p className="quick-account__note">{t('quickAccount.explain')}</p>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('quickAccount.password')}
          hint={t('registerPanel.passwordRule')}
          type="password"
          value={values.password}
          onValueChange={setField('password')}
          testId="quick-account-password"
          autoComplete="new-password"
          maxLength={20}
          error={errors.password}
        />
        <TextField
          label={t('quickAccount.confirm')}
          type="password"
          value={values.confirm}
          onValueChange={setField('confirm')}
          testId="quick-account-confirm"
          autoComplete="new-password"
          maxLength={20}
          error={errors.confirm}
        />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={isSaving}
          data-testid="quick-account-submit"
        >
          {t('quickAccount.submit')}
        </button>
        <button
          type="button"
          className="button button--ghost button--block"
          onClick={closeDialog}
          data-testid="quick-account-later"
        >
          {t('quickAccount.later')}
        </button>
      </form>
    </Modal>
  );
}
