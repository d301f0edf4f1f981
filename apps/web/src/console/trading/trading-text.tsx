import { useConsoleText } from '../components/ui';
import { marketLinesOf } from './trading-words';

/** The feed's match and market states, and a market's line, as the desk reads them. */
export function useTradingWords() {
  const { t } = useConsoleText();
  return {
    matchStatus: (status: string) => t(`trading.matchStatuses.${status}`, { defaultValue: status }),
    marketStatus: (status: string) =>
      t(`trading.marketStatuses.${status}`, { defaultValue: status }),
    /** "Handicap −0.25", "Total 2.5"; empty for a market without a line. */
    marketLine: (specifiers: string) =>
      marketLinesOf(specifiers)
        .map(({ key, line }) =>
          key === 'hcp' || key === 'total'
            ? t(`trading.lines.${key}`, { line })
            : t('trading.lines.other', { key, line }),
        )
        .join(' · '),
  };
}
