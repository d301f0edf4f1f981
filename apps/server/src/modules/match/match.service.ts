import {
  type MatchWire,
  type matchDetails,
  type matchHotList,
  type matchLegList,
  type matchList,
  matchListType,
  type matchMarketOptions,
  type matchResultList,
  type matchSearch,
} from '@sb/contract';
import type { Fixture, MatchStatus } from '@sb/feed-sim';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import { JsonBytes } from '../../http/register-call';
import type { CallContext } from '../../http/request-context';
import type { Catalogue } from '../catalogue/catalogue.service';
import { fixtureIn, namesOfEveryLanguage } from '../feed/feed.service';
import type { EventState, ReadModel } from '../feed/feed.types';
import { eventInfoOf, finishedStatusNames, isFinished } from './event-info';
import type { FavouritesService } from './favourites.service';
import { createListCache, type ListCache } from './list-cache';
import {
  compareForList,
  compareForResults,
  type FavouriteIndex,
  groupByLeague,
  isVisibleTo,
  noFavourites,
  type Selection,
  selectEvents,
} from './match-query';
import {
  type FavouriteFlags,
  type MatchWireBuilder,
  type WireForm,
  withFavouriteFlags,
} from './match-wire';
import { pageOfMerged, storedSliceFor } from './merged-page';
import { findSport, sportCatalogue } from './sports';
import type { Viewer, ViewerResolver } from './viewer';

// What other modules read of the match rules (docs/boundaries.md): the sides of a fixture, the
// display day, the open-event tallies behind the sport counts, the sports the site offers.
export { homeAndAway } from './event-info';
export { endOfDisplayDay, sportCountsFor, tallyOpenEvents } from './match-query';
export { sportCatalogue } from './sports';

type Input<C extends { input: z.ZodType }> = z.output<C['input']>;

/** Page sizes when the client names none: a screenful, and SPEC §9's leg list. */
const defaultPageSize = 50;
const defaultLegListSize = 1000;
/** SPEC §2: five markets per match in the large variant. */
const defaultRows = 5;

export interface MatchServiceDependencies {
  readModel: ReadModel;
  /** Finished matches older than the read model holds. */
  catalogue: Catalogue;
  wire: MatchWireBuilder;
  viewers: ViewerResolver;
  favourites: FavouritesService;
  now: () => Date;
  /** How long a list answer may trail odds-only changes (see list-cache.ts). */
  listFreshnessMs?: number;
}

/** A sport the book knows; an unknown one is bad input, a hidden one simply lists nothing. */
export function requireKnownSport(sportId: number | undefined): number | undefined {
  if (sportId !== undefined && !findSport(sportId))
    throw new AppError('INVALID_INPUT', `sportId: unknown sport ${sportId}`);
  return sportId;
}

function flagsOf(state: EventState, favourites: FavouriteIndex | null): FavouriteFlags | null {
  if (!favourites) return null;
  const leagueRecord = favourites.leagues.get(state.fixture.league.id);
  const matchRecord = favourites.matches.get(state.fixture.eventId);
  if (leagueRecord === undefined && matchRecord === undefined) return null;
  return {
    x: leagueRecord === undefined ? 0 : 1,
    w: matchRecord === undefined ? 0 : 1,
    y: matchRecord ?? leagueRecord ?? 0,
  };
}

const comma = Buffer.from(',');

/**
 * `{"records":[…],…rest}` from the cached JSON bytes of each match: one copy into the answer,
 * no serialising again.
 */
function recordsJson(parts: readonly Buffer[], rest: Record<string, unknown> = {}): Buffer {
  const restJson = JSON.stringify(rest);
  const chunks: Buffer[] = [Buffer.from('{"records":[')];
  parts.forEach((part, index) => {
    if (index > 0) chunks.push(comma);
    chunks.push(part);
  });
  chunks.push(Buffer.from(restJson === '{}' ? ']}' : `],${restJson.slice(1)}`));
  return Buffer.concat(chunks);
}

/**
 * Names everything a page of the list depends on: the question, and the viewer's prices, league
 * limits, visibility, favourites (whose flags ride in the bytes) and language (names).
 */
