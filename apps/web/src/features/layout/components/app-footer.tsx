import { useTranslation } from 'react-i18next';
import { site } from '../../../lib/site';

export function AppFooter() {
  const { t } = useTranslation();
  return (
    <footer className="app-footer">
      <span className="app-footer__note">{t('footer.responsible')}</span>
      <span className="app-footer__facts">
        <span>{t('footer.site', { siteNo: site.siteNo })}</span>
        <span data-testid="app-version">{t('footer.version', { version: site.versionName })}</span>
      </span>
    </footer>
  );
}
