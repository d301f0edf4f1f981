import { BetSlip } from '../../betslip/components/bet-slip';
import { SportsBoard } from '../../sports/components/sports-board';

interface IndexPageProps {
  isMember: boolean;
  isDemo: boolean;
  isCompact?: boolean;
  onLoginClick(): void;
}

/**
 * The index route (SPEC §2 #/index): the match lists with their sport tabs, and the bet slip.
 * The compact #/mini layout shows the lists alone, with their own heights.
 */
export function IndexPage({ isMember, isDemo, isCompact = false, onLoginClick }: IndexPageProps) {
  return (
    <div
      className={
        isCompact
          ? 'index-page index-page--sports index-page--compact'
          : 'index-page index-page--sports'
      }
    >
      <SportsBoard isMini={isCompact} isMember={isMember} />
      {isCompact ? null : (
        <BetSlip isMember={isMember} isDemo={isDemo} onLoginClick={onLoginClick} />
      )}
    </div>
  );
}
