import {
  type Language,
  type matchEcho,
  type matchEvent,
  type matchHeadToHead,
  matchListType,
  type matchLiveSwitch,
  type playTableEntrySchema,
  type tableParameters,
} from '@sb/contract';
import { playLayoutOf } from '@sb/domain';
import type { PastMatch, SeededPast } from '@sb/feed-sim';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { CallContext } from '../../http/request-context';
import { leagueIn, nameIn } from '../feed/feed.service';
import type { EventState, ReadModel } from '../feed/feed.types';
import { liveFlagOf } from './event-info';
import { type MatchService, requireKnownSport } from './match.service';
import {
  groupByLeague,
  isVisibleTo,
  noFavourites,
  selectEvents,
  sportCountsFor,
  tallyOpenEvents,
} from './match-query';
import type { MatchWireBuilder } from './match-wire';
import { basketballPeriodPlays, sportCatalogue } from './sports';
import type { StreamProvider } from './stream-provider';
import type { Viewer, ViewerResolver } from './viewer';

type Input<C extends { input: z.ZodType }> = z.output<C['input']>;
type TableInput = z.output<z.ZodObject<typeof tableParameters>>;
type PlayTableEntry = z.infer<typeof playTableEntrySchema>;

/** Play names and sizes are read from the book; they change rarely, so they are kept a minute. */
const playTableTtlMs = 60_000;
const basketballSportId = 2;

/** Counts, leagues, events, streams, app init and layouts: the calls around the lists. */
/** The sports the viewer may see, in catalogue order, named in the caller's language. */
function visibleSports(viewer: Viewer, language: Language) {
  return sportCatalogue
    .filter((sport) => viewer.visibility.isSportVisible(sport.sportId))
    .map((sport) => ({
      sportId: sport.sportId,
      name: sport.names[language],
      virtual: sport.virtual,
    }));
}