function pageKeyOf(
  kind: string,
  input: Input<typeof matchList>,
  viewer: Viewer,
  favourites: FavouriteIndex | null,
): string {
  const favouriteKey =
    favourites && (favourites.leagues.size > 0 || favourites.matches.size > 0)
      ? `${viewer.userId}:${[...favourites.leagues].join(';')}/${[...favourites.matches].join(';')}`
      : '';
  return JSON.stringify([
    kind,
    input.type,
    input.sportId ?? input.sport,
    input.leagueId,
    input.tag,
    input.page,
    input.size,
    input.rows,
    viewer.pricing.key,
    viewer.visibility.key,
    viewer.leagueIds ? [...viewer.leagueIds].sort((a, b) => a - b) : null,
    favouriteKey,
    viewer.language,
  ]);
}

/** A finished match of the results list, from the read model or from the catalogue. */
interface ResultEntry {
  fixture: Fixture;
  status: MatchStatus;
  /** The read model's event, whose wire form is cached; absent for the catalogue's. */
  state?: EventState;
}

export function createMatchService(deps: MatchServiceDependencies) {
  const { readModel, catalogue, wire, viewers, favourites: favouritesService } = deps;
  const pages: ListCache<Buffer> = createListCache({
    readModel,
    now: () => deps.now().getTime(),
    sizeOf: (bytes) => bytes.length,
    freshnessMs: deps.listFreshnessMs,
  });

  function matchOf(
    state: EventState,
    form: WireForm,
    viewer: Viewer,
    favourites: FavouriteIndex | null,
  ): MatchWire {
    const { visibility } = viewer;
    const sportId = state.fixture.sportId;
    const base = wire.matchOf(
      state,
      form,
      viewer.pricing,
      visibility.hiddenPlays(sportId),
      visibility.playsKey(sportId),
      viewer.language,
    );
    const flags = flagsOf(state, favourites);
    return flags ? { ...base, ...flags } : base;
  }

  function matchBytesOf(
    state: EventState,
    form: WireForm,
    viewer: Viewer,
    favourites: FavouriteIndex | null,
  ): Buffer {
    const { visibility } = viewer;
    const sportId = state.fixture.sportId;
    const bytes = wire.matchBytesOf(
      state,
      form,
      viewer.pricing,
      visibility.hiddenPlays(sportId),
      visibility.playsKey(sportId),
      viewer.language,
    );
    return withFavouriteFlags(bytes, flagsOf(state, favourites));
  }

  /** The event a details call names, if this viewer may see it; otherwise "no such match". */
  function requireMatch(viewer: Viewer, matchId: number, sportId: number | undefined): EventState {
    requireKnownSport(sportId);
    const state = readModel.get(matchId);
    const isFound =
      state !== undefined &&
      isVisibleTo(state, viewer) &&
      (sportId === undefined || state.fixture.sportId === sportId);
    if (!isFound) throw new AppError('INVALID_INPUT', 'matchId: no such match');
    return state;
  }

  function page(
    input: Input<typeof matchList>,
    viewer: Viewer,
    favourites: FavouriteIndex | null,
    defaultSize: number,
  ) {
    const selection: Selection = {
      type: input.type ?? matchListType.all,
      sportId: requireKnownSport(input.sportId ?? input.sport),
      leagueId: input.leagueId,
      tag: input.tag,
    };
    const { events, counts } = selectEvents(readModel, viewer, selection, {
      nowMs: deps.now().getTime(),
      favourites: favourites ?? noFavourites,
    });
    const size = input.size ?? defaultSize;
    const pageNumber = input.page ?? 1;
    const form: WireForm =
      selection.type === matchListType.results
        ? { kind: 'bare' }
        : { kind: 'list', rows: input.rows ?? defaultRows };
    return {
      events: events.slice((pageNumber - 1) * size, pageNumber * size),
      total: events.length,
      counts: [...counts].map(([sportId, count]) => ({ sportId, count })),
      page: pageNumber,
      size,
      form,
    };
  }

  /** A page of the list as JSON bytes, from the cache when the same page was asked lately. */
  async function pageBytes(
    kind: 'list' | 'legList',
    input: Input<typeof matchList>,
    context: CallContext,
  ): Promise<Buffer> {
    const viewer = await viewers.resolve(context);
    const favourites = await favouritesService.indexOf(viewer);
    return pages.get(pageKeyOf(kind, input, viewer, favourites), async () => {
      const defaultSize = kind === 'list' ? defaultPageSize : defaultLegListSize;
      const result = page(input, viewer, favourites, defaultSize);
      const parts = result.events.map((state) =>
        matchBytesOf(state, result.form, viewer, favourites),
      );
      if (kind === 'legList') return recordsJson(parts);
      const { total, size, counts } = result;
      return recordsJson(parts, { total, page: result.page, size, counts });
    });
  }

  return {
    /** SPEC's match list: the page of matches and the per-sport counts of the tabs. */
    async list(input: Input<typeof matchList>, context: CallContext) {
      const bytes = await pageBytes('list', input, context);
      return new JsonBytes<z.input<(typeof matchList)['output']>>(bytes);
    },

    async details(input: Input<typeof matchDetails>, context: CallContext): Promise<MatchWire> {
      const viewer = await viewers.resolve(context);
      const state = requireMatch(viewer, input.matchId, input.sportId);
      const favourites = await favouritesService.indexOf(viewer);
      return matchOf(state, { kind: 'full' }, viewer, favourites);
    },

    async marketOptions(input: Input<typeof matchMarketOptions>, context: CallContext) {
      const viewer = await viewers.resolve(context);
      const state = requireMatch(viewer, input.matchId, input.sportId);
      const match = matchOf(state, { kind: 'full' }, viewer, null);
      const z =
        input.playId === undefined
          ? match.z
          : Object.fromEntries(
              Object.entries(match.z).filter(([playId]) => playId === String(input.playId)),
            );
      return { a: match.a, b: match.b, z, mc: match.mc };
    },

    /**
     * getlegList: with match ids, those matches with every market so that slip items can be
     * refreshed; without, a page of open matches as the list shows them.
     */
    async legList(input: Input<typeof matchLegList>, context: CallContext) {
      if (input.matchId === undefined) {
        const bytes = await pageBytes('legList', input, context);
        return new JsonBytes<z.input<(typeof matchLegList)['output']>>(bytes);
      }
      const viewer = await viewers.resolve(context);
      const sportId = requireKnownSport(input.sportId ?? input.sport);
      const favourites = await favouritesService.indexOf(viewer);
      const parts: Buffer[] = [];
      for (const matchId of new Set(input.matchId).values()) {
        const state = readModel.get(matchId);
        if (!state || !isVisibleTo(state, viewer)) continue;
        if (sportId !== undefined && state.fixture.sportId !== sportId) continue;
        parts.push(matchBytesOf(state, { kind: 'full' }, viewer, favourites));
        if (parts.length >= (input.size ?? defaultLegListSize)) break;
      }
      return new JsonBytes<z.input<(typeof matchLegList)['output']>>(recordsJson(parts));
    },

    /** Open matches whose teams, title or league contain the keyword, in list order. */
    async search(input: Input<typeof matchSearch>, context: CallContext) {
      const viewer = await viewers.resolve(context);
      const sportId = requireKnownSport(input.sportId);
      const keyword = input.keyword.toLocaleLowerCase();
      const favourites = await favouritesService.indexOf(viewer);
      const found: EventState[] = [];
      for (const state of readModel.all()) {
        const { fixture } = state;
        if (isFinished(state.status) || !isVisibleTo(state, viewer)) continue;
        if (sportId !== undefined && fixture.sportId !== sportId) continue;
        // A member finds a match by its names in any language, whatever the page's.
        const haystack = [
          ...namesOfEveryLanguage(fixture.name, fixture.names),
          ...namesOfEveryLanguage(fixture.league.name, fixture.league.names),
          ...fixture.competitors.flatMap((c) => namesOfEveryLanguage(c.name, c.names)),
        ];
        if (haystack.some((text) => text.toLocaleLowerCase().includes(keyword))) found.push(state);
      }
      found.sort(compareForList);
      const records = found
        .slice(0, input.size ?? 20)
        .map((state) => matchOf(state, { kind: 'list', rows: defaultRows }, viewer, favourites));
      return { records };
    },

    /**
     * Finished and called-off matches, latest first: those the read model holds, then older ones
     * from the catalogue (the read model lets finished matches go after a few hours, and a
     * restarted process starts without them), in one order and one wire form.
     */
    async results(input: Input<typeof matchResultList>, context: CallContext) {
      const viewer = await viewers.resolve(context);
      const sportId = requireKnownSport(input.sportId);
      const { events } = selectEvents(
        readModel,
        viewer,
        { type: matchListType.results, sportId, leagueId: input.leagueId },
        { nowMs: deps.now().getTime(), favourites: noFavourites },
      );
      // A match called off ahead of its day joins the results when its day comes, not before:
      // the newest result is never one of the days still to come.
      const endTime = Math.min(input.endTime ?? Number.POSITIVE_INFINITY, deps.now().getTime() + 1);
      const inMemory: ResultEntry[] = events
        .filter(
          (state) =>
            (input.startTime === undefined || state.fixture.startTime >= input.startTime) &&
            state.fixture.startTime < endTime,
        )
        .map((state) => ({ fixture: state.fixture, status: state.status, state }));
      const size = input.size ?? defaultPageSize;
      const pageNumber = input.page ?? 1;
      const offset = (pageNumber - 1) * size;
      const slice = storedSliceFor(inMemory.length, offset, size);
      const stored = await catalogue.finishedEvents({
        statuses: finishedStatusNames,
        hiddenSportIds: sportCatalogue
          .filter((sport) => !viewer.visibility.isSportVisible(sport.sportId))
          .map((sport) => sport.sportId),
        sportId,
        leagueId: input.leagueId,
        leagueIds: viewer.leagueIds ? [...viewer.leagueIds] : null,
        startFrom: input.startTime,
        startBefore: endTime,
        // What memory holds, finished or not, memory answers: it is never behind the catalogue.
        excludedEventIds: Array.from(readModel.all(), (state) => state.fixture.eventId),
        ...slice,
      });
      const entries = pageOfMerged<ResultEntry>({
        memory: inMemory,
        stored: stored.events,
        storedOffset: slice.offset,
        offset,
        size,
        compare: compareForResults,
      });
      const records = entries.map((entry) => {
        const fixture = fixtureIn(entry.fixture, viewer.language);
        return {
          ...(entry.state
            ? wire.eventInfoOf(entry.state, viewer.language)
            : eventInfoOf(fixture, entry.status)),
          l: fixture.league.id,
          ln: fixture.league.name,
          t: fixture.startTime,
          rs: entry.status.status,
        };
      });
      return { records, total: inMemory.length + stored.total, page: pageNumber, size };
    },

    /** Featured matches of the hot leagues, live first. */
    async hotList(input: Input<typeof matchHotList>, context: CallContext) {
      const viewer = await viewers.resolve(context);
      const favourites = await favouritesService.indexOf(viewer);
      const events = hotEvents(viewer, requireKnownSport(input.sportId), input.size ?? 10);
      const rows = input.rows ?? defaultRows;
      return {
        records: events.map((state) => matchOf(state, { kind: 'list', rows }, viewer, favourites)),
      };
    },

    /** Open matches of the busiest leagues (live ones count double), live first. */
    hotEvents,
  };

  function hotEvents(viewer: Viewer, sportId: number | undefined, size: number): EventState[] {
    const { events } = selectEvents(
      readModel,
      viewer,
      { type: matchListType.all, sportId },
      { nowMs: deps.now().getTime(), favourites: noFavourites },
    );
    const matches = events.filter((state) => state.fixture.kind === 'match');
    const hotLeagues = new Set(
      groupByLeague(matches, viewer.language, 2)
        .slice(0, 10)
        .map((league) => league.leagueId),
    );
    return matches.filter((state) => hotLeagues.has(state.fixture.league.id)).slice(0, size);
  }
}

export type MatchService = ReturnType<typeof createMatchService>;
