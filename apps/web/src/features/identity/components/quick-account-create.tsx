import { useTranslation } from 'react-i18next';
import { useCreateQuickAccount } from '../api/member-create-quick-account';
import './quick-account.css';

/** The register dialog's one-press way in: the server names the account (SPEC §5). */
export function QuickAccountCreate() {
  const { t } = useTranslation();
  const create = useCreateQuickAccount();
  return (
    <div className="quick-account-create">
      <p className="quick-account-create__or">{t('quickAccount.or')}</p>
      <button
        type="button"
        className="button button--secondary button--block"
        disabled={create.isPending}
        onClick={() => create.mutate()}
        data-testid="register-quick"
      >
        {t('quickAccount.createButton')}
      </button>
      <p className="quick-account-create__hint">{t('quickAccount.createHint')}</p>
    </div>
  );
}