export function createMatchInfoService(deps: {
  readModel: ReadModel;
  wire: MatchWireBuilder;
  viewers: ViewerResolver;
  matches: MatchService;
  streams: StreamProvider;
  /** The sides' past, when the feed keeps one (the simulator's seeded past). */
  records?: SeededPast | undefined;
  now: () => Date;
}) {
  const { readModel, wire, viewers, streams: streamProvider } = deps;
  const playTables = new Map<number, { entries: PlayTableEntry[]; builtAt: number }>();

  async function leaguesFor(input: TableInput, context: CallContext) {
    const viewer = await viewers.resolve(context);
    const { events } = selectEvents(
      readModel,
      viewer,
      {
        type: input.type ?? matchListType.all,
        sportId: requireKnownSport(input.sportId ?? input.sport),
        tag: input.tag,
      },
      { nowMs: deps.now().getTime(), favourites: noFavourites },
    );
    return events;
  }

  /** Every play the book offers in a sport, with its name and layout, in display order. */
  function playTableOf(sportId: number): PlayTableEntry[] {
    const at = deps.now().getTime();
    const cached = playTables.get(sportId);
    if (cached && at - cached.builtAt < playTableTtlMs) return cached.entries;
    const plays = new Map<number, { name: string; outcomes: number }>();
    for (const state of readModel.all()) {
      if (state.fixture.sportId !== sportId) continue;
      for (const market of state.markets.values()) {
        const play = plays.get(market.playId);
        const outcomes = Math.max(play?.outcomes ?? 0, market.outcomes.length);
        plays.set(market.playId, { name: play?.name ?? market.name, outcomes });
      }
    }
    const entries = [...plays].map(([playId, play]) => {
      const layout = playLayoutOf(playId);
      return {
        playId,
        name: play.name,
        sort: layout.sort,
        columns: Math.min(layout.columns, play.outcomes),
      };
    });
    entries.sort((left, right) => left.sort - right.sort || left.playId - right.playId);
    playTables.set(sportId, { entries, builtAt: at });
    return entries;
  }

  async function visiblePlayTable(
    sportId: number,
    context: CallContext,
    keep = (_playId: number) => true,
  ) {
    const viewer = await viewers.resolve(context);
    if (!viewer.visibility.isSportVisible(sportId)) return [];
    const hidden = viewer.visibility.hiddenPlays(sportId);
    return playTableOf(sportId).filter((entry) => !hidden.has(entry.playId) && keep(entry.playId));
  }

  return {
    /** Open matches per visible sport: live, today, early and in all. */
    async count(context: CallContext) {
      const viewer = await viewers.resolve(context);
      const tally = tallyOpenEvents(readModel.all(), deps.now().getTime());
      return visibleSports(viewer, context.language).map((sport) => {
        const { live, today, early, total } = sportCountsFor(tally, sport.sportId, viewer);
        return { ...sport, live, today, early, total };
      });
    },

    async leagues(input: TableInput, context: CallContext) {
      return groupByLeague(await leaguesFor(input, context), context.language);
    },

    async basketballLeagues(input: { type?: number | undefined }, context: CallContext) {
      return groupByLeague(
        await leaguesFor({ ...input, sportId: basketballSportId }, context),
        context.language,
      );
    },

    async tags(input: TableInput, context: CallContext) {
      const tags = new Map<string, number>();
      for (const state of await leaguesFor({ ...input, tag: undefined }, context)) {
        const category = leagueIn(state.fixture.league, context.language).category;
        tags.set(category, (tags.get(category) ?? 0) + 1);
      }
      return [...tags]
        .map(([tag, count]) => ({ tag, count }))
        .sort((left, right) => right.count - left.count || left.tag.localeCompare(right.tag));
    },

    async hotLeagues(
      input: { sportId?: number | undefined; size?: number | undefined },
      context: CallContext,
    ) {
      const viewer = await viewers.resolve(context);
      const { events } = selectEvents(
        readModel,
        viewer,
        { type: matchListType.all, sportId: requireKnownSport(input.sportId) },
        { nowMs: deps.now().getTime(), favourites: noFavourites },
      );
      return groupByLeague(events, viewer.language, 2).slice(0, input.size ?? 10);
    },

    async banners(context: CallContext) {
      const viewer = await viewers.resolve(context);
      return deps.matches.hotEvents(viewer, undefined, 5).map((state, index) => {
        const info = wire.eventInfoOf(state, viewer.language);
        return {
          id: index + 1,
          title: info.r ? `${info.o} vs ${info.r}` : info.o,
          imageUrl: `${viewer.settings.staticUrl}/banner/${state.fixture.sportId}.jpg`,
          sportId: state.fixture.sportId,
          matchId: state.fixture.eventId,
          startTime: state.fixture.startTime,
        };
      });
    },

    /** Event objects of the listed matches, or of every live match (of one sport). */
    async events(input: Input<typeof matchEvent>, context: CallContext) {
      const viewer = await viewers.resolve(context);
      const sportId = requireKnownSport(input.sportId);
      const chosen: EventState[] = [];
      if (input.matchId) {
        for (const matchId of new Set(input.matchId)) {
          const state = readModel.get(matchId);
          if (state) chosen.push(state);
        }
      } else {
        for (const state of readModel.all()) if (state.status.status === 'live') chosen.push(state);
      }
      return chosen
        .filter((state) => isVisibleTo(state, viewer))
        .filter((state) => sportId === undefined || state.fixture.sportId === sportId)
        .map((state) => wire.eventInfoOf(state, viewer.language));
    },

    /** Streams of live matches; none at all when the viewer's isShow is off (SPEC §6). */
    async live(input: { sportId?: number | undefined }, context: CallContext) {
      const viewer = await viewers.resolve(context);
      const sportId = requireKnownSport(input.sportId);
      if (!viewer.isShow) return { isShow: false, records: [] };
      const records = [];
      for (const state of readModel.all()) {
        if (state.status.status !== 'live' || !isVisibleTo(state, viewer)) continue;
        if (sportId !== undefined && state.fixture.sportId !== sportId) continue;
        const streams = streamProvider.offersOf(state);
        if (streams.video || streams.animation)
          records.push({ a: state.fixture.sportId, b: state.fixture.eventId, ...streams });
      }
      return { isShow: true, records };
    },

    async liveSwitch(input: Input<typeof matchLiveSwitch>, context: CallContext) {
      const viewer = await viewers.resolve(context);
      requireKnownSport(input.sportId);
      const state = readModel.get(input.matchId);
      const isFound =
        state !== undefined &&
        isVisibleTo(state, viewer) &&
        (input.sportId === undefined || state.fixture.sportId === input.sportId);
      if (!state || !isFound) throw new AppError('INVALID_INPUT', 'matchId: no such match');
      const type = input.type ?? 1;
      const kind = type === 1 ? 'video' : 'animation';
      const isOpen = viewer.isShow && streamProvider.offersOf(state)[kind];
      return {
        b: input.matchId,
        type,
        isOpen,
        url: isOpen ? streamProvider.addressOf(state, kind, viewer.settings) : '',
      };
    },

    /** The two sides' past meetings and recent form, when the book keeps a record of them. */
    async headToHead(input: Input<typeof matchHeadToHead>, context: CallContext) {
      const viewer = await viewers.resolve(context);
      requireKnownSport(input.sportId);
      const state = readModel.get(input.matchId);
      if (
        !state ||
        !isVisibleTo(state, viewer) ||
        (input.sportId !== undefined && state.fixture.sportId !== input.sportId)
      )
        throw new AppError('INVALID_INPUT', 'matchId: no such match');
      const [home, away] = state.fixture.competitors;
      const record =
        state.fixture.kind === 'match' && home && away
          ? deps.records?.headToHead(home.id, away.id, state.fixture.startTime)
          : null;
      const { language } = viewer;
      const wireOf = (match: PastMatch) => ({
        t: match.startTime,
        leagueName: nameIn(match.leagueName, match.leagueNames, language),
        homeId: match.home.id,
        homeName: nameIn(match.home.name, match.home.names, language),
        awayId: match.away.id,
        awayName: nameIn(match.away.name, match.away.names, language),
        homeScore: match.homeScore,
        awayScore: match.awayScore,
      });
      return {
        b: input.matchId,
        meetings: record?.meetings.map(wireOf) ?? [],
        homeForm: record?.homeForm.map(wireOf) ?? [],
        awayForm: record?.awayForm.map(wireOf) ?? [],
      };
    },

    /** Where each listed match stands now, for a client deciding what to fetch again. */
    async echo(input: Input<typeof matchEcho>, context: CallContext) {
      const viewer = await viewers.resolve(context);
      const records = [];
      for (const matchId of new Set(input.matchId)) {
        const state = readModel.get(matchId);
        if (!state || !isVisibleTo(state, viewer)) continue;
        records.push({
          a: state.fixture.sportId,
          b: matchId,
          seq: state.seq,
          epoch: readModel.epoch,
          c: wire.eventInfoOf(state, viewer.language).c,
          g: liveFlagOf(state.status),
          mc: wire.marketCountOf(state, viewer.visibility.hiddenPlays(state.fixture.sportId)),
        });
      }
      return records;
    },

    async sysinit(context: CallContext) {
      const viewer = await viewers.resolve(context);
      return {
        staticUrl: viewer.settings.staticUrl,
        control_switch: [...viewer.settings.controlSwitches],
      };
    },

    async sportsType(context: CallContext) {
      const viewer = await viewers.resolve(context);
      return visibleSports(viewer, context.language);
    },

    async playTable(
      input: { sportId?: number | undefined; sport?: number | undefined },
      context: CallContext,
    ) {
      const sportId = requireKnownSport(input.sportId ?? input.sport) ?? 1;
      return visiblePlayTable(sportId, context);
    },

    /** Basketball's layout: table 1 the whole game, table 2 its halves and quarters. */
    async basketballTable(table: 1 | 2, context: CallContext) {
      return visiblePlayTable(basketballSportId, context, (playId) =>
        table === 1 ? !basketballPeriodPlays.has(playId) : basketballPeriodPlays.has(playId),
      );
    },
  };
}

export type MatchInfoService = ReturnType<typeof createMatchInfoService>;
