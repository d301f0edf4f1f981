import { MiniBetSlip } from '../features/betslip/components/mini-bet-slip';
import { SlipDock } from '../features/betslip/components/slip-dock';
import { miniSlipBarSpacePx } from '../features/betslip/mini-slip-layout';
import { contentHeightOf } from '../features/layout/content-height';
import {
  NoticeBar,
  noticeBarSpacePx,
  useHasNotices,
} from '../features/notices/components/notice-bar';
import { SportsBoard } from '../features/sports/components/sports-board';

interface IndexPageProps {
  isMember: boolean;
  isDemo: boolean;
  isCompact?: boolean;
  onLoginClick(): void;
}

/**
 * The index route (SPEC §2 #/index): the site's notices, the match lists with their sport tabs,
 * and the bet slip (a column beside the lists, a sheet at the bottom of a phone).
 * The compact #/mini layout gives the lists the whole width and the slip a sheet over them, both
 * with the mini content height (another one for members).
 */
export function IndexPage({ isMember, isDemo, isCompact = false, onLoginClick }: IndexPageProps) {
  const height = contentHeightOf(isCompact, isMember);
  // The notice bar sits above the list and #/mini's slip bar under it: the list gives up the
  // room they take, so the page stays as tall and the slip's bar covers no price.
  const barsPx = (useHasNotices() ? noticeBarSpacePx : 0) + (isCompact ? miniSlipBarSpacePx : 0);
  const listHeight = barsPx > 0 ? `calc(${height} - ${barsPx}px)` : height;
  return (
    <div
      className={
        isCompact
          ? 'index-page index-page--sports index-page--compact'
          : 'index-page index-page--sports'
      }
    >
      <NoticeBar />
      <SportsBoard isMini={isCompact} isMember={isMember} listHeight={listHeight} />
      {isCompact ? (
        <MiniBetSlip
          isMember={isMember}
          isDemo={isDemo}
          height={height}
          onLoginClick={onLoginClick}
        />
      ) : (
        <SlipDock isMember={isMember} isDemo={isDemo} onLoginClick={onLoginClick} />
      )}
    </div>
  );
}
