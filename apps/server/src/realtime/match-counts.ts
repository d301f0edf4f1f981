import type { SportCountsEvent } from '@sb/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ReadModel } from '../modules/feed/feed.types';
import {
  endOfDisplayDay,
  sportCatalogue,
  sportCountsFor,
  tallyOpenEvents,
} from '../modules/match/match.service';
import type { OpenEventTally, Viewer } from '../modules/match/match.types';
import { startPeriodicJob } from '../platform/periodic-job';
import { leagueKeyOf } from './match-audiences';
import type { MatchServer } from './match-broadcast';
import type { MatchSocket } from './match-requests';

/**
 * Counts reach sockets at most this often: a burst of arrivals and kick-offs costs one message
 * per audience, and a tab count a second late is still news before the list is read again.
 */
export const countsIntervalMs = 1_000;

type CountViewer = Pick<Viewer, 'visibility' | 'leagueIds'>;

/**
 * The sockets whose counts are alike: the same hidden sports and the same leagues. Margins and
 * hidden plays never change which matches a list holds, so they do not split an audience here.
 */
export function countsRoomOf(viewer: CountViewer): string {
  const hidden = sportCatalogue
    .filter((sport) => !viewer.visibility.isSportVisible(sport.sportId))
    .map((sport) => sport.sportId);
  return `counts:${hidden.join(',')};${leagueKeyOf(viewer.leagueIds)}`;
}

/** The count event for one viewer: every sport they may see, in catalogue order. */
export function sportCountsOf(tally: OpenEventTally, viewer: CountViewer): SportCountsEvent {
  return {
    counts: sportCatalogue
      .filter((sport) => viewer.visibility.isSportVisible(sport.sportId))
      .map((sport) => ({
        sportId: sport.sportId,
        ...sportCountsFor(tally, sport.sportId, viewer),
      })),
  };
}

interface CountAudience {
  viewer: CountViewer;
  /** What the audience's room last heard, and from which tally. */
  sent: SportCountsEvent;
  sentText: string;
  version: number;
}

export interface SportCountsOptions {
  io: MatchServer;
  readModel: ReadModel;
  now: () => number;
  log: FastifyBaseLogger;
}

/**
 * The sport tabs' counts on `/match/socket` (SPEC §2: counts rise when a match arrives). Every
 * socket is in the counts room of its audience and gets that audience's counts on connect; once
 * a second, when the book changed (or the display day turned, which moves matches from early to
 * today), the book is tallied once, by sport and league, and each audience whose counts moved
 * hears them. A match new to the book reaches every count this way, though no one follows it.
 */
export function startSportCounts(options: SportCountsOptions) {
  const { io, readModel, now, log } = options;
  const audiences = new Map<string, CountAudience>();
  let tally: OpenEventTally = new Map();
  let version = 0;
  let isBookChanged = true;
  let dayEndMs = 0;

  const unsubscribe = readModel.subscribe((change) => {
    if (change.kind === 'event' || change.kind === 'reset') isBookChanged = true;
  });

  /** The tally of the book as it stands, counted again only when it may have moved. */
  function currentTally(): OpenEventTally {
    const at = now();
    if (isBookChanged || at >= dayEndMs) {
      isBookChanged = false;
      tally = tallyOpenEvents(readModel.all(), at);
      dayEndMs = endOfDisplayDay(at);
      version += 1;
    }
    return tally;
  }

  function record(room: string, viewer: CountViewer): CountAudience {
    const sent = sportCountsOf(currentTally(), viewer);
    const audience = { viewer, sent, sentText: JSON.stringify(sent), version };
    audiences.set(room, audience);
    return audience;
  }

  function flush(): void {
    try {
      const fresh = currentTally();
      for (const [room, audience] of audiences) {
        if (!io.of('/').adapter.rooms.has(room)) {
          audiences.delete(room);
          continue;
        }
        if (audience.version === version) continue;
        const counts = sportCountsOf(fresh, audience.viewer);
        const text = JSON.stringify(counts);
        audience.version = version;
        if (text === audience.sentText) continue;
        audience.sent = counts;
        audience.sentText = text;
        // Every process tallies its own read model and tells its own sockets: through the
        // Redis adapter each socket would hear every process.
        io.local.to(room).emit('counts', counts);
      }
    } catch (error) {
      // A fault here must never stop the feed or the other messages.
      log.error({ err: error }, 'match socket counts failed');
    }
  }

  const flushes = startPeriodicJob({
    run: flush,
    everyMs: countsIntervalMs,
    onError: (error) => log.error({ err: error }, 'match socket counts failed'),
  });

  return {
    /**
     * Puts the socket in its viewer's counts room (leaving the one it was in, after a change of
     * viewer) and sends it that room's counts at once.
     */
    follow(socket: MatchSocket, viewer: CountViewer, previousRoom?: string): string {
      const room = countsRoomOf(viewer);
      if (previousRoom === room) return room;
      if (previousRoom !== undefined) void socket.leave(previousRoom);
      void socket.join(room);
      const audience = audiences.get(room) ?? record(room, viewer);
      socket.emit('counts', audience.sent);
      return room;
    },
    stop(): void {
      unsubscribe();
      // The flush is synchronous: none is in flight to wait for.
      void flushes.stop();
    },
  };
}
