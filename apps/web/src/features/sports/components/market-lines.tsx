import type { MarketOption, SocketMatch } from '@sb/contract';
import {
  columnsFor,
  decodeOptionId,
  isRunnerPlay,
  listPlayIds,
  mainLineOf,
  sortLines,
  sortPlayIds,
} from '@sb/domain';
import type { CSSProperties } from 'react';
import { useSiteSwitchesStore } from '../../../lib/app-init/site-init';
import { useMarketNames } from '../../../lib/bet-naming/market-names';
import type { PriceMove } from '../live/live-store';
import { openPriceOf, shownOptions } from '../model/shown-options';
import { boardBandCells } from '../model/side-bands';
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
 * A list row's markets: the main line of each play (the one the server chose; the detail's
 * every line when the live store holds them all), options in the play's columns with their
 * short names. Plays the control switches hide are left out here, where every row draws them:
 * the live store may still hold a match as it was before a switch went on.
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
        const main = mainLineOfPlay(match, playId);
        if (!main) return null;
        const [specifiers, options] = main;
        const marketName = names.play(match.a, playId, specifiers);
        const context = optionContextOf(match, specifiers, marketName);
        const bands = boardBandCells(options.map(outcomeIdOf));
        const columns = columnsFor(playId, options.length);
        return (
          <div
            key={playId}
            className="market-line"
            data-testid="market-line"
            data-play={playId}
            data-runners={isRunnerPlay(match.a, playId)}
            // More outcomes than a row of three holds (a winning margin, exact goals) take cells
            // as wide as a label and its price need, as many to a row as fit.
            data-wide={bands !== null || columns > 3}
          >
            <span className="market-line__name">{marketName}</span>
            <div className="market-line__options" style={{ '--columns': columns } as CSSProperties}>
              {(
                bands ?? options.map((_, index) => ({ index, startsRow: false, isDraw: false }))
              ).map(({ index, startsRow, isDraw }) => {
                const option = options[index];
                if (!option) return null;
                return (
                  <OddsOption
                    key={option.oi}
                    option={option}
                    context={context}
                    move={moves?.get(option.oi)}
                    isShort
                    place={
                      isDraw
                        ? { gridColumn: '1 / -1' }
                        : startsRow
                          ? { gridColumn: '1' }
                          : undefined
                    }
                  />
                );
              })}
            </div>
          </div>
        );
      })}
    </div>
  );
}

function outcomeIdOf(option: MarketOption): string {
  return decodeOptionId(option.oi)?.outcomeId ?? option.oi;
}

/**
 * The line a board row shows for a play: the smallest gap between open prices (SPEC §9), the
 * line the server lists; its options as a market lists them (`shownOptions`).
 */
function mainLineOfPlay(
  match: Pick<SocketMatch, 'a' | 'z'>,
  playId: number,
): readonly [string, readonly MarketOption[]] | undefined {
  const lines = sortedLines(match.a, match.z[String(playId)]);
  return mainLineOf(lines.map((line) => [line[1].map(openPriceOf), line] as const));
}

/**
 * How many rows of prices a list row draws: a play whose options outnumber its columns (a race's
 * runners) takes several, which the windowed list must give room to.
 */
export function listLineCount(match: Pick<SocketMatch, 'a' | 'z'>, isMini: boolean): number {
  const playIds = listPlayIds(match.a, Object.keys(match.z).map(Number), isMini);
  return playIds.reduce((count, playId) => {
    const options = mainLineOfPlay(match, playId)?.[1].length ?? 0;
    return count + Math.max(1, Math.ceil(options / columnsFor(playId, options)));
  }, 0);
}

/**
 * A play's lines (specifiers and options) in display order, each line's options as the market
 * lists them (`shownOptions`); a line left with none is left out.
 */
export function sortedLines(
  sportId: number,
  lines: Readonly<Record<string, readonly MarketOption[]>> | undefined,
): (readonly [string, readonly MarketOption[]])[] {
  return sortLines(
    Object.entries(lines ?? {}).flatMap(([specifiers, options]) => {
      const shown = shownOptions(sportId, options);
      return shown.length > 0 ? [[specifiers, [specifiers, shown] as const] as const] : [];
    }),
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
