import { useTranslation } from 'react-i18next';
import { loadedOnUse } from '../../../lib/loaded-on-use';
import { useSessionStore } from '../../../lib/session/session-store';
import { hasPlaceholderPassword, useQuickAccountStore } from '../store/quick-account-store';

const QuickAccountDialog = loadedOnUse(() =>
  import('./quick-account-dialog').then((module) => module.QuickAccountDialog),
);

import './quick-account.css';

/**
 * While the member is a quick account on its placeholder password: a banner under the header
 * that asks for a password of its own, and the dialog that takes it. Nothing otherwise.
 */
export function QuickAccountPrompt() {
  const { t } = useTranslation();
  const isOnPlaceholder = useSessionStore(hasPlaceholderPassword);
  const account = useSessionStore((state) => state.session?.account ?? '');
  const isDialogOpen = useQuickAccountStore((state) => state.isDialogOpen);
  const openDialog = useQuickAccountStore((state) => state.openDialog);
  if (!isOnPlaceholder) return null;
  return (
    <>
      <div className="quick-account-banner" role="status" data-testid="quick-account-banner">
        <p className="quick-account-banner__text">{t('quickAccount.banner', { account })}</p>
        <button
          type="button"
          className="button button--primary quick-account-banner__action"
          onClick={() => openDialog()}
          data-testid="quick-account-banner-set"
        >
          {t('quickAccount.bannerAction')}
        </button>
      </div>
      {isDialogOpen ? <QuickAccountDialog /> : null}
    </>
  );
}
