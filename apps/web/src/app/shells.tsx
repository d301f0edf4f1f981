import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { IdentityBar } from '../features/identity/components/identity-bar';
import { IdentityDialogs } from '../features/identity/components/identity-dialogs';
import { QuickAccountPrompt } from '../features/identity/components/quick-account-prompt';
import { useIdentitySummary } from '../features/identity/hooks/use-identity-summary';
import { AppFooter } from '../features/layout/components/app-footer';
import { AppHeader, MiniHeader } from '../features/layout/components/app-header';
import { brandVariantOf, flavourOf } from '../features/layout/shell-variants';
import { EnvelopeStartNotice } from '../features/promotions/components/envelope-start-notice';
import { useDialogStore } from '../lib/session/dialog-store';
import { AccountMenu } from './account-menu';
import { IndexPage } from './index-page';
import { MemberBalance } from './member-balance';
import { useLinkedPages } from './member-pages';

/**
 * Shell classes: light theme always (SPEC §1), brand by isXyUser, flavour by session source.
 * Popups are drawn inside the shell so they take the brand's colours too.
 */
function useShellLook() {
  const identity = useIdentitySummary();
  const brand = brandVariantOf(identity.isXyUser);
  const flavour = flavourOf(identity.source);
  const { t } = useTranslation();
  const brandName = brand === 'xy' ? t('brand.xy') : t('brand.standard');
  useEffect(() => {
    document.title = brandName;
  }, [brandName]);
  return {
    identity,
    brand,
    flavour,
    className: `shell theme-light shell--${brand} shell--${flavour}`,
  };
}

/** The desktop layout: header, the routed page, footer. */
export function DesktopShell() {
  const { identity, brand, flavour, className } = useShellLook();
  const pages = useLinkedPages();
  return (
    <div className={className} data-member-id={identity.memberId}>
      <AppHeader
        brand={brand}
        flavour={flavour}
        actions={<IdentityBar balance={<MemberBalance />} />}
        menu={<AccountMenu isCompact={false} />}
        pages={pages}
      />
      <QuickAccountPrompt />
      <EnvelopeStartNotice />
      <main className="shell__main">
        <Outlet />
      </main>
      <AppFooter />
      <IdentityDialogs />
    </div>
  );
}

/** The compact embedded layout of #/mini (SPEC §1): one-line header, no footer. */
export function MiniShell() {
  const { identity, brand, flavour, className } = useShellLook();
  return (
    <div className={`${className} shell--mini`} data-member-id={identity.memberId}>
      <MiniHeader
        brand={brand}
        flavour={flavour}
        actions={<IdentityBar isCompact balance={<MemberBalance />} />}
        menu={<AccountMenu isCompact />}
      />
      <QuickAccountPrompt />
      <EnvelopeStartNotice />
      <main className="shell__main">
        <Outlet />
      </main>
      <IdentityDialogs />
    </div>
  );
}

/** The index route, told who is here so it can offer login for betting. */
export function IndexRoute({ isCompact = false }: { isCompact?: boolean }) {
  const identity = useIdentitySummary();
  const openDialog = useDialogStore((state) => state.openDialog);
  return (
    <IndexPage
      isMember={identity.isMember}
      isDemo={identity.isDemo}
      isCompact={isCompact}
      onLoginClick={() => openDialog('login')}
    />
  );
}
