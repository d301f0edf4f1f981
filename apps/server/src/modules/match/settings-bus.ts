import { Redis } from 'ioredis';

export interface SettingsBusLog {
  error(details: object, message: string): void;
}

/**
 * The site settings' announcements between server processes: a process that changed them
 * publishes on one Redis channel, and every process (itself included) reads its settings again
 * when it hears one. The message carries nothing but the news; the database holds the settings.
 */
export function createSettingsBus(options: {
  redisUrl: string;
  /** Prefix of the channel, so deployments (and test runs) sharing a Redis stay apart. */
  prefix: string;
  /** Reads the settings again: on every announcement, and after the subscription (re)connects. */
  onAnnounced: () => void;
  log: SettingsBusLog;
}) {
  const channel = `${options.prefix}site-settings`;
  const publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const report = (message: string) => (error: unknown) =>
    options.log.error({ err: error }, message);
  publisher.on('error', report('settings bus connection error'));
  subscriber.on('error', report('settings bus subscription error'));
  subscriber.on('message', (heardOn: string) => {
    if (heardOn === channel) options.onAnnounced();
  });
  // Announcements made while the subscription was down are lost: read the settings again.
  let hasSubscribed = false;
  subscriber.on('ready', () => {
    if (hasSubscribed) options.onAnnounced();
  });
  subscriber
    .subscribe(channel)
    .then(() => {
      hasSubscribed = true;
    })
    .catch(report('settings bus subscribe failed'));

  return {
    /** Tells every process that the settings changed; a failure leaves them to the TTL. */
    announce(): void {
      publisher.publish(channel, 'changed').catch(report('settings bus publish failed'));
    },
    async close(): Promise<void> {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

export type SettingsBus = ReturnType<typeof createSettingsBus>;
