import { NavLink, Route, Routes } from 'react-router';
import { useConsoleText } from '../components/ui';
import { BookMargins } from './book-margins';
import { MatchDetail } from './match-detail';
import { MatchList } from './match-list';
import { StakeLimits } from './stake-limits';

const tabs = [
  { id: 'matches', path: '/trading' },
  { id: 'limits', path: '/trading/limits' },
  { id: 'margins', path: '/trading/margins' },
] as const;

/**
 * The trading desk: matches and their markets (holds, voids, settlement by hand), the stake
 * limit policy and the book's margins.
 */
export function TradingDesk() {
  const { t } = useConsoleText();
  return (
    <section>
      <nav className="console-tabs">
        {tabs.map((tab) => (
          <NavLink key={tab.id} to={tab.path} end data-testid={`trading-tab-${tab.id}`}>
            {t(`trading.tabs.${tab.id}`)}
          </NavLink>
        ))}
      </nav>
      <Routes>
        <Route index element={<MatchList />} />
        <Route path="limits" element={<StakeLimits />} />
        <Route path="margins" element={<BookMargins />} />
        <Route path=":eventId" element={<MatchDetail />} />
      </Routes>
    </section>
  );
}
