import { useTranslation } from 'react-i18next';
import { loadedOnUse } from '../../../lib/loaded-on-use';
import { useSlipEvents } from '../hooks/use-slip-events';
import { useSlipViewStore } from '../store/slip-view-store';

/** The member's bets (and cash out) load when the tab is first opened. */
const MyBets = loadedOnUse(() => import('./my-bets').then((module) => module.MyBets));

import { SlipPanel } from './slip-panel';
import './bet-slip.css';

interface BetSlipProps {
  isMember: boolean;
  isDemo: boolean;
  /** The compact layout of #/mini: tighter spacing, inside the mini slip's sheet. */
  isCompact?: boolean;
  onLoginClick(): void;
}

/** The bet slip beside the match lists (SPEC §2, §4–§5), with the member's bets on a second tab. */
export function BetSlip({ isMember, isDemo, isCompact = false, onLoginClick }: BetSlipProps) {
  const { t } = useTranslation();
  const tab = useSlipViewStore((state) => state.tab);
  const setTab = useSlipViewStore((state) => state.showTab);
  useSlipEvents();
  return (
    <aside
      className={isCompact ? 'panel bet-slip bet-slip--compact' : 'panel bet-slip'}
      aria-label={t('slip.tabSlip')}
      data-testid="bet-slip"
    >
      <div className="bet-slip__tabs" role="tablist">
        {(['slip', 'my-bets'] as const).map((candidate) => (
          <button
            key={candidate}
            type="button"
            role="tab"
            aria-selected={candidate === tab}
            className={candidate === tab ? 'bet-slip__tab is-active' : 'bet-slip__tab'}
            onClick={() => setTab(candidate)}
            data-testid={`${candidate}-tab`}
          >
            {t(candidate === 'slip' ? 'slip.tabSlip' : 'slip.tabMyBets')}
          </button>
        ))}
      </div>
      {tab === 'slip' ? <SlipPanel isDemo={isDemo} /> : null}
      {tab === 'my-bets' && isMember ? <MyBets /> : null}
      {tab === 'my-bets' && !isMember ? (
        <button
          type="button"
          className="button button--primary button--block"
          onClick={onLoginClick}
          data-testid="my-bets-login"
        >
          {t('slip.loginToBet')}
        </button>
      ) : null}
    </aside>
  );
}
