import type { FeedMessage, FeedSnapshot } from '@sb/feed-sim';
import { startPeriodicJob } from '../../platform/periodic-job';
import type { FeedProvider } from './feed-provider';
import type { ReadModel } from './read-model';

// What other modules build the feed from (docs/boundaries.md): the read model, the simulator
// and where it resumes, the Redis bus that shares one feed between processes.
export { createSharedFeedProvider } from './feed-bus';
export { fixtureIn, leagueIn, nameIn, namesOfEveryLanguage } from './local-names';
export { createReadModel, isDecidedNow, matchHoldKey } from './read-model';
export { createSimulatorProvider } from './simulator-provider';
export { planResume } from './simulator-resume';

/** A provider that says nothing for this long has all its markets suspended until it speaks. */
export const providerSilenceLimitMs = 20_000;
const watchdogIntervalMs = 1_000;

/**
 * Feeds the read model from a provider: a snapshot first, then every message in order (and any
 * later snapshot the provider hands over, which replaces the picture and starts a new epoch). A
 * watchdog suspends every market when the provider's alive messages stop, and lifts the
 * suspension when they return.
 */
export function startFeed(options: {
  provider: FeedProvider;
  readModel: ReadModel;
  now?: () => number;
  onError?: (error: unknown) => void;
}): { stop(): Promise<void> } {
  const { provider, readModel } = options;
  const now = options.now ?? Date.now;
  let lastAliveAt = now();

  readModel.load(provider.snapshot());
  const onSnapshot = (snapshot: FeedSnapshot) => {
    try {
      readModel.load(snapshot);
    } catch (error) {
      options.onError?.(error);
    }
  };
  const onMessages = (messages: FeedMessage[]) => {
    for (const message of messages) {
      try {
        if (message.type === 'alive') {
          lastAliveAt = now();
          readModel.setProviderAlive(true);
        } else {
          readModel.apply(message);
        }
      } catch (error) {
        // One bad message must not stop the feed; it is reported and the next one applied.
        options.onError?.(error);
      }
    }
  };
  provider.start(onMessages, onSnapshot);
  const watchdog = startPeriodicJob({
    run: () => {
      if (now() - lastAliveAt > providerSilenceLimitMs) readModel.setProviderAlive(false);
    },
    everyMs: watchdogIntervalMs,
    onError: (error) => options.onError?.(error),
  });

  return {
    async stop() {
      await watchdog.stop();
      await provider.stop();
    },
  };
}
