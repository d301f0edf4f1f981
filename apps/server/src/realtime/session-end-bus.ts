import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { EndedSessions } from '../modules/identity/identity.types';

/** The channel session ends are told on, under the deployment's Redis prefix. */
export const sessionEndChannel = (prefix: string) => `${prefix}session-ends`;

/** The name of a process's subscription to it, as Redis lists its clients. */
export const sessionEndSubscriberName = (prefix: string) =>
  `${prefix}session-ends`.replace(/[^\w:.-]/g, '_');

/** A message heard on the channel, if it is one this bus sends. */
function endedSessionsOf(message: string): EndedSessions | undefined {
  try {
    const { userId, sessionId } = JSON.parse(message) as Partial<EndedSessions>;
    const isId = (value: unknown): value is number =>
      typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
    if (!isId(userId) || !(sessionId === null || isId(sessionId))) return undefined;
    return { userId, sessionId };
  } catch {
    return undefined;
  }
}

/**
 * Session ends between server processes: the process that ended sessions closes its own sockets
 * of them and publishes the end on one Redis channel; every process (itself included, to no
 * effect) closes its sockets of them when it hears it. Ends published while a subscription was
 * down are lost, so a process checks every socket's token again when it subscribes anew.
 */
export function createSessionEndBus(options: {
  redisUrl: string;
  /** Prefix of the channel, so deployments (and test runs) sharing a Redis stay apart. */
  prefix: string;
  onEnded: (ended: EndedSessions) => void;
  onResubscribed: () => void;
  log: FastifyBaseLogger;
}) {
  const channel = sessionEndChannel(options.prefix);
  const publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
  // Named, so an operator reading CLIENT LIST knows what the connection is for.
  const subscriber = new Redis(options.redisUrl, {
    maxRetriesPerRequest: null,
    connectionName: sessionEndSubscriberName(options.prefix),
  });
  const report = (message: string) => (error: unknown) =>
    options.log.error({ err: error }, message);
  publisher.on('error', report('session end bus connection error'));
  subscriber.on('error', report('session end bus subscription error'));
  subscriber.on('message', (heardOn: string, message: string) => {
    if (heardOn !== channel) return;
    const ended = endedSessionsOf(message);
    if (ended) options.onEnded(ended);
    else options.log.error({ message }, 'session end bus: not a session end');
  });
  let hasSubscribed = false;
  subscriber.on('ready', () => {
    if (hasSubscribed) options.onResubscribed();
  });
  subscriber
    .subscribe(channel)
    .then(() => {
      hasSubscribed = true;
    })
    .catch(report('session end bus subscribe failed'));

  return {
    /** Tells every other process; a failure leaves their sockets to the token rechecks. */
    announce(ended: EndedSessions): void {
      publisher
        .publish(channel, JSON.stringify(ended))
        .catch(report('session end bus publish failed'));
    },
    async close(): Promise<void> {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
