import { Navigate, NavLink, Route, Routes } from 'react-router';
import { canAct } from '../app/desks';
import { useConsoleText } from '../components/ui';
import { useSessionStore } from '../session/session-store';
import { ControlSwitches } from './control-switches';
import { Partners } from './partners';
import { SiteGameSwitches } from './site-game-switches';
import { SitePosts } from './site-posts';

/** The site desk's tabs and the role each asks for (admins hold every role). */
const tabs = [
  { id: 'switches', path: '/site', role: 'admin' },
  { id: 'content', path: '/site/content', role: 'support' },
  { id: 'partners', path: '/site/partners', role: 'support' },
  { id: 'games', path: '/site/games', role: 'admin' },
] as const;

/**
 * The site desk: SPEC §4's control switches (admins), the site's notices, news, banners and
 * activities (support and admins), the partners (support reads, admins change), and the games
 * switches' site default (admins).
 */
export function SiteDesk() {
  const { t } = useConsoleText();
  const roles = useSessionStore((state) => state.session?.operator.roles ?? []);
  const shown = tabs.filter((tab) => canAct(roles, tab.role));
  const isAdmin = canAct(roles, 'admin');
  return (
    <section>
      <nav className="console-tabs">
        {shown.map((tab) => (
          <NavLink key={tab.id} to={tab.path} end data-testid={`site-tab-${tab.id}`}>
            {t(`site.tabs.${tab.id}`)}
          </NavLink>
        ))}
      </nav>
      <Routes>
        <Route
          index
          element={isAdmin ? <ControlSwitches /> : <Navigate to="/site/content" replace />}
        />
        <Route path="content" element={<SitePosts />} />
        <Route path="partners" element={<Partners canEdit={isAdmin} />} />
        <Route
          path="games"
          element={isAdmin ? <SiteGameSwitches /> : <Navigate to="/site/content" replace />}
        />
      </Routes>
    </section>
  );
}
