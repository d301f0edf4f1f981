import { createSimulator, type FeedMessage } from '@sb/feed-sim';
import type { FeedProvider } from '../../server/src/modules/feed/feed-provider';

/** Alive messages every 3 s: a feed the test holds still would otherwise read as down. */
const aliveEveryMs = 3_000;

/**
 * `provider` with alive messages of its own added, so the server's silence watchdog keeps the
 * book open while the test holds the world still; `push` hands the server messages the test
 * wrote, as if the feed had sent them.
 */
export function keptAlive(provider: FeedProvider) {
  let deliver: (messages: FeedMessage[]) => void = () => {};
  let aliveSeq = 0;
  let alive: ReturnType<typeof setInterval> | undefined;
  return {
    provider: {
      ...provider,
      start(onMessages, onSnapshot) {
        deliver = onMessages;
        alive = setInterval(() => {
          aliveSeq += 1;
          deliver([
            { type: 'alive', timestamp: Date.now(), seq: 1_000_000 + aliveSeq, subscribed: true },
          ]);
        }, aliveEveryMs);
        provider.start(onMessages, onSnapshot);
      },
      async stop() {
        clearInterval(alive);
        await provider.stop();
      },
    } satisfies FeedProvider,
    push: (messages: FeedMessage[]) => deliver(messages),
  };
}

/**
 * A feed a browser test holds still: the simulator's world at one instant (the real time of the
 * run unless given, so orders fall on today's display day), never advanced. Screens then show the
 * same matches and prices from the first look to the last. Two feeds of the same seed and
 * instant are the same world, so a server started again sees the matches it saw before.
 */
export function createStillFeed(seed: string, startTime = Date.now()) {
  // The light world the browser suites were written against: the latest calendar is far deeper.
  const simulator = createSimulator({ seed, startTime, calendar: 2 });
  const { provider, push } = keptAlive({
    name: 'still',
    snapshot: () => simulator.snapshot(),
    sports: () => simulator.sports(),
    start() {},
    stop() {},
  });
  return { provider, simulator, push };
}
