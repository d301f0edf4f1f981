import { favouriteFlags, useFavouriteStore } from '../model/favourite-store';
import type { ListEntry } from '../model/league-groups';
import { FavouriteToggle } from './favourite-toggle';

/** A league's heading in the list, with its favourite star. */
export function LeagueHeading({ entry }: { entry: Extract<ListEntry, { kind: 'league' }> }) {
  const isFavourite = useFavouriteStore((state) => favouriteFlags(entry.match, state).isLeague);
  return (
    <div className="league-group" data-testid="league-group" data-league-id={entry.leagueId}>
      <FavouriteToggle
        kind="league"
        subjectId={entry.leagueId}
        sportId={entry.sportId}
        isOn={isFavourite}
      />
      <span className="league-group__name">{entry.name}</span>
    </div>
  );
}
