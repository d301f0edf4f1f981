import type { MatchWire } from '@sb/contract';
import { matchRoomName } from '@sb/contract';
import { listRowsFor } from '@sb/domain';
import { useCallback, useMemo } from 'react';
import { followRooms } from '../live/match-socket';
import { groupByLeague, type ListEntry } from '../model/league-groups';
import { LeagueHeading } from './league-heading';
import { listLineCount } from './market-lines';
import { MatchRow } from './match-row';
import { VirtualList } from './virtual-list';

interface MatchListProps {
  matches: readonly MatchWire[];
  isMini: boolean;
  height: string;
  onOpenDetail(match: MatchWire): void;
}

/** Heights in px: a league heading, a match's head, and one market line (mini mode is tighter). */
const sizes = {
  large: { league: 34, head: 44, line: 34 },
  mini: { league: 28, head: 36, line: 30 },
} as const;

const keyOfEntry = (entry: ListEntry) => entry.key;

/**
 * The matches of the board, grouped by league and windowed. The matches drawn are the rooms the
 * game socket follows (view 'list'), so prices stream only for what is on screen.
 */
export function MatchList({ matches, isMini, height, onOpenDetail }: MatchListProps) {
  const entries = useMemo(() => groupByLeague(matches), [matches]);
  const size = isMini ? sizes.mini : sizes.large;
  const heightOf = useCallback(
    (entry: ListEntry) =>
      entry.kind === 'league'
        ? size.league
        : size.head +
          size.line *
            // Room for every market the sport shows, and for a race's several rows of runners.
            Math.max(listRowsFor(entry.match.a, isMini), listLineCount(entry.match, isMini)),
    [size, isMini],
  );
  const onRangeChange = useCallback((drawn: readonly ListEntry[]) => {
    followRooms(
      drawn
        .filter((entry) => entry.kind === 'match')
        .map((entry) => matchRoomName(entry.match.a, entry.match.b)),
    );
  }, []);
  return (
    <VirtualList
      items={entries}
      heightOf={heightOf}
      keyOf={keyOfEntry}
      height={height}
      testId="match-list"
      onRangeChange={onRangeChange}
      renderItem={(entry) =>
        entry.kind === 'league' ? (
          <LeagueHeading entry={entry} />
        ) : (
          <MatchRow listed={entry.match} isMini={isMini} onOpenDetail={onOpenDetail} />
        )
      }
    />
  );
}
