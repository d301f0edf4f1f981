import type { ModuleContext } from '../module-context';
import type { EndedSessions } from '../modules/identity/identity.types';
import type { MatchWireSource } from '../modules/match/match.module';
import { attachAppSocket, type PublishToMembers, type PublishToUser } from './app-socket';
import { attachMatchSocket } from './match-socket';
import { createSessionEndBus } from './session-end-bus';

export type { AccountEventName, PublishToMembers, PublishToUser } from './app-socket';

/** What other modules use to reach members in real time. */
export interface Realtime {
  /** Sends `balance`, `H` or `J` to every `/app/socket` of a member, on any server process. */
  publishToUser: PublishToUser;
  /** Sends `envelope` to every member's `/app/socket`, on any server process. */
  publishToMembers: PublishToMembers;
  /**
   * Closes the sockets (both endpoints) opened with a token of the ended sessions: this
   * process's at once, the other processes' as soon as they hear it on Redis.
   */
  closeSessionSockets(ended: EndedSessions): void;
}

export interface RealtimeOptions {
  /**
   * How matches are built and for whom: the match module's builder, viewers and settings, so
   * the socket sends exactly what the match calls answer.
   */
  matches: MatchWireSource;
}

const defaultRedisPrefix = 'sb:';

/**
 * Attaches the two Socket.IO endpoints, /app/socket and /match/socket, to the HTTP server. The
 * match socket sends matches in the match module's wire form, from its builder and viewers.
 */
export async function attachRealtime(
  context: ModuleContext,
  options: RealtimeOptions,
): Promise<Realtime> {
  const { app } = context;
  const { matches } = options;
  const log = app.log.child({ module: 'realtime' });
  const match = attachMatchSocket({
    httpServer: app.server,
    readModel: context.readModel,
    authenticate: context.authenticate,
    matches,
    now: () => context.now().getTime(),
    log,
  });
  const redisUrl = context.config.REDIS_URL;
  const account = attachAppSocket({
    httpServer: app.server,
    authenticate: context.authenticate,
    log,
    readModel: context.readModel,
    viewers: matches.viewers,
    ...(redisUrl
      ? { redis: { url: redisUrl, prefix: context.config.REDIS_PREFIX ?? defaultRedisPrefix } }
      : {}),
  });

  const closeHere = (ended: EndedSessions) => {
    account.closeSessions(ended);
    match.closeSessions(ended);
  };
  const sessionEnds = redisUrl
    ? createSessionEndBus({
        redisUrl,
        prefix: context.config.REDIS_PREFIX ?? defaultRedisPrefix,
        onEnded: closeHere,
        onResubscribed: () => {
          void account.recheckAll();
          void match.recheckAll();
        },
        log,
      })
    : undefined;
  // Open sockets would keep the HTTP server from closing: they go first.
  app.addHook('preClose', async () => {
    match.close();
    account.close();
  });
  app.addHook('onClose', async () => {
    await Promise.all([account.closeRedis(), sessionEnds?.close()]);
  });

  return {
    publishToUser: account.publishToUser,
    publishToMembers: account.publishToMembers,
    closeSessionSockets(ended: EndedSessions): void {
      closeHere(ended);
      sessionEnds?.announce(ended);
    },
  };
}
