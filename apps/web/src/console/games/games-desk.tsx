import { Navigate, NavLink, Route, Routes } from 'react-router';
import { useConsoleText } from '../components/ui';
import { useSessionStore } from '../session/session-store';
import { GameCatalogue } from './game-catalogue';
import { GameFigures } from './game-figures';
import { GameRounds } from './game-rounds';
import { type GamesTabId, gamesTabsFor } from './games-tabs';

/**
 * The games desk: the providers and games with their settings (every role of the desk reads,
 * traders change them), the rounds with their fairness seeds (traders and support), and the
 * figures per game (traders and finance).
 */
export function GamesDesk() {
  const { t } = useConsoleText();
  const roles = useSessionStore((state) => state.session?.operator.roles ?? []);
  const shown = gamesTabsFor(roles);
  const may = (id: GamesTabId) => shown.some((tab) => tab.id === id);
  return (
    <section>
      <nav className="console-tabs">
        {shown.map((tab) => (
          <NavLink key={tab.id} to={tab.path} end data-testid={`games-tab-${tab.id}`}>
            {t(`games.tabs.${tab.id}`)}
          </NavLink>
        ))}
      </nav>
      <Routes>
        <Route index element={<GameCatalogue />} />
        <Route
          path="rounds"
          element={may('rounds') ? <GameRounds /> : <Navigate to="/games" replace />}
        />
        <Route
          path="figures"
          element={may('figures') ? <GameFigures /> : <Navigate to="/games" replace />}
        />
        <Route path="*" element={<Navigate to="/games" replace />} />
      </Routes>
    </section>
  );
}
