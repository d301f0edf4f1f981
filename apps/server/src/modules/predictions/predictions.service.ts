import { type Language, predictionPoints } from '@sb/contract';
import { dateOfDisplayDay, displayDayOf, displayDayOfDate, displayDayStartMs } from '@sb/domain';
import { AppError } from '../../http/app-error';
import type { CallContext } from '../../http/request-context';
import type { Catalogue, CatalogueEvent } from '../catalogue/catalogue.service';
import { nameIn } from '../feed/feed.service';
import type { EventState, ReadModel } from '../feed/feed.types';
import type { IdentityService } from '../identity/identity.service';
import type { Viewer, ViewerResolver } from '../match/match.types';
import type { PredictionsRepository } from './predictions.repository';
import type { MatchPredictionRow } from './predictions.schema';
import {
  fairProbabilitiesOf,
  isPredictable,
  isUpcoming,
  matchesKeyword,
  type Previews,
} from './previews.service';

/**
 * A result read this long after kick-off is final: the feed corrects a result (a goal ruled out)
 * within minutes of settling it, so later reads of the catalogue would answer the same.
 */
const finalAfterMs = 12 * 3_600_000;
/** Final results kept in memory at most. */
const resultCacheLimit = 20_000;

interface Page {
  page: number;
  size: number;
}

/** What a prediction's match came to, as far as the catalogue knows. */
type Outcome =
  | { state: 'open' | 'pending' | 'void' }
  | { state: 'scored'; homeScore: number; awayScore: number };

const sign = (home: number, away: number) => Math.sign(home - away);

/** Points of a prediction against the result: 5 exact, 2 the right result, 0 otherwise. */
export function pointsFor(
  prediction: { homeScore: number; awayScore: number },
  result: { homeScore: number; awayScore: number },
): number {
  if (prediction.homeScore === result.homeScore && prediction.awayScore === result.awayScore)
    return predictionPoints.exactScore;
  return sign(prediction.homeScore, prediction.awayScore) ===
    sign(result.homeScore, result.awayScore)
    ? predictionPoints.rightResult
    : predictionPoints.wrong;
}

/** The display week (Monday to Sunday in the display zone) holding display day `day`. */
export function displayWeekOf(day: number) {
  // Display day 0 (1970-01-01) was a Thursday: Monday is 3 days before it.
  const monday = day - ((((day + 3) % 7) + 7) % 7);
  return {
    weekStart: dateOfDisplayDay(monday),
    weekEnd: dateOfDisplayDay(monday + 6),
    startsAt: displayDayStartMs(monday),
    endsAt: displayDayStartMs(monday + 7),
  };
}

