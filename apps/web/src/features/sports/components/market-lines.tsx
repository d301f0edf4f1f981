import type { MarketOption, SocketMatch } from '@sb/contract';
import { columnsFor, isRunnerPlay, listPlayIds, sortLines, sortPlayIds } from '@sb/domain';
import type { CSSProperties } from 'react';
import { useSiteSwitchesStore } from '../../../lib/app-init/site-init';
import { useMarketNames } from '../../../lib/bet-naming/market-names';
import type { PriceMove } from '../live/live-store';
import { OddsOption, type OptionContext } from './odds-option';

interface MarketLinesProps {
  match: Pick<SocketMatch, 'a' | 'b' | 'g' | 'l' | 'ln' | 'o' | 'r' | 'z'>;
  /** The plays to show, in order; every play of the match when absent. */
  playIds?: readonly number[];
  moves: ReadonlyMap<string, PriceMove> | undefined;
}

/** The title of a match as the slip and the detail show it. */
export function matchTitleOf(match: Pick<SocketMatch, 'o' | 'r'>): string {
  return match.r ? `${match.o} v ${match.r}` : match.o;
}

/**
 * A list row's markets: the first line of each play (the main line the server chose), options in
 * the play's columns with their short names. Plays the control switches hide are left out here,
 * where every row draws them: the live store may still hold a match as it was before a switch
 * went on.
 */
export function MarketLines({ match, playIds, moves }: MarketLinesProps) {
  const names = useMarketNames();
  const hidden = useSiteSwitchesStore((state) => state.visibility.hiddenPlays(match.a));
  const plays = (playIds ?? sortPlayIds(match.a, Object.keys(match.z).map(Number))).filter(
    (playId) => !hidden.has(playId),
  );
  return (
    <div className="market-lines">
      {plays.map((playId) => {
        const first = sortedLines(playId, match.z[String(playId)])[0];
        if (!first) return null;
        const [specifiers, options] = first;
        const marketName = names.play(match.a, playId, specifiers);
        return (
          <div
            key={playId}
            className="market-line"
            data-testid="market-line"
            data-play={playId}
            data-runners={isRunnerPlay(match.a, playId)}
          >
            <span className="market-line__name">{marketName}</span>
            <div
              className="market-line__options"
              style={{ '--columns': columnsFor(playId, options.length) } as CSSProperties}
            >
              {options.map((option) => (
                <OddsOption
                  key={option.oi}
                  option={option}
                  context={optionContextOf(match, specifiers, marketName)}
                  move={moves?.get(option.oi)}
                  isShort
                />
              ))}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/**
 * How many rows of prices a list row draws: a play whose options outnumber its columns (a race's
 * runners) takes several, which the windowed list must give room to.
 */
export function listLineCount(match: Pick<SocketMatch, 'a' | 'z'>, isMini: boolean): number {
  const playIds = listPlayIds(match.a, Object.keys(match.z).map(Number), isMini);
  return playIds.reduce((count, playId) => {
    const options = sortedLines(playId, match.z[String(playId)])[0]?.[1].length ?? 0;
    return count + Math.max(1, Math.ceil(options / columnsFor(playId, options)));
  }, 0);
}

/** A play's lines (specifiers and options) in display order (SPEC §9). */
export function sortedLines(
  playId: number,
  lines: Readonly<Record<string, readonly MarketOption[]>> | undefined,
): (readonly [string, readonly MarketOption[]])[] {
  return sortLines(
    playId,
    Object.entries(lines ?? {}).map(
      (line) => [line[0], line[1].map((option) => option.o), line] as const,
    ),
  );
}

/** What the slip keeps of an option's match and market. */
export function optionContextOf(
  match: Pick<SocketMatch, 'a' | 'b' | 'g' | 'l' | 'ln' | 'o' | 'r'>,
  specifiers: string,
  marketName: string,
): OptionContext {
  return {
    sportId: match.a,
    matchId: match.b,
    specifiers,
    home: match.o,
    away: match.r,
    leagueId: match.l,
    leagueName: match.ln,
    marketName,
    isLive: match.g === 1,
  };
}
