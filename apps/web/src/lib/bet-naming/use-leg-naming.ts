import { useTranslation } from 'react-i18next';
import { type NamedLeg, selectionNameOf } from './leg-naming';
import { useMarketNames } from './market-names';

/**
 * Names of a leg in the page's language. The market's name is the match board's own for the
 * sport and play (packages/domain's market table), so a bet reads as the market it was picked
 * from; the selection names the side by its team ("Arsenal -0.25"), as a bet is spoken of.
 */
export function useLegNaming() {
  const { t } = useTranslation();
  const names = useMarketNames();
  return {
    marketName: (leg: Pick<NamedLeg, 'playId' | 'specifiers'> & { sportId: number }) =>
      names.play(leg.sportId, leg.playId, leg.specifiers),
    selectionName: (leg: NamedLeg) => selectionNameOf(leg, t),
  };
}