/** An account name with its middle hidden: `ab***z`. */
export function maskedName(account: string | null | undefined): string {
  if (!account) return '***';
  if (account.length <= 3) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 2)}***${account.slice(-1)}`;
}

const wireOf = (row: MatchPredictionRow) => ({
  matchId: row.matchId,
  homeScore: row.homeScore,
  awayScore: row.awayScore,
  createdAt: row.createdAt.getTime(),
  updatedAt: row.updatedAt.getTime(),
});

const share = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 1_000_000) / 1_000_000;

export function createPredictionsService(deps: {
  repository: PredictionsRepository;
  readModel: ReadModel;
  catalogue: Catalogue;
  viewers: ViewerResolver;
  identity: Pick<IdentityService, 'accountNames'>;
  previews: Previews;
  now: () => Date;
}) {
  const { repository, readModel, catalogue, viewers, previews } = deps;
  const finalResults = new Map<number, CatalogueEvent>();

  const isShownTo = (state: EventState, viewer: Viewer) =>
    viewer.visibility.isSportVisible(state.fixture.sportId) &&
    (viewer.leagueIds === null || viewer.leagueIds.has(state.fixture.league.id));

  /** Upcoming predictable matches the viewer may see, by kick-off, then id. */
  function upcomingFor(
    viewer: Viewer,
    filter: { sportId?: number | undefined; leagueId?: number | undefined; keyword?: string },
  ): EventState[] {
    const nowMs = deps.now().getTime();
    const chosen: EventState[] = [];
    for (const state of readModel.all()) {
      if (!isUpcoming(state, nowMs) || !isPredictable(state) || !isShownTo(state, viewer)) continue;
      if (filter.sportId !== undefined && state.fixture.sportId !== filter.sportId) continue;
      if (filter.leagueId !== undefined && state.fixture.league.id !== filter.leagueId) continue;
      if (filter.keyword !== undefined && !matchesKeyword(state, filter.keyword)) continue;
      chosen.push(state);
    }
    return chosen.sort(
      (left, right) =>
        left.fixture.startTime - right.fixture.startTime ||
        left.fixture.eventId - right.fixture.eventId,
    );
  }

  const pageOf = <T>(items: readonly T[], page: Page) =>
    items.slice((page.page - 1) * page.size, page.page * page.size);

  /** A predictable match the viewer may see, upcoming or not; refused otherwise. */
  async function requireShown(matchId: number, context: CallContext) {
    const viewer = await viewers.resolve(context);
    const state = readModel.get(matchId);
    if (!state || !isPredictable(state) || !isShownTo(state, viewer))
      throw new AppError('PREDICTION_MATCH_UNAVAILABLE', `matchId: no upcoming match ${matchId}`);
    return { state, viewer };
  }

  /** The catalogue's word on a match, kept once it is final. */
  async function eventOf(matchId: number): Promise<CatalogueEvent | undefined> {
    const kept = finalResults.get(matchId);
    if (kept) return kept;
    const event = await catalogue.eventOf(matchId);
    if (event && deps.now().getTime() - event.fixture.startTime > finalAfterMs) {
      if (finalResults.size >= resultCacheLimit) finalResults.clear();
      finalResults.set(matchId, event);
    }
    return event;
  }

  function outcomeOf(event: CatalogueEvent | undefined, kickOffAt: number): Outcome {
    const nowMs = deps.now().getTime();
    const status = event?.status.status;
    if (status === 'cancelled' || status === 'abandoned') return { state: 'void' };
    if ((status === 'ended' || status === 'closed') && event?.result)
      return {
        state: 'scored',
        homeScore: event.result.homeScore,
        awayScore: event.result.awayScore,
      };
    const startTime = event?.fixture.startTime ?? kickOffAt;
    return { state: startTime > nowMs && status !== 'live' ? 'open' : 'pending' };
  }

  async function outcomesOf(rows: readonly MatchPredictionRow[]) {
    const matchIds = [...new Set(rows.map((row) => row.matchId))];
    const events = new Map<number, CatalogueEvent | undefined>();
    for (const matchId of matchIds) events.set(matchId, await eventOf(matchId));
    return events;
  }

  /** The match of a prediction named in `language`: from memory, else from the catalogue. */
  function headOf(row: MatchPredictionRow, event: CatalogueEvent | undefined, language: Language) {
    const state = readModel.get(row.matchId);
    if (state) return previews.headOf(state, language);
    const fixture = event?.fixture;
    const [home, away] = fixture?.competitors ?? [];
    return {
      matchId: row.matchId,
      sportId: row.sportId,
      leagueId: fixture?.league.id ?? 0,
      leagueName: fixture ? nameIn(fixture.league.name, fixture.league.names, language) : '',
      homeId: home?.id ?? 0,
      homeName: home ? nameIn(home.name, home.names, language) : '',
      awayId: away?.id ?? 0,
      awayName: away ? nameIn(away.name, away.names, language) : '',
      startTime: fixture?.startTime ?? row.kickOffAt.getTime(),
    };
  }

  return {
    async previewList(
      input: Page & { sportId?: number | undefined; leagueId?: number | undefined },
      context: CallContext,
    ) {
      const viewer = await viewers.resolve(context);
      const matches = upcomingFor(viewer, input);
      return {
        records: pageOf(matches, input).map((state) => previews.summaryOf(state, viewer.language)),
        total: matches.length,
      };
    },

    async previewFind(input: Page & { keyword: string }, context: CallContext) {
      const viewer = await viewers.resolve(context);
      const matches = upcomingFor(viewer, { keyword: input.keyword });
      return {
        records: pageOf(matches, input).map((state) => previews.summaryOf(state, viewer.language)),
        total: matches.length,
      };
    },

    async preview(matchId: number, context: CallContext) {
      const { state, viewer } = await requireShown(matchId, context);
      if (!isUpcoming(state, deps.now().getTime()))
        throw new AppError('PREDICTION_MATCH_UNAVAILABLE', `matchId: match ${matchId} has started`);
      return previews.previewOf(state, viewer.language);
    },

    async predictList(
      input: Page & { sportId?: number | undefined; leagueId?: number | undefined },
      context: CallContext,
    ) {
      const viewer = await viewers.resolve(context);
      const upcoming = upcomingFor(viewer, input);
      const matches = pageOf(upcoming, input);
      const total = upcoming.length;
      const matchIds = matches.map((state) => state.fixture.eventId);
      const userId = context.user && context.user.memberId > 0 ? context.user.userId : null;
      const [counts, mine] = await Promise.all([
        repository.pickCounts(matchIds),
        userId === null ? [] : repository.ofMember(userId, matchIds),
      ]);
      const mineByMatch = new Map(mine.map((row) => [row.matchId, row]));
      return {
        records: matches.map((state) => {
          const split = counts.get(state.fixture.eventId) ?? { home: 0, draw: 0, away: 0 };
          const count = split.home + split.draw + split.away;
          const own = mineByMatch.get(state.fixture.eventId);
          return {
            ...previews.headOf(state, viewer.language),
            probabilities: fairProbabilitiesOf(state),
            picks: {
              count,
              home: share(split.home, count),
              draw: share(split.draw, count),
              away: share(split.away, count),
            },
            mine: own ? wireOf(own) : null,
          };
        }),
        total,
      };
    },

    /**
     * Enters or changes the member's prediction. Refused once the match has kicked off (its
     * start time reached on the server's clock, or the feed saying it is under way).
     */
    async submit(
      input: { matchId: number; homeScore: number; awayScore: number },
      userId: number,
      context: CallContext,
    ) {
      const at = deps.now();
      const state = readModel.get(input.matchId);
      if (!state) {
        const known = await catalogue.eventOf(input.matchId);
        if (known && known.fixture.startTime <= at.getTime())
          throw new AppError('PREDICTION_CLOSED', `matchId: match ${input.matchId} has started`);
      }
      const shown = await requireShown(input.matchId, context);
      if (!isUpcoming(shown.state, at.getTime()))
        throw new AppError('PREDICTION_CLOSED', `matchId: match ${input.matchId} has started`);
      const row = await repository.upsert({
        userId,
        matchId: input.matchId,
        sportId: shown.state.fixture.sportId,
        homeScore: input.homeScore,
        awayScore: input.awayScore,
        kickOffAt: new Date(shown.state.fixture.startTime),
        at,
      });
      return wireOf(row);
    },

    async mine(input: Page, userId: number, context: CallContext) {
      const { rows, total } = await repository.pageOfMember(
        userId,
        input.size,
        (input.page - 1) * input.size,
      );
      const events = await outcomesOf(rows);
      return {
        records: rows.map((row) => {
          const event = events.get(row.matchId);
          const outcome = outcomeOf(event, row.kickOffAt.getTime());
          const result =
            outcome.state === 'scored'
              ? { homeScore: outcome.homeScore, awayScore: outcome.awayScore }
              : null;
          return {
            ...wireOf(row),
            match: headOf(row, event, context.language),
            state: outcome.state,
            result,
            points: result ? pointsFor(row, result) : null,
          };
        }),
        total,
      };
    },

    /**
     * The week's leaderboard: every member with a prediction of a match kicking off in the week,
     * by points, then exact scores, then the earliest first entry, then the lower user id (two
     * entries in the same millisecond).
     */
    async leaderboard(input: { date?: string | undefined; size: number }, context: CallContext) {
      const day =
        input.date === undefined
          ? displayDayOf(deps.now().getTime())
          : displayDayOfDate(input.date);
      const week = displayWeekOf(day);
      const rows = await repository.inWindow(new Date(week.startsAt), new Date(week.endsAt));
      const events = await outcomesOf(rows);
      const lines = new Map<
        number,
        {
          userId: number;
          points: number;
          exactScores: number;
          rightResults: number;
          scored: number;
          firstEntryAt: number;
        }
      >();
      for (const row of rows) {
        let line = lines.get(row.userId);
        if (!line) {
          line = {
            userId: row.userId,
            points: 0,
            exactScores: 0,
            rightResults: 0,
            scored: 0,
            firstEntryAt: row.createdAt.getTime(),
          };
          lines.set(row.userId, line);
        }
        line.firstEntryAt = Math.min(line.firstEntryAt, row.createdAt.getTime());
        const outcome = outcomeOf(events.get(row.matchId), row.kickOffAt.getTime());
        if (outcome.state !== 'scored') continue;
        const points = pointsFor(row, outcome);
        line.scored += 1;
        line.points += points;
        if (points === predictionPoints.exactScore) line.exactScores += 1;
        else if (points === predictionPoints.rightResult) line.rightResults += 1;
      }
      const ranked = [...lines.values()].sort(
        (left, right) =>
          right.points - left.points ||
          right.exactScores - left.exactScores ||
          left.firstEntryAt - right.firstEntryAt ||
          left.userId - right.userId,
      );
      const ownUserId = context.user && context.user.memberId > 0 ? context.user.userId : null;
      const ownIndex =
        ownUserId === null ? -1 : ranked.findIndex((line) => line.userId === ownUserId);
      const shown = ranked.slice(0, input.size);
      const named = ownIndex >= 0 ? [...shown, ranked[ownIndex] as (typeof ranked)[0]] : shown;
      const names = await deps.identity.accountNames([
        ...new Set(named.map((line) => line.userId)),
      ]);
      const entryOf = (line: (typeof ranked)[0], index: number) => ({
        rank: index + 1,
        name: maskedName(names.get(line.userId)),
        points: line.points,
        exactScores: line.exactScores,
        rightResults: line.rightResults,
        scored: line.scored,
        firstEntryAt: line.firstEntryAt,
      });
      return {
        ...week,
        records: shown.map(entryOf),
        mine: ownIndex >= 0 ? entryOf(ranked[ownIndex] as (typeof ranked)[0], ownIndex) : null,
      };
    },
  };
}

export type PredictionsService = ReturnType<typeof createPredictionsService>;
