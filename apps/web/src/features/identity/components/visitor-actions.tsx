import { useTranslation } from 'react-i18next';
import { useDialogStore } from '../../../lib/session/dialog-store';
import { useCreateTryPlayAccount } from '../api/member-create-try-play';

/** Header controls for a visitor: that they are a guest, try-play, login and register. */
export function VisitorActions({ isCompact }: { isCompact: boolean }) {
  const { t } = useTranslation();
  const openDialog = useDialogStore((state) => state.openDialog);
  const tryPlay = useCreateTryPlayAccount();

  return (
    <div className="identity-bar__group">
      {/* A visitor has no member id (SPEC §3: memberId 0 means not logged in), so none is shown. */}
      <span className="guest-chip" data-testid="guest-chip">
        {t('header.guest')}
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
