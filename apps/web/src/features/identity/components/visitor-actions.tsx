import { useTranslation } from 'react-i18next';
import { useDialogStore } from '../../../lib/session/dialog-store';
import { useCreateTryPlayAccount } from '../api/member-create-try-play';

/** Header controls for a visitor: who they are (member id 0), try-play, login and register. */
export function VisitorActions({ isCompact }: { isCompact: boolean }) {
  const { t } = useTranslation();
  const openDialog = useDialogStore((state) => state.openDialog);
  const tryPlay = useCreateTryPlayAccount();

  return (
    <div className="identity-bar__group">
      <span className="guest-chip" title={t('header.guest')}>
        {t('header.guest')}
        <span className="guest-chip__id">
          {t('header.memberId')} <span data-testid="member-id">0</span>
        </span>
      </span>
      {isCompact ? null : (
        <button
          type="button"
          className="button button--ghost"
          disabled={tryPlay.isPending}
          onClick={() => tryPlay.mutate()}
          data-testid="try-play"
        >
          {t('header.tryPlay')}
        </button>
      )}
      <button
        type="button"
        className="button button--secondary"
        onClick={() => openDialog('login')}
        data-testid="login-open"
      >
        {t('header.login')}
      </button>
      <button
        type="button"
        className="button button--primary"
        onClick={() => openDialog('register')}
        data-testid="register-open"
      >
        {t('header.register')}
      </button>
    </div>
  );
}
