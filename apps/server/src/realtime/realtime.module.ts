import type { ModuleContext } from '../module-context';
import type { MatchWireSource } from '../modules/match/match.module';
import { attachAppSocket, type PublishToUser } from './app-socket';
import { attachMatchSocket } from './match-socket';

export type { AccountEventName, PublishToUser } from './app-socket';

/** What other modules use to reach members in real time. */
export interface Realtime {
  /** Sends `balance`, `H` or `J` to every `/app/socket` of a member, on any server process. */
  publishToUser: PublishToUser;
  /** Closes every `/app/socket` of a member, on any server process. */
  disconnectUser(userId: number): void;
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

  // Open sockets would keep the HTTP server from closing: they go first.
  app.addHook('preClose', async () => {
    match.close();
    account.close();
  });
  app.addHook('onClose', async () => {
    await account.closeRedis();
  });

  return {
    publishToUser: account.publishToUser,
    disconnectUser: (userId: number) => account.disconnectUser(userId),
  };
}
