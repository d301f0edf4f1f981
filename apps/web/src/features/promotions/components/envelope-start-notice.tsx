import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { onAppSocketEvent } from '../../../lib/app-socket';
import './envelope-start-notice.css';

/**
 * A banner under the header when a red-envelope campaign starts while the member is on the site
 * but not on the promotions page, leading there. The `envelope` push reaches members only (the
 * account socket is theirs), so visitors never see it. It stays until followed or dismissed, the
 * campaign pauses or ends, or the member is on the page.
 */
export function EnvelopeStartNotice() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isMini = pathname.startsWith('/mini');
  const isOnPage = /\/promotions$/.test(pathname);
  const [startedId, setStartedId] = useState<number | null>(null);

  // A start heard on the page itself needs no banner: the page shows the campaign already.
  const isOnPageNow = useRef(isOnPage);
  isOnPageNow.current = isOnPage;
  useEffect(
    () =>
      onAppSocketEvent('envelope', (event) => {
        if (event.status === 'running') {
          if (!isOnPageNow.current) setStartedId(event.id);
        } else {
          // A campaign paused or over before the member followed the banner takes it away.
          setStartedId((shown) => (shown === event.id ? null : shown));
        }
      }),
    [],
  );
  useEffect(() => {
    if (isOnPage) setStartedId(null);
  }, [isOnPage]);

  if (startedId === null || isOnPage) return null;
  return (
    <div
      className="envelope-start-notice"
      role="status"
      data-testid="envelope-start-notice"
      data-id={startedId}
    >
      <span className="envelope-start-notice__seal" aria-hidden="true">
        福
      </span>
      <p className="envelope-start-notice__text">{t('promotions.notice.started')}</p>
      <Link
        className="button button--primary envelope-start-notice__go"
        to={isMini ? '/mini/promotions' : '/promotions'}
        onClick={() => setStartedId(null)}
        data-testid="envelope-start-go"
      >
        {t('promotions.notice.go')}
      </Link>
      <button
        type="button"
        className="envelope-start-notice__dismiss"
        aria-label={t('promotions.notice.dismiss')}
        onClick={() => setStartedId(null)}
        data-testid="envelope-start-dismiss"
      >
        ×
      </button>
    </div>
  );
}
