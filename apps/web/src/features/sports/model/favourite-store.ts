import { create } from 'zustand';

/**
 * The member's own favourite changes since the lists were read (SPEC §4: add sets the flag to 1,
 * remove to 0), so a star answers at once and the favourites view drops what was removed before
 * the next read of the list arrives.
 */
interface FavouriteState {
  leagues: ReadonlyMap<number, boolean>;
  matches: ReadonlyMap<number, boolean>;
  setLeague(leagueId: number, isOn: boolean): void;
  setMatch(matchId: number, isOn: boolean): void;
  clear(): void;
}

export const useFavouriteStore = create<FavouriteState>()((set) => ({
  leagues: new Map(),
  matches: new Map(),
  setLeague: (leagueId, isOn) =>
    set((state) => ({ leagues: new Map(state.leagues).set(leagueId, isOn) })),
  setMatch: (matchId, isOn) =>
    set((state) => ({ matches: new Map(state.matches).set(matchId, isOn) })),
  clear: () => set({ leagues: new Map(), matches: new Map() }),
}));

/** Flags as the member last set them, else as the list answered them (`x` league, `w` match). */
export function favouriteFlags(
  match: { l: number; b: number; x: number; w: number },
  state: Pick<FavouriteState, 'leagues' | 'matches'>,
) {
  return {
    isLeague: state.leagues.get(match.l) ?? match.x === 1,
    isMatch: state.matches.get(match.b) ?? match.w === 1,
  };
}
