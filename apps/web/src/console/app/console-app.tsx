import { languages, operatorLogout } from '@sb/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { HashRouter, Navigate, NavLink, Route, Routes } from 'react-router';
import { callConsole } from '../api/console-api';
import { sessionEndAt } from '../api/operator-api';
import { AuditLogDesk } from '../audit/audit-log';
import { CommunityDesk } from '../community/community-desk';
import { SelectInput, useConsoleText } from '../components/ui';
import { DashboardDesk } from '../dashboard/dashboard-desk';
import { FinanceDesk } from '../finance/finance-desk';
import { GamesDesk } from '../games/games-desk';
import { applyConsoleLanguage, languageNames } from '../i18n/console-i18n';
import { LoginPage } from '../login/login-page';
import { MemberDetail } from '../members/member-detail';
import { MemberSearch } from '../members/member-search';
import { PromotionsDesk } from '../promotions/promotions-desk';
import { type ConsoleSession, useSessionStore } from '../session/session-store';
import { SiteDesk } from '../site/site-desk';
import { TradingDesk } from '../trading/trading-desk';
import { type DeskId, desksFor } from './desks';

/** How often the console checks its own clock against the session's limits. */
const sessionCheckIntervalMs = 5_000;

function createConsoleQueryClient() {
  // Back-office data changes under other operators' hands: refetch on focus, retry nothing
  // (a refused call should show its error at once, not after three tries).
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 0 }, mutations: { retry: false } },
  });
}

/** Ends the session on the console's own clock, so an idle screen does not linger signed in. */
function useSessionWatch(session: ConsoleSession | null) {
  const endSession = useSessionStore((state) => state.endSession);
  useEffect(() => {
    if (!session) return;
    const check = () => {
      const reason = sessionEndAt(session, Date.now());
      if (reason) endSession(reason);
    };
    check();
    const timer = window.setInterval(check, sessionCheckIntervalMs);
    return () => window.clearInterval(timer);
  }, [session, endSession]);
}

export function ConsoleApp() {
  const session = useSessionStore((state) => state.session);
  const [queryClient, setQueryClient] = useState(createConsoleQueryClient);
  useSessionWatch(session);
  const token = session?.token ?? null;
  useEffect(() => {
    // Nothing one operator's session fetched may show in the next one's.
    if (token === null) setQueryClient(createConsoleQueryClient());
  }, [token]);
  return (
    <QueryClientProvider client={queryClient}>
      {session ? (
        <HashRouter>
          <ConsoleShell session={session} />
        </HashRouter>
      ) : (
        <LoginPage />
      )}
    </QueryClientProvider>
  );
}

function LanguagePicker() {
  const { t, language } = useConsoleText();
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the label wraps its select, which associates them
    <label className="console-language">
      <span className="visually-hidden">{t('shell.language')}</span>
      <SelectInput
        value={language}
        testId="console-lang"
        choices={languages.map((option) => ({ value: option, label: languageNames[option] }))}
        onValue={applyConsoleLanguage}
      />
    </label>
  );
}

/**
 * What each desk of `desks` (desks.ts) shows: its routes under the console's hash router. The
 * record is typed by the desk ids, so a desk declared there and not here fails the typecheck.
 */
const deskRoutes: Record<DeskId, readonly { path: string; screen: ReactNode }[]> = {
  finance: [{ path: '/finance/*', screen: <FinanceDesk /> }],
  dashboard: [{ path: '/dashboard', screen: <DashboardDesk /> }],
  members: [
    { path: '/members', screen: <MemberSearch /> },
    { path: '/members/:userId', screen: <MemberDetail /> },
  ],
  trading: [{ path: '/trading/*', screen: <TradingDesk /> }],
  audit: [{ path: '/audit', screen: <AuditLogDesk /> }],
  site: [{ path: '/site/*', screen: <SiteDesk /> }],
  community: [{ path: '/community', screen: <CommunityDesk /> }],
  promotions: [{ path: '/promotions', screen: <PromotionsDesk /> }],
  games: [{ path: '/games/*', screen: <GamesDesk /> }],
};

function ConsoleShell({ session }: { session: ConsoleSession }) {
  const { t } = useConsoleText();
  const endSession = useSessionStore((state) => state.endSession);
  const allowed = desksFor(session.operator.roles);
  const home = allowed[0]?.path ?? '/none';
  const logout = async () => {
    // The session ends locally whatever the server answers; a failed logout leaves a token
    // that expires on its own and that this tab no longer holds.
    await callConsole(operatorLogout, {}).catch(() => undefined);
    endSession('logout');
  };
  return (
    <div className="console-shell">
      <header className="console-header">
        <strong>{t('shell.title')}</strong>
        <nav className="console-nav">
          {allowed.map((desk) => (
            <NavLink key={desk.id} to={desk.path} data-testid={`desk-${desk.id}`}>
              {t(`shell.desks.${desk.id}`)}
            </NavLink>
          ))}
        </nav>
        <span className="console-header__who">
          <span data-testid="operator-name">{session.operator.username}</span>
          <span className="console-hint" data-testid="operator-roles">
            {session.operator.roles.map((role) => t(`shell.roleNames.${role}`)).join(', ')}
          </span>
        </span>
        <LanguagePicker />
        <button
          type="button"
          className="console-button console-button--quiet"
          data-testid="console-logout"
          onClick={() => void logout()}
        >
          {t('shell.logout')}
        </button>
      </header>
      <main className="console-main">
        {allowed.length === 0 ? (
          <p data-testid="no-desks">{t('shell.noDesks')}</p>
        ) : (
          <Routes>
            {allowed.flatMap((desk) =>
              deskRoutes[desk.id].map((route) => (
                <Route key={route.path} path={route.path} element={route.screen} />
              )),
            )}
            <Route path="*" element={<Navigate to={home} replace />} />
          </Routes>
        )}
      </main>
    </div>
  );
}
