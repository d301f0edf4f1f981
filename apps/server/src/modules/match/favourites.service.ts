import { AppError } from '../../http/app-error';
import type { ReadModel } from '../feed/feed.types';
import type { FavouriteKind, MatchRepository } from './match.repository';
import type { FavouriteIndex } from './match-query';
import { findSport } from './sports';
import type { Viewer } from './viewer';

/** A member may keep this many favourites; more is refused, never silently dropped. */
export const maxFavourites = 500;

/** SPEC §3 favourite payload: type 0 is a league, anything else a match. */
export interface FavouritePayload {
  subjectId: number;
  sportId: number;
  type: number;
}

const kindOf = (type: number): FavouriteKind => (type === 0 ? 0 : 1);

/** Favourite leagues and matches (SPEC §4); members only, which the calls' auth level ensures. */
export function createFavouritesService(options: {
  repository: MatchRepository;
  readModel: ReadModel;
}) {
  const { repository, readModel } = options;

  /** A favourite must name a league or match the book lists, of the sport the payload names. */
  function requireSubject(payload: FavouritePayload, kind: FavouriteKind): void {
    if (!findSport(payload.sportId)) throw new AppError('INVALID_INPUT', 'sportId: unknown sport');
    if (kind === 1) {
      const state = readModel.get(payload.subjectId);
      if (!state || state.fixture.sportId !== payload.sportId)
        throw new AppError('INVALID_INPUT', 'subjectId: no such match');
      return;
    }
    for (const state of readModel.all()) {
      const { league, sportId } = state.fixture;
      if (
        league.id === payload.subjectId &&
        (sportId === payload.sportId || league.sportId === payload.sportId)
      )
        return;
    }
    throw new AppError('INVALID_INPUT', 'subjectId: no such league');
  }

  return {
    /** The viewer's favourites, or none for visitors and anonymous callers. */
    async indexOf(viewer: Viewer): Promise<FavouriteIndex | null> {
      if (viewer.userId === null || viewer.memberId === 0) return null;
      const rows = await repository.listFavourites(viewer.userId);
      const leagues = new Map<number, number>();
      const matches = new Map<number, number>();
      for (const row of rows) (row.kind === 0 ? leagues : matches).set(row.subjectId, row.id);
      return { leagues, matches };
    },

    /** Adds a favourite, or finds it: the same subject twice answers the same record id. */
    async add(userId: number, payload: FavouritePayload): Promise<number> {
      const kind = kindOf(payload.type);
      const existing = await repository.listFavourites(userId);
      const found = existing.find(
        (row) => row.kind === kind && row.subjectId === payload.subjectId,
      );
      if (found) return found.id;
      requireSubject(payload, kind);
      if (existing.length >= maxFavourites)
        throw new AppError('INVALID_INPUT', `at most ${maxFavourites} favourites`);
      return repository.upsertFavourite({
        userId,
        kind,
        subjectId: payload.subjectId,
        sportId: payload.sportId,
      });
    },

    /** Removes a favourite; removing one that is not there changes nothing and is no error. */
    async remove(userId: number, payload: FavouritePayload): Promise<null> {
      await repository.deleteFavourite(userId, kindOf(payload.type), payload.subjectId);
      return null;
    },
  };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
