import type { MarketOption, SocketMatch } from '@sb/contract';
import { columnsFor, sortLines, sortPlayIds } from '@sb/domain';
import { useTranslation } from 'react-i18next';
import type { PriceMove } from '../live/live-store';
import { OddsOption, type OptionContext } from './odds-option';

interface MarketLinesProps {
  match: Pick<SocketMatch, 'a' | 'b' | 'g' | 'o' | 'r' | 'z'>;
  /** The plays to show, in order; every play of the match when absent. */
  playIds?: readonly number[];
  moves: ReadonlyMap<string, PriceMove> | undefined;
  /** Every line of a play (the detail panel) or only its first (list rows carry one per play). */
  isEveryLine?: boolean;
}

/** Known play ids have a translated name; others fall back to a numbered one. */
const namedPlays = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16, 18, 21000, 21001]);

export function usePlayName() {
  const { t } = useTranslation();
  return (playId: number) =>
    namedPlays.has(playId)
      ? t(`sportsBoard.play.p${playId}`)
      : t('sportsBoard.play.other', { playId });
}

/** A match's markets: one line per play (or every line), options in the play's columns. */
export function MarketLines({ match, playIds, moves, isEveryLine = false }: MarketLinesProps) {
  const playName = usePlayName();
  const plays = playIds ?? sortPlayIds(match.a, Object.keys(match.z).map(Number));
  return (
    <div className="market-lines">
      {plays.flatMap((playId) => {
        const lines = sortLines(
          playId,
          Object.entries(match.z[String(playId)] ?? {}).map(
            (line) => [line[0], line[1].map((option) => option.o), line] as const,
          ),
        );
        // A list row carries one line per play already (the main line the server chose).
        const shown = isEveryLine ? lines : lines.slice(0, 1);
        return shown.map(([specifiers, options]) => (
          <MarketLine
            key={`${playId}|${specifiers}`}
            name={playName(playId)}
            options={options}
            moves={moves}
            context={{
              sportId: match.a,
              matchId: match.b,
              specifiers,
              matchName: match.r ? `${match.o} v ${match.r}` : match.o,
              marketName: playName(playId),
              isLive: match.g === 1,
            }}
          />
        ));
      })}
    </div>
  );
}

interface MarketLineProps {
  name: string;
  options: readonly MarketOption[];
  moves: ReadonlyMap<string, PriceMove> | undefined;
  context: OptionContext;
}

function MarketLine({ name, options, moves, context }: MarketLineProps) {
  const playId = options[0]?.md ?? 0;
  const columns = columnsFor(playId, options.length);
  return (
    <div className="market-line" data-testid="market-line" data-play={playId}>
      <span className="market-line__name">{name}</span>
      <div
        className="market-line__options"
        style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}
      >
        {options.map((option) => (
          <OddsOption
            key={option.oi}
            option={option}
            context={context}
            move={moves?.get(option.oi)}
          />
        ))}
      </div>
    </div>
  );
}
