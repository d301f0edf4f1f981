import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useSearchParams } from 'react-router';
import type { BrandVariant, Flavour } from '../shell-variants';

interface AppHeaderProps {
  brand: BrandVariant;
  flavour: Flavour;
  /** The identity controls, supplied by the app so this feature does not depend on identity. */
  actions: ReactNode;
  /** What stands in for the identity controls on a phone: a signed-in player's account menu. */
  menu: ReactNode;
  /** The member site's pages the header links after the tabs, each with its text's key. */
  pages?: readonly { path: string; navText: string }[];
}

export const headerTabs = ['home', 'inPlay', 'today', 'early', 'outrights', 'results'] as const;
export type HeaderTab = (typeof headerTabs)[number];

export function BrandMark({ brand, flavour }: { brand: BrandVariant; flavour: Flavour }) {
  const { t } = useTranslation();
  return (
    <a className="brand" href="#/index" data-testid="brand">
      <span className="brand__logo" aria-hidden="true">
        {brand === 'xy' ? 'XY' : 'α'}
      </span>
      <span className="brand__name">{brand === 'xy' ? t('brand.xy') : t('brand.standard')}</span>
      {flavour === 'live-stream' ? <span className="brand__tag">{t('brand.liveTag')}</span> : null}
    </a>
  );
}

function HeaderNav({ pages }: { pages: readonly { path: string; navText: string }[] }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  // The tabs belong to the index page; on another page (records) none of them is current.
  const isIndex = useLocation().pathname.endsWith('/index');
  const activeTab = isIndex ? (searchParams.get('tab') ?? 'home') : null;
  const nav = useRef<HTMLElement | null>(null);
  // On a phone the tabs scroll sideways: the current one is brought into view when it changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again whenever the page changes.
  useEffect(() => {
    nav.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activeTab, isIndex]);
  return (
    <nav ref={nav} className="header-nav scroll-row" aria-label={t('nav.home')}>
      {headerTabs.map((tab) => (
        <NavLink
          key={tab}
          to={tab === 'home' ? '/index' : `/index?tab=${tab}`}
          className={tab === activeTab ? 'header-nav__link is-active' : 'header-nav__link'}
          aria-current={tab === activeTab ? 'page' : undefined}
          data-testid="nav-tab"
          data-tab={tab}
        >
          {t(`nav.${tab}`)}
        </NavLink>
      ))}
      {pages.map((page) => (
        <NavLink
          key={page.path}
          to={`/${page.path}`}
          className={({ isActive }) =>
            isActive ? 'header-nav__link is-active' : 'header-nav__link'
          }
          data-testid={`nav-${page.path}`}
        >
          {t(page.navText)}
        </NavLink>
      ))}
    </nav>
  );
}

/** The desktop header; its theme class follows the brand variant (SPEC §1 isXyUser). */
export function AppHeader({ brand, flavour, actions, menu, pages = [] }: AppHeaderProps) {
  return (
    <header className={`app-header app-header--${brand}`} data-testid="app-header">
      <div className="app-header__top">
        <BrandMark brand={brand} flavour={flavour} />
        <div className="app-header__actions">
          {actions}
          {menu}
        </div>
      </div>
      <div className="app-header__nav">
        <HeaderNav pages={pages} />
      </div>
    </header>
  );
}

/** The compact header of #/mini: brand and identity controls on one line. */
export function MiniHeader({ brand, flavour, actions, menu }: AppHeaderProps) {
  return (
    <header className={`app-header app-header--${brand} app-header--mini`} data-testid="app-header">
      <div className="app-header__top">
        <BrandMark brand={brand} flavour={flavour} />
        <div className="app-header__actions">
          {actions}
          {menu}
        </div>
      </div>
    </header>
  );
}
